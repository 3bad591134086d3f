import pLimit from 'p-limit'
import sharp, { type Sharp, type SharpOptions } from 'sharp'
import { DecodeLateError, inDecodeQueue, MAX_CONCURRENT_DECODES } from '../domain/image-decode.js'
import type { LogoVariant } from './logo-variant.js'
import { safeSvg } from './safe-svg.js'

// A logo file from any site made into the square image the caller asked for. The file is untrusted bytes: it is
// decoded in the process's one decoding queue (image-decode.ts), at most RENDER_MAX_PIXELS pixels, and an SVG is
// rebuilt from an allowlist (safe-svg.ts) before librsvg rasterises it, with nothing outside the file reachable; what
// is answered is always a raster image we encoded.

/** The most pixels one logo decode may allocate (4 MiP, 16 MiB of RGBA): a 2048 px square, twice the largest answer. */
const RENDER_MAX_PIXELS = 2048 * 2048
const TRANSPARENT = { r: 0, g: 0, b: 0, alpha: 0 }
/**
 * The longest one logo may take to render. libvips stops its own pipeline past this, but not librsvg drawing an SVG
 * (whose costly parts safe-svg.ts leaves out): the caller's deadline bounds its wait for that (inDecodeQueue).
 */
const RENDER_TIMEOUT_SECONDS = 2

/** What pads the image: transparency, or for a jpg its background (sharp flattens before it resizes). */
const padding = (variant: LogoVariant) => variant.format === 'jpg' ? variant.background : TRANSPARENT

/**
 * The largest entry of an ICO as something sharp reads: an embedded PNG as it is, a 32-bit bitmap as raw RGBA (its
 * rows bottom-up, BGRA). Other bitmaps (palettes, 24-bit with a mask) give null: the next candidate is tried.
 */
function icoLargest (body: Buffer): { data: Buffer, raw?: { width: number, height: number, channels: 4 } } | null {
  if (body.length < 6 || body.readUInt16LE(0) !== 0 || body.readUInt16LE(2) !== 1) return null
  const count = body.readUInt16LE(4)
  let best: { width: number, offset: number, size: number } | null = null
  for (let i = 0; i < count && 6 + 16 * (i + 1) <= body.length; i++) {
    const entry = 6 + 16 * i
    const width = body[entry] === 0 ? 256 : body[entry]
    const size = body.readUInt32LE(entry + 8)
    const offset = body.readUInt32LE(entry + 12)
    if (offset + size > body.length) continue
    if (best === null || width > best.width) best = { width, offset, size }
  }
  if (best === null) return null
  const data = body.subarray(best.offset, best.offset + best.size)
  if (data.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))) return { data }
  if (data.length < 40 || data.readUInt16LE(14) !== 32) return null
  const width = data.readInt32LE(4)
  const height = data.readInt32LE(8) / 2
  const pixels = data.subarray(data.readUInt32LE(0), data.readUInt32LE(0) + width * height * 4)
  if (!(width > 0 && height > 0 && width <= 256 && height <= 256) || pixels.length < width * height * 4) return null
  const rgba = Buffer.alloc(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = ((height - 1 - y) * width + x) * 4
      const to = (y * width + x) * 4
      rgba[to] = pixels[from + 2]
      rgba[to + 1] = pixels[from + 1]
      rgba[to + 2] = pixels[from]
      rgba[to + 3] = pixels[from + 3]
    }
  }
  return { data: rgba, raw: { width, height, channels: 4 } }
}

/** The answer's encoding: a jpg flattened on the background (it has no transparency), greyscale when asked. */
async function encode (image: Sharp, variant: LogoVariant): Promise<Buffer> {
  let out = image
  if (variant.greyscale) out = out.greyscale()
  if (variant.format === 'jpg') return await out.flatten({ background: variant.background }).jpeg({ quality: 90 }).toBuffer()
  if (variant.format === 'webp') return await out.webp({ quality: 90, alphaQuality: 100 }).toBuffer()
  return await out.png().toBuffer()
}

/** sharp's reading of one logo file: the bytes and the options they need, or null when they are no image we render. */
async function readable (body: Buffer, format: string, pixels: number): Promise<{ input: Buffer, options: SharpOptions } | null> {
  const base: SharpOptions = { limitInputPixels: RENDER_MAX_PIXELS, failOn: 'error', sequentialRead: true, pages: 1 }
  if (format === 'ico') {
    const entry = icoLargest(body)
    if (entry === null) return null
    return { input: entry.data, options: entry.raw === undefined ? base : { ...base, raw: entry.raw } }
  }
  if (format !== 'svg') return { input: body, options: base }
  const svg = safeSvg(body)
  if (svg === null) return null
  // rasterised at the density that makes its longer side the asked size, never the size the file claims
  const { width, height } = await sharp(svg, { limitInputPixels: RENDER_MAX_PIXELS }).metadata()
  if (!(width > 0 && height > 0)) return null
  const density = Math.min(72 * 64, Math.max(1, 72 * pixels / Math.max(width, height)))
  return { input: svg, options: { ...base, density } }
}

/** Whether sharp stopped a pipeline at RENDER_TIMEOUT_SECONDS (its message names the timeout, not the file). */
const isTimeout = (error: unknown): boolean => error instanceof Error && error.message.startsWith('timeout:')

/**
 * The logo file as a square of `variant.pixels`, fitted whole and padded on transparency (`contain`), in the asked
 * format; null when the bytes do not decode within the bounds. Throws DecodeLateError when `signal` aborts before the
 * render is done (waiting for a decode slot or drawing) or the render runs past RENDER_TIMEOUT_SECONDS: that may pass.
 */
export async function renderLogo (body: Buffer, format: string, variant: LogoVariant, signal?: AbortSignal): Promise<Buffer | null> {
  return await inDecodeQueue(async () => {
    try {
      const source = await readable(body, format, variant.pixels)
      if (source === null) return null
      const image = sharp(source.input, source.options)
        .timeout({ seconds: RENDER_TIMEOUT_SECONDS })
        .resize(variant.pixels, variant.pixels, { fit: 'contain', background: padding(variant) })
      return await encode(image, variant)
    } catch (error) {
      // a render stopped for its time says nothing of the file on a busy machine: tried again later, not written off
      if (isTimeout(error)) throw new DecodeLateError('the logo took too long to render', { cause: error })
      // bytes that do not decode within the bounds: the next candidate is tried
      return null
    }
  }, signal)
}

// Our own SVGs (a rectangle and two letters) take milliseconds whatever the site: they queue apart from the files of
// sites, so a fallback never waits behind two slow logo files (it is the answer when there is no time left), and are
// bounded by a queue of their own, so many fallbacks at once hold no more images than the decoding queue does.
const ownRenders = pLimit(MAX_CONCURRENT_DECODES)

/** An SVG we wrote ourselves (the monogram), rasterised at the variant's size and encoded as asked. */
export async function renderOwnSvg (svg: string, variant: LogoVariant): Promise<Buffer> {
  return await ownRenders(async () =>
    await encode(sharp(Buffer.from(svg, 'utf8')).resize(variant.pixels, variant.pixels, { fit: 'contain', background: padding(variant) }), variant))
}

/** Below this contrast (relative luminance, 0 to 1) between a logo's visible pixels and the page, it does not show. */
const MIN_CONTRAST = 0.2

/**
 * Whether a rendered logo shows on a light (white) or dark (black) page: the mean relative luminance of its visible
 * pixels (alpha of half or more) differs from the page's by at least MIN_CONTRAST. A logo without transparency has
 * its own background and always shows. Throws DecodeLateError when `signal` aborts before it is known.
 */
export async function showsOn (rendered: Buffer, theme: 'light' | 'dark', signal?: AbortSignal): Promise<boolean> {
  return await inDecodeQueue(async () => {
    const { data, info } = await sharp(rendered).resize(32, 32, { fit: 'fill' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    let sum = 0
    let visible = 0
    let opaque = true
    for (let i = 0; i < data.length; i += info.channels) {
      if (data[i + 3] < 255) opaque = false
      if (data[i + 3] < 128) continue
      visible++
      sum += (0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2]) / 255
    }
    if (opaque || visible === 0) return true
    return Math.abs(sum / visible - (theme === 'light' ? 1 : 0)) >= MIN_CONTRAST
  }, signal)
}
