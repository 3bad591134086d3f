import { parseManifest, type PageMetadata } from '@utility-apis/html-metadata'
import { remaining, type Budget, type Fetcher } from './homepage.js'
import type { PageExtras } from './page-signals.js'

const MANIFEST_MAX_BYTES = 256 * 1024
const FAVICON_MAX_BYTES = 64 * 1024
/** Secondary fetches are worth less than the homepage: they never take more than this. */
const SECONDARY_TIMEOUT_MS = 3000

function secondary (budget: Budget): { timeoutMs: number, signal?: AbortSignal } {
  return { timeoutMs: Math.min(SECONDARY_TIMEOUT_MS, remaining(budget)), signal: budget.signal }
}

async function fetchManifest (fetcher: Fetcher, manifestUrl: string, budget: Budget): Promise<PageExtras['manifest']> {
  try {
    const response = await fetcher.fetch(manifestUrl, { maxBytes: MANIFEST_MAX_BYTES, ...secondary(budget) })
    if (response.status !== 200 || response.truncated) return null
    return parseManifest(response.body.toString('utf8'), response.finalUrl)
  } catch (error) {
    if (budget.signal?.aborted === true) throw error
    return null
  }
}

/** /favicon.ico counts only when it is really there: a 200 with an image, not an HTML error page. */
async function faviconExists (fetcher: Fetcher, url: string, budget: Budget): Promise<boolean> {
  try {
    const response = await fetcher.fetch(url, { maxBytes: FAVICON_MAX_BYTES, ...secondary(budget) })
    if (response.status !== 200 || response.body.length === 0) return false
    const type = response.headers['content-type'] ?? ''
    if (type !== '' && !/^image\/|^application\/octet-stream/i.test(type)) return false
    return response.body.subarray(0, 64).toString('latin1').trimStart()[0] !== '<'
  } catch (error) {
    if (budget.signal?.aborted === true) throw error
    return false
  }
}

/** The web manifest, and /favicon.ico when the page declares no icon at all. */
export async function fetchExtras (fetcher: Fetcher, meta: PageMetadata, finalUrl: string, budget: Budget): Promise<PageExtras> {
  const manifestUrl = meta.manifestUrl
  const manifest = manifestUrl === null ? null : await fetchManifest(fetcher, manifestUrl, budget)
  let faviconIco: string | null = null
  if (meta.icons.length === 0 && (manifest?.icons.length ?? 0) === 0) {
    const url = new URL('/favicon.ico', finalUrl).href
    if (await faviconExists(fetcher, url, budget)) faviconIco = url
  }
  return { manifest, manifestUrl: manifest === null ? null : manifestUrl, faviconIco }
}
