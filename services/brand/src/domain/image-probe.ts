import { imageSize } from 'image-size'
import type { Fetcher, TimeBudget } from '@utility-apis/homepage-fetch'

/** What an image's own bytes say: its format and pixel size (an ICO's largest entry; an SVG's width/height or viewBox). */
export interface ImageInfo {
  format: string
  width: number
  height: number
  /** The bytes read (up to the probe's cap), for the colours of the chosen logo. */
  body: Buffer
  /** The cap cut the body short. */
  truncated: boolean
}

/** Enough for every header image-size reads, and the whole of most logos and icons. */
export const PROBE_MAX_BYTES = 64 * 1024
const PROBE_TIMEOUT_MS = 3000

const FORMATS: Record<string, string> = { jpg: 'jpeg', cur: 'ico' }

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
    return { format: FORMATS[result.type] ?? result.type, width: Math.round(width), height: Math.round(height), body, truncated }
  } catch {
    return null
  }
}

/** Fetches the start of an image through the safe fetcher, within the request's budget; null when it is no image. */
export async function probeImage (fetcher: Fetcher, url: string, budget: TimeBudget): Promise<ImageInfo | null> {
  try {
    const response = await fetcher.fetch(url, {
      maxBytes: PROBE_MAX_BYTES,
      timeoutMs: budget.fetchTimeout(PROBE_TIMEOUT_MS),
      signal: budget.signal
    })
    if (response.status !== 200) return null
    if (/^text\/html/i.test(response.headers['content-type'] ?? '')) return null
    return readImageInfo(response.body, response.truncated)
  } catch (error) {
    if (budget.signal?.aborted === true) throw error
    return null
  }
}

/** Probes every URL at once (the fetcher caps connections per host); the answer maps each URL to its result. */
export async function probeImages (fetcher: Fetcher, urls: string[], budget: TimeBudget): Promise<Map<string, ImageInfo | null>> {
  const unique = [...new Set(urls)]
  const results = await Promise.all(unique.map(async (url) => await probeImage(fetcher, url, budget)))
  return new Map(unique.map((url, index) => [url, results[index]]))
}
