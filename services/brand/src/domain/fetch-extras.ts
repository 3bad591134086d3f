import type { PageMetadata } from '@utility-apis/html-metadata'
import { parseHomepage, type Fetcher, type TimeBudget } from '@utility-apis/homepage-fetch'
import { fetchBrandAssets, secondaryFetch } from './brand-assets.js'
import { companyPageUrl, statesEveryFact, type CompanyPage } from './company.js'
import { fontServiceOf, type CssText } from './fonts.js'
import { siteOrganizations, type PageExtras } from './page-signals.js'
import { siteOf, type PageLocation } from './site-host.js'

// The fetches a profile makes after the homepage: its brand assets (brand-assets.ts), the stylesheets read for fonts
// and the imprint or contact page read for the company facts.

const STYLESHEET_MAX_BYTES = 512 * 1024
const COMPANY_PAGE_MAX_BYTES = 1024 * 1024
/** The imprint or contact page is read only when at least this much of the budget is left after the homepage. */
const COMPANY_PAGE_MIN_MS = 2000
/** Same-site stylesheets read for fonts: the first few carry the site's type (later ones are plugins and widgets). */
const MAX_STYLESHEETS = 3

async function fetchStylesheet (fetcher: Fetcher, url: string, budget: TimeBudget): Promise<CssText | null> {
  try {
    const response = await fetcher.fetch(url, { maxBytes: STYLESHEET_MAX_BYTES, ...secondaryFetch(budget) })
    const type = response.headers['content-type'] ?? ''
    if (response.status !== 200 || /html|javascript|json|image\//i.test(type)) return null
    return { css: response.body.toString('utf8'), url: response.finalUrl, origin: 'stylesheet' }
  } catch (error) {
    if (budget.signal?.aborted === true) throw error
    return null
  }
}

async function fetchCompanyPage (fetcher: Fetcher, url: string, page: PageLocation, budget: TimeBudget): Promise<CompanyPage | null> {
  try {
    const response = await fetcher.fetch(url, { maxBytes: COMPANY_PAGE_MAX_BYTES, ...secondaryFetch(budget) })
    if (response.status !== 200 || siteOf(new URL(response.finalUrl).hostname) !== page.host.site) return null
    const { meta } = parseHomepage(response.body, response.headers['content-type'], response.finalUrl)
    if (meta === null) return null
    return { url: response.finalUrl, meta, orgs: siteOrganizations(meta, { manifest: null, manifestUrl: null, faviconIco: null }, page.host) }
  } catch (error) {
    if (budget.signal?.aborted === true) throw error
    return null
  }
}

/**
 * The stylesheets read for fonts: the first MAX_STYLESHEETS on the site's registrable domain (a CDN subdomain counts)
 * and an Adobe Fonts kit, whose CSS alone names its families; never one for print only.
 */
function stylesheetsToRead (meta: PageMetadata, page: PageLocation): string[] {
  const links = (meta.stylesheets ?? []).filter((link) => !/^\s*print\s*$/i.test(link.media ?? ''))
  const own = links.filter((link) => siteOf(new URL(link.href).hostname) === page.host.site).slice(0, MAX_STYLESHEETS)
  const kit = links.find((link) => fontServiceOf(link.href) === 'adobe-fonts' && /\.css(?:$|\?)/.test(link.href))
  return [...own, ...(kit === undefined ? [] : [kit])].map((link) => link.href)
}

/** How the extras are read: the fetcher, and what to tell of a file not asked for (UnreadFileNotes). */
export interface ExtrasReader {
  fetcher: Fetcher
  skipped: (url: string, reason: 'budget') => void
}

/**
 * Everything a profile reads beside the homepage, at once: its brand assets (the web manifest and the logo and icon
 * candidates' first bytes, then the manifest's largest icons), the stylesheets read for fonts, and the imprint or
 * contact page (when the homepage's JSON-LD does not state every company fact and 2 s of the budget are left; else
 * it is an unread file: the company facts it would give are missing for the budget, not the site).
 */
export async function fetchExtras (reader: ExtrasReader, meta: PageMetadata, page: PageLocation, budget: TimeBudget): Promise<PageExtras> {
  const { fetcher } = reader
  const orgs = siteOrganizations(meta, { manifest: null, manifestUrl: null, faviconIco: null }, page.host)
  let companyUrl = statesEveryFact(meta, orgs) ? null : companyPageUrl(meta, page)
  if (companyUrl !== null && budget.remaining() < COMPANY_PAGE_MIN_MS) {
    reader.skipped(companyUrl, 'budget')
    companyUrl = null
  }
  const [assets, stylesheets, companyPage] = await Promise.all([
    fetchBrandAssets(fetcher, meta, page.url, budget, orgs),
    Promise.all(stylesheetsToRead(meta, page).map(async (url) => await fetchStylesheet(fetcher, url, budget))),
    companyUrl === null ? null : fetchCompanyPage(fetcher, companyUrl, page, budget)
  ])
  // an image whose decode the budget left undone gave no colours: the profile says so, and is not kept as the site's
  for (const [url, image] of assets.images) if (image?.decodeLate === true) reader.skipped(url, 'budget')
  return { ...assets, stylesheets: stylesheets.filter((sheet) => sheet !== null), companyPage }
}
