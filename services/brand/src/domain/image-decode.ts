import pLimit from 'p-limit'
import sharp from 'sharp'

// A logo candidate is untrusted bytes from any site: a GIF of 11 KB can claim a 4096 x 4096 canvas, which libvips
// would allocate in full (64 MiB) for every request that names it. Decoding is therefore bounded three ways: the
// pixels of one image, the decodes running at once across the whole process, and libvips' own cache and threads.

/** The most pixels one decode may allocate (1 MiP, 4 MiB of RGBA): more than any logo or icon needs to be seen. */
export const DECODE_MAX_PIXELS = 1024 * 1024
/** Decodes running at once in the process, whatever the number of requests. */
export const MAX_CONCURRENT_DECODES = 2
/** The edge of the thumbnail kept for colour sampling; nothing larger outlives a decode. */
const THUMBNAIL_EDGE = 64

// libvips caches recent operations (50 MiB by default) for pipelines that reuse them; ours never do
sharp.cache(false)
// one thread per image: the bound on concurrent decodes is then the bound on decoding threads
sharp.concurrency(1)

/** The image's pixels, shrunk to at most THUMBNAIL_EDGE on each side, RGBA. */
export interface Thumbnail {
  data: Buffer
  width: number
  height: number
  channels: number
}

export interface DecodedImage {
  /** The size of the image that decoded, in pixels (an animation's first frame). */
  width: number
  height: number
  thumbnail: Thumbnail
}

// the process's one decoding queue: every request's decodes wait their turn here
const decodes = pLimit(MAX_CONCURRENT_DECODES)
let peakDecodes = 0

/** The formats sharp decodes that image-size reports for logos. */
export const DECODABLE = new Set(['png', 'jpeg', 'gif', 'webp'])

/**
 * A decode the caller stopped waiting for: its signal aborted (its time spent, its request gone) before a decode slot
 * came free or before the decode was done, or the decode ran past its own bound. Not a verdict on the bytes: later, on
 * a quieter process, they may decode.
 */
export class DecodeLateError extends Error {
  override name = 'DecodeLateError'
}

/**
 * Decodes a whole image file into a thumbnail, at most MAX_CONCURRENT_DECODES at once in the process; null when the
 * bytes do not decode (corrupt, cut short) or the image has more than DECODE_MAX_PIXELS pixels. A caller whose signal
 * aborts gets null, without a decode when it aborts before its turn.
 */
export async function decodeImage (body: Buffer, signal?: AbortSignal): Promise<DecodedImage | null> {
  try {
    return await inDecodeQueue(async () => await thumbnailOf(body), signal)
  } catch (error) {
    if (error instanceof DecodeLateError) return null
    throw error
  }
}

async function thumbnailOf (body: Buffer): Promise<DecodedImage | null> {
  try {
    const image = sharp(body, { limitInputPixels: DECODE_MAX_PIXELS, failOn: 'error', sequentialRead: true })
    const header = await image.metadata()
    const { data, info } = await image
      .resize(THUMBNAIL_EDGE, THUMBNAIL_EDGE, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    const height = header.pageHeight ?? header.height
    if (!(header.width > 0) || !(height > 0)) return null
    return { width: header.width, height, thumbnail: { data, width: info.width, height: info.height, channels: info.channels } }
  } catch {
    return null
  }
}

/**
 * Runs `work` in the process's one decoding queue, beside every profile's decodes: a logo rendered for the logo route
 * counts against the same MAX_CONCURRENT_DECODES. When `signal` aborts first, the caller stops waiting and gets a
 * DecodeLateError: a turn not yet come is passed on at once when it comes, and work already running (librsvg is not
 * interrupted) finishes in its slot with its result dropped. Two slots held by slow files then cost their callers'
 * time, never every other caller's.
 */
export async function inDecodeQueue<T> (work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted === true) throw new DecodeLateError('the time to decode was spent before a decode slot was asked for')
  let gaveUp = false
  const turn = decodes(async () => {
    // the caller already had its DecodeLateError: its turn is passed on at once, the value seen by no one
    if (gaveUp) return undefined as T
    peakDecodes = Math.max(peakDecodes, decodes.activeCount)
    return await work()
  })
  if (signal === undefined) return await turn
  return await new Promise<T>((resolve, reject) => {
    const giveUp = () => {
      gaveUp = true
      reject(new DecodeLateError('the time to decode was spent waiting for it', { cause: signal.reason }))
    }
    signal.addEventListener('abort', giveUp, { once: true })
    turn.then(resolve, reject).finally(() => signal.removeEventListener('abort', giveUp))
  })
}

/** The most decodes that ever ran at once in this process. */
export function peakConcurrentDecodes (): number {
  return peakDecodes
}
