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
 * Decodes a whole image file into a thumbnail, at most MAX_CONCURRENT_DECODES at once in the process; null when the
 * bytes do not decode (corrupt, cut short) or the image has more than DECODE_MAX_PIXELS pixels. A caller whose signal
 * has aborted by its turn gets null without a decode.
 */
export async function decodeImage (body: Buffer, signal?: AbortSignal): Promise<DecodedImage | null> {
  return await decodes(async () => {
    peakDecodes = Math.max(peakDecodes, decodes.activeCount)
    if (signal?.aborted === true) return null
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
  })
}

/**
 * Runs `work` in the process's one decoding queue, beside every profile's decodes: a logo rendered for the logo route
 * counts against the same MAX_CONCURRENT_DECODES.
 */
export async function inDecodeQueue<T> (work: () => Promise<T>): Promise<T> {
  return await decodes(async () => {
    peakDecodes = Math.max(peakDecodes, decodes.activeCount)
    return await work()
  })
}

/** The most decodes that ever ran at once in this process. */
export function peakConcurrentDecodes (): number {
  return peakDecodes
}
