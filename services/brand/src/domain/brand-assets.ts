import { parseManifest, type PageMetadata } from '@utility-apis/html-metadata'
import type { Fetcher, TimeBudget } from '@utility-apis/homepage-fetch'
import { probeImages } from './image-probe.js'
import { logoSignals, manifestIcons } from './logo-signals.js'
import { logoCandidates } from './logos.js'
import type { OrganizationNode } from './organization.js'
import type { BrandAssets } from './page-signals.js'

// The files a page's logos are read from, fetched the way every secondary fetch is (SECONDARY_TIMEOUT_MS, within the
// request's budget) and decoded within image-decode.ts's bounds. A route that needs a site's logos and colours reads
// them so: fetchBrandAssets, then pageLogos (logos.ts) and brandColors (colors.ts).

const MANIFEST_MAX_BYTES = 256 * 1024
/** Secondary fetches are worth less than the homepage: they never take more than this. */
const SECONDARY_TIMEOUT_MS = 3000

/** The timeout and signal of a secondary fetch (a manifest, a stylesheet, a contact page) within the budget. */
export function secondaryFetch (budget: TimeBudget): { timeoutMs: number, signal?: AbortSignal } {
  return { timeoutMs: budget.fetchTimeout(SECONDARY_TIMEOUT_MS), signal: budget.signal }
}

async function fetchManifest (fetcher: Fetcher, manifestUrl: string, budget: TimeBudget): Promise<BrandAssets['manifest']> {
  try {
    const response = await fetcher.fetch(manifestUrl, { maxBytes: MANIFEST_MAX_BYTES, ...secondaryFetch(budget) })
    if (response.status !== 200 || response.truncated) return null
    return parseManifest(response.body.toString('utf8'), response.finalUrl)
  } catch (error) {
    if (budget.signal?.aborted === true) throw error
    return null
  }
}

/**
 * The web manifest and the first bytes of every logo and icon candidate, in two rounds: the manifest with every image
 * the page names (and /favicon.ico when it names no icon), then the manifest's largest icons. `orgs` are the
 * organizations the site speaks for, whose JSON-LD logos are candidates.
 */
export async function fetchBrandAssets (
  fetcher: Fetcher, meta: PageMetadata, pageUrl: string, budget: TimeBudget, orgs: OrganizationNode[]
): Promise<Required<BrandAssets>> {
  const none: BrandAssets = { manifest: null, manifestUrl: null, faviconIco: null }
  const pageUrls = logoCandidates(logoSignals(meta, none, orgs)).map((candidate) => candidate.url)
  const favicon = meta.icons.length === 0 ? new URL('/favicon.ico', pageUrl).href : null
  if (favicon !== null) pageUrls.push(favicon)
  const manifestUrl = meta.manifestUrl
  const [manifest, images] = await Promise.all([
    manifestUrl === null ? null : fetchManifest(fetcher, manifestUrl, budget),
    probeImages(fetcher, pageUrls, budget)
  ])
  const assets = { manifest, manifestUrl: manifest === null ? null : manifestUrl, faviconIco: null, images }
  const manifestUrls = logoCandidates({ ...logoSignals(meta, none, []), declared: [], headerLogos: [], manifestIcons: manifestIcons(assets) })
    .filter((candidate) => candidate.source === 'web-manifest' && !images.has(candidate.url)).map((candidate) => candidate.url)
  if (manifestUrls.length > 0) {
    for (const [url, image] of await probeImages(fetcher, manifestUrls, budget)) images.set(url, image)
  }
  // /favicon.ico counts only when it is really there (an image, not an HTML error page) and nothing else is declared
  const faviconIco = favicon !== null && (manifest?.icons.length ?? 0) === 0 && images.get(favicon) != null ? favicon : null
  return { ...assets, faviconIco }
}
