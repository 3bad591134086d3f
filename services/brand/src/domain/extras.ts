import { parseManifest, type PageMetadata } from '@utility-apis/html-metadata'
import { parseHomepage, type Fetcher, type TimeBudget } from '@utility-apis/homepage-fetch'
import { companyPageUrl, statesEveryFact, type CompanyPage } from './company.js'
import { fontServiceOf, type CssText } from './fonts.js'
import { siteOf } from './host-label.js'
import { probeImages } from './image-probe.js'
import { logoCandidates } from './logos.js'
import { logoSignals, manifestIcons, siteOrganizations, type PageExtras } from './page-signals.js'

const MANIFEST_MAX_BYTES = 256 * 1024
const STYLESHEET_MAX_BYTES = 512 * 1024
const COMPANY_PAGE_MAX_BYTES = 1024 * 1024
/** The imprint or contact page is read only when at least this much of the budget is left after the homepage. */
export const COMPANY_PAGE_MIN_MS = 2000
/** Same-site stylesheets read for fonts: the first few carry the site's type (later ones are plugins and widgets). */
export const MAX_STYLESHEETS = 3
/** Secondary fetches are worth less than the homepage: they never take more than this. */
const SECONDARY_TIMEOUT_MS = 3000

function secondary (budget: TimeBudget): { timeoutMs: number, signal?: AbortSignal } {
  return { timeoutMs: budget.fetchTimeout(SECONDARY_TIMEOUT_MS), signal: budget.signal }
}

async function fetchManifest (fetcher: Fetcher, manifestUrl: string, budget: TimeBudget): Promise<PageExtras['manifest']> {
  try {
    const response = await fetcher.fetch(manifestUrl, { maxBytes: MANIFEST_MAX_BYTES, ...secondary(budget) })
    if (response.status !== 200 || response.truncated) return null
    return parseManifest(response.body.toString('utf8'), response.finalUrl)
  } catch (error) {
    if (budget.signal?.aborted === true) throw error
    return null
  }
}

async function fetchStylesheet (fetcher: Fetcher, url: string, budget: TimeBudget): Promise<CssText | null> {
  try {
    const response = await fetcher.fetch(url, { maxBytes: STYLESHEET_MAX_BYTES, ...secondary(budget) })
    const type = response.headers['content-type'] ?? ''
    if (response.status !== 200 || /html|javascript|json|image\//i.test(type)) return null
    return { css: response.body.toString('utf8'), url: response.finalUrl, origin: 'stylesheet' }
  } catch (error) {
    if (budget.signal?.aborted === true) throw error
    return null
  }
}

async function fetchCompanyPage (fetcher: Fetcher, url: string, hostname: string, budget: TimeBudget): Promise<CompanyPage | null> {
  try {
    const response = await fetcher.fetch(url, { maxBytes: COMPANY_PAGE_MAX_BYTES, ...secondary(budget) })
    if (response.status !== 200 || siteOf(new URL(response.finalUrl).hostname) !== siteOf(hostname)) return null
    const { meta } = parseHomepage(response.body, response.headers['content-type'], response.finalUrl)
    if (meta === null) return null
    const none: PageExtras = { manifest: null, manifestUrl: null, faviconIco: null }
    return { url: response.finalUrl, meta, orgs: siteOrganizations(meta, none, hostname) }
  } catch (error) {
    if (budget.signal?.aborted === true) throw error
    return null
  }
}

/**
 * The stylesheets read for fonts: the first MAX_STYLESHEETS on the site's registrable domain (a CDN subdomain counts)
 * and an Adobe Fonts kit, whose CSS alone names its families; never one for print only.
 */
export function stylesheetsToRead (meta: PageMetadata, finalUrl: string): string[] {
  const site = siteOf(new URL(finalUrl).hostname)
  const links = (meta.stylesheets ?? []).filter((link) => !/^\s*print\s*$/i.test(link.media ?? ''))
  const own = links.filter((link) => siteOf(new URL(link.href).hostname) === site).slice(0, MAX_STYLESHEETS)
  const kit = links.find((link) => fontServiceOf(link.href) === 'adobe-fonts' && /\.css(?:$|\?)/.test(link.href))
  return [...own, ...(kit === undefined ? [] : [kit])].map((link) => link.href)
}

/**
 * The web manifest, the logo and icon candidates' first bytes, the stylesheets read for fonts and the imprint or
 * contact page, in at most two rounds after the homepage: the manifest with every image the page names (and
 * /favicon.ico when it names none), the stylesheets and that page (when the homepage's JSON-LD does not state every
 * company fact and 2 s of the budget are left), then the manifest's largest icons.
 */
export async function fetchExtras (fetcher: Fetcher, meta: PageMetadata, finalUrl: string, budget: TimeBudget): Promise<PageExtras> {
  const none: PageExtras = { manifest: null, manifestUrl: null, faviconIco: null }
  const hostname = new URL(finalUrl).hostname
  const orgs = siteOrganizations(meta, none, hostname)
  const pageUrls = logoCandidates(logoSignals(meta, none, orgs)).map((candidate) => candidate.url)
  const favicon = meta.icons.length === 0 ? new URL('/favicon.ico', finalUrl).href : null
  if (favicon !== null) pageUrls.push(favicon)
  const manifestUrl = meta.manifestUrl
  const companyUrl = statesEveryFact(meta, orgs) || budget.remaining() < COMPANY_PAGE_MIN_MS ? null : companyPageUrl(meta, finalUrl)
  const [manifest, images, stylesheets, companyPage] = await Promise.all([
    manifestUrl === null ? null : fetchManifest(fetcher, manifestUrl, budget),
    probeImages(fetcher, pageUrls, budget),
    Promise.all(stylesheetsToRead(meta, finalUrl).map(async (url) => await fetchStylesheet(fetcher, url, budget))),
    companyUrl === null ? null : fetchCompanyPage(fetcher, companyUrl, hostname, budget)
  ])
  const extras: PageExtras = {
    manifest,
    manifestUrl: manifest === null ? null : manifestUrl,
    faviconIco: null,
    images,
    stylesheets: stylesheets.filter((sheet) => sheet !== null),
    companyPage
  }
  const manifestUrls = logoCandidates({ ...logoSignals(meta, none, []), declared: [], headerLogos: [], manifestIcons: manifestIcons(extras) })
    .filter((candidate) => candidate.source === 'web-manifest' && !images.has(candidate.url)).map((candidate) => candidate.url)
  if (manifestUrls.length > 0) {
    for (const [url, image] of await probeImages(fetcher, manifestUrls, budget)) images.set(url, image)
  }
  // /favicon.ico counts only when it is really there (an image, not an HTML error page) and nothing else is declared
  if (favicon !== null && (manifest?.icons.length ?? 0) === 0 && images.get(favicon) != null) extras.faviconIco = favicon
  return extras
}
