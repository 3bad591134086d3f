import { imageSize } from 'image-size'
import type { Fetcher, TimeBudget } from '@utility-apis/homepage-fetch'
import { DECODABLE, DECODE_MAX_PIXELS, decodeImage, type Thumbnail } from './image-decode.js'

/** `decoded`: the pixels were decoded at that size; `declared`: only the file's header says so (not decoded). */
export type SizeSource = 'decoded' | 'declared'

/** What an image's own bytes say: its format and pixel size (an ICO's largest entry; an SVG's width/height or viewBox). */
export interface ImageInfo {
  format: string
  width: number
  height: number
  /** The bytes read (up to the probe's cap), for the colours of the chosen logo. */
  body: Buffer
  /** The body is not whole: the cap cut it, or its compressed stream ended early. */
  truncated: boolean
  /** Whether a decode confirmed the size; `declared` until decodeImages says otherwise. */
  sizeSource: SizeSource
  /** The decoded pixels, shrunk for colour sampling, when the image was decoded. */
  thumbnail?: Thumbnail
  /**
   * A decode was due and the budget ran out before it was done (the process's decode slots were busy): its colours
   * and confirmed size are missing for the time, not the file.
   */
  decodeLate?: true
}

/** Enough for every header image-size reads, and the whole of most logos and icons. */
export const PROBE_MAX_BYTES = 64 * 1024
const PROBE_TIMEOUT_MS = 3000

const FORMATS: Record<string, string> = { jpg: 'jpeg', cur: 'ico' }

// The largest edge each format can encode: PNG's 31-bit fields, the 16-bit fields of GIF, JPEG, BMP and ICO (whose
// entries are at most 256), WebP's 14-bit lossless field (16383; lossy VP8X canvases go to 2^24 but no encoder writes
// more than 16383).
const MAX_EDGE: Record<string, number> = { png: 2 ** 31 - 1, gif: 65535, jpeg: 65535, bmp: 65535, ico: 256, webp: 16383 }
// deflate never compresses better than 1032:1, so a whole PNG holds at least this share of its scanlines' bytes
const DEFLATE_MAX_RATIO = 1032

/**
 * Whether no file of this format could hold an image of this size: an edge past the format's limit, or a whole PNG
 * too small for its scanlines at one bit per pixel and deflate's best ratio (a header claiming 64 x 4278190144, a
 * 300-byte "50000 x 50000" PNG).
 */
function isImpossibleSize (format: string, width: number, height: number, body: Buffer, truncated: boolean): boolean {
  if (Math.max(width, height) > (MAX_EDGE[format] ?? Number.MAX_SAFE_INTEGER)) return true
  if (format !== 'png' || truncated) return false
  const scanlineBytes = height * (Math.ceil(width / 8) + 1)
  return body.length * DEFLATE_MAX_RATIO < scanlineBytes
}

/** The format and size of an image from its first bytes, or null when they are not an image image-size knows. */
export function readImageInfo (body: Buffer, truncated = false): ImageInfo | null {
  if (body.length === 0) return null
  try {
    const result = imageSize(body)
    let { width, height } = result
    // an ICO holds several sizes: its largest entry is what it can show
    for (const entry of result.images ?? []) {
      if (entry.width * entry.height > width * height) ({ width, height } = entry)
    }
    if (result.type === undefined || !(width > 0) || !(height > 0)) return null
    const format = FORMATS[result.type] ?? result.type
    if (isImpossibleSize(format, width, height, body, truncated)) return null
    return { format, width: Math.round(width), height: Math.round(height), body, truncated, sizeSource: 'declared' }
  } catch {
    // bytes the size reader cannot parse are no image
    return null
  }
}

/**
 * What a decode may wait for: the budget's time (a profile asked without a signal has only that) or its signal. Without
 * it, a probe waited for a decode slot as long as two slow logo files held them (42-62 s).
 */
function decodeSignal (budget: TimeBudget): AbortSignal {
  const spent = AbortSignal.timeout(budget.fetchTimeout())
  return budget.signal === undefined ? spent : AbortSignal.any([budget.signal, spent])
}

/**
 * Fetches the start of an image through the safe fetcher, within the request's budget; null when the file it read is
 * no image, undefined when no file could be read (refused, timed out, unreachable, answered other than 200).
 */
async function probeImage (fetcher: Fetcher, url: string, budget: TimeBudget): Promise<ImageInfo | null | undefined> {
  try {
    const response = await fetcher.fetch(url, {
      maxBytes: PROBE_MAX_BYTES,
      timeoutMs: budget.fetchTimeout(PROBE_TIMEOUT_MS),
      signal: budget.signal
    })
    // no file answered (a 404, a 5xx): nothing was read, so the URL may still be the page's logo
    if (response.status !== 200) return undefined
    if (/^text\/html/i.test(response.headers['content-type'] ?? '')) return null
    const image = readImageInfo(response.body, response.truncated)
    return image === null ? null : await confirmImage(image, decodeSignal(budget))
  } catch (error) {
    if (budget.signal?.aborted === true) throw error
    return undefined
  }
}

/**
 * The image with its size confirmed by decoding it, when it can be: a whole PNG, JPEG, GIF or WebP file of at most
 * DECODE_MAX_PIXELS pixels. Null when such a file does not decode (its header lies about what follows); any other
 * image (an SVG, an ICO, a file cut short, one too large to decode) is kept with its size as declared.
 */
export async function confirmImage (image: ImageInfo, signal?: AbortSignal): Promise<ImageInfo | null> {
  if (!DECODABLE.has(image.format) || image.truncated || image.width * image.height > DECODE_MAX_PIXELS) return image
  const decoded = await decodeImage(image.body, signal)
  if (decoded === null) return signal?.aborted === true ? { ...image, decodeLate: true } : null
  return { ...image, width: decoded.width, height: decoded.height, sizeSource: 'decoded', thumbnail: decoded.thumbnail }
}

/**
 * Probes every URL at once (the fetcher caps connections per host); the answer maps each URL whose file was read to
 * its image, or null when that file is no image. A URL whose file could not be read is left out: it may still be a logo.
 */
export async function probeImages (fetcher: Fetcher, urls: string[], budget: TimeBudget): Promise<Map<string, ImageInfo | null>> {
  const unique = [...new Set(urls)]
  const results = await Promise.all(unique.map(async (url) => await probeImage(fetcher, url, budget)))
  const read = new Map<string, ImageInfo | null>()
  for (const [index, url] of unique.entries()) if (results[index] !== undefined) read.set(url, results[index])
  return read
}
