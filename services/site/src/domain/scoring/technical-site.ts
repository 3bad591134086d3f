// Fetchability (/20), metadata (/25) and crawl policy (/20) of research/site.md part B2.
import type { SiteObservations } from '../observations.js'
import { check, percent, quote, type Check } from './checks.js'
import { is2xx, type Derived } from './derive.js'

const NOT_FETCHED = 'homepage not fetched'

function describeFetch (f: SiteObservations['homepage']['fetch']): string {
  if (f.status === null) return `no response (${f.error?.message ?? 'unknown error'})`
  return `HTTP ${f.status}${f.contentType === null ? '' : ` ${f.contentType.split(';')[0]}`}`
}

function hostOf (url: string | null): string | null {
  if (url === null) return null
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

export const VARIANT_OUTCOME: Record<SiteObservations['variants']['http']['outcome'], string> = {
  redirects_to_primary: 'redirects to the primary host',
  serves_separately: 'serves the site separately (no redirect)',
  absent: 'does not resolve',
  error: 'answers with an error',
  not_applicable: 'not checked'
}

function noSitemap (obs: SiteObservations): string {
  const listed = obs.sitemaps.files.filter((f) => f.source === 'robots')
  const tried = obs.sitemaps.files.filter((f) => f.source === 'convention')
    .map((f) => `${new URL(f.url).pathname} answers ${f.fetch.status ?? f.fetch.error?.message ?? 'nothing'}${f.kind === null && f.fetch.status === 200 ? ' (not a sitemap)' : ''}`)
  const head = listed.length === 0 ? 'no Sitemap: line in robots.txt' : `robots.txt lists ${listed.length} sitemap${listed.length === 1 ? '' : 's'}, none parseable`
  return [head, ...tried].join('; ')
}

export function fetchabilityChecks (obs: SiteObservations, d: Derived): Check[] {
  const hp = obs.homepage.fetch
  const c = (id: string, label: string, max: number, points: number, detail: string): Check =>
    check('fetchability', id, label, max, points, detail)
  const https = hp.finalUrl?.startsWith('https:') === true
  const http = obs.variants.http
  const firstHop = http.fetch.redirects[0]
  const permanentToHttps = http.outcome === 'redirects_to_primary' && firstHop !== undefined &&
    (firstHop.status === 301 || firstHop.status === 308) && http.fetch.finalUrl?.startsWith('https:') === true
  const alt = obs.variants.hostAlternate
  const converges = alt.outcome === 'redirects_to_primary' || alt.outcome === 'absent'
  const hops = hp.redirects.length
  const ttfb = hp.ttfbMs
  const sampled = obs.sample.pages
  const okSamples = sampled.filter((p) => is2xx(p.fetch.status)).length
  const share = sampled.length === 0 ? (d.homepageOk ? 1 : 0) : okSamples / sampled.length
  return [
    c('F1', 'homepage answers 2xx HTML', 8, d.homepageOk ? 8 : 0,
      d.homepageOk ? `homepage ${describeFetch(hp)}` : `homepage ${describeFetch(hp)}${obs.homepage.isHtml || hp.status === null ? '' : ' (not HTML)'}`),
    c('F2', 'https, and http redirects permanently to https', 3, (https ? 2 : 0) + (permanentToHttps ? 1 : 0),
      `${https ? 'final URL is https' : 'final URL is not https'}; ${permanentToHttps
        ? `http:// answers ${firstHop.status} to https`
        : http.outcome === 'not_applicable' ? 'no https version to redirect to' : `http:// ${firstHop === undefined ? `answers ${http.fetch.status ?? 'nothing'}` : `answers ${firstHop.status} to ${firstHop.location}`}`}`),
    c('F3', 'one host (www/apex converge) and at most 2 redirect hops', 2, (converges ? 1 : 0) + (hp.status !== null && hops <= 2 ? 1 : 0),
      `${alt.url} ${VARIANT_OUTCOME[alt.outcome]}; ${hops} redirect hop${hops === 1 ? '' : 's'} to the homepage`),
    c('F4', 'time to first byte under 1.5 s (under 3 s: half)', 2, ttfb === null ? 0 : ttfb < 1500 ? 2 : ttfb < 3000 ? 1 : 0,
      ttfb === null ? 'no response' : ttfb < 1500 ? 'under 1.5 s' : ttfb < 3000 ? 'between 1.5 s and 3 s' : '3 s or more'),
    c('F5', 'no bot challenge, 403 or 429 for our declared user agent', 3, hp.status !== null && d.challenge === null ? 3 : 0,
      hp.status === null ? 'not measured: no response' : d.challenge ?? 'served normally'),
    c('F6', 'sampled pages answer 2xx', 2, 2 * share,
      sampled.length === 0 ? `no pages sampled; the homepage ${d.homepageOk ? 'answered 2xx' : 'failed'}` : `${okSamples} of ${sampled.length} sampled pages answered 2xx`)
  ]
}

export function metadataChecks (obs: SiteObservations, d: Derived): Check[] {
  const c = (id: string, label: string, max: number, points: number, detail: string): Check =>
    check('metadata', id, label, max, points, detail)
  const p = d.home
  if (p === null) {
    return [['M1', 'title', 4], ['M2', 'meta description', 3], ['M3', 'canonical', 3], ['M4', 'html lang', 1], ['M5', 'viewport', 2],
      ['M6', 'headings', 3], ['M7', 'OpenGraph', 4], ['M8', 'twitter:card', 1], ['M9', 'favicon', 1], ['M10', 'image alt text', 2],
      ['M11', 'utf-8 charset', 1]].map(([id, label, max]) => c(id as string, label as string, max as number, 0, NOT_FETCHED))
  }
  const title = p.title?.trim() ?? ''
  const desc = p.description?.trim() ?? ''
  const canonicals = [...new Set(p.canonicals)]
  const canonicalHost = hostOf(canonicals[0] ?? null)
  const canonicalStatus = obs.canonical === null ? obs.homepage.fetch.status : obs.canonical.status
  const canonicalGood = canonicals.length === 1 && canonicalHost === hostOf(obs.homepage.fetch.finalUrl) && is2xx(canonicalStatus)
  const h1 = p.headings.h1.filter((t) => t.trim() !== '')
  const ogImage = obs.ogImage
  const ogImageGood = d.ogImageOk
  const faviconProbe = obs.favicon.probe
  const altShare = p.images.total === 0 ? 1 : p.images.withAlt / p.images.total
  return [
    c('M1', 'title of 10-60 characters', 4, title === '' ? 0 : title.length >= 10 && title.length <= 60 ? 4 : 2,
      title === '' ? 'no <title>' : `${quote(title)} (${title.length} characters)`),
    c('M2', 'meta description of 50-160 characters', 3, desc === '' ? 0 : desc.length >= 50 && desc.length <= 160 ? 3 : 1.5,
      desc === '' ? 'no meta description' : `${desc.length} characters`),
    c('M3', 'one absolute same-site canonical that answers 2xx', 3, canonicalGood ? 3 : canonicals.length > 0 ? 1 : 0,
      canonicals.length === 0
        ? 'no rel=canonical'
        : canonicals.length > 1
          ? `${canonicals.length} different canonicals: ${canonicals.join(', ')}`
          : `${canonicals[0]}${canonicalHost === hostOf(obs.homepage.fetch.finalUrl) ? '' : ' (another host)'} answers ${canonicalStatus ?? 'nothing'}`),
    c('M4', '<html lang>', 1, p.lang !== null && p.lang.trim() !== '' ? 1 : 0, p.lang === null ? 'no lang attribute' : `lang="${p.lang}"`),
    c('M5', 'viewport with width=device-width', 2, /width\s*=\s*device-width/i.test(p.viewport ?? '') ? 2 : 0,
      p.viewport === null ? 'no meta viewport' : `viewport "${p.viewport}"`),
    c('M6', 'exactly one h1, no skipped heading level', 3, (h1.length === 1 ? 2 : 0) + (p.headings.skips.length === 0 ? 1 : 0),
      `${h1.length} h1${p.headings.skips.length === 0 ? ', no skipped level' : `; skipped: ${p.headings.skips.join(', ')}`}`),
    c('M7', 'og:title, og:description, og:image (absolute, answers 2xx image)', 4,
      (p.og.title !== null ? 1 : 0) + (p.og.description !== null ? 1 : 0) + (ogImageGood ? 2 : 0),
      [p.og.title === null ? 'no og:title' : 'og:title', p.og.description === null ? 'no og:description' : 'og:description',
        p.og.image === null ? 'no og:image' : ogImageGood ? 'og:image answers 2xx image' : `og:image ${p.og.image} answers ${ogImage?.status ?? 'nothing'}${ogImage?.contentType == null ? '' : ` ${ogImage.contentType}`}`].join(', ')),
    c('M8', 'twitter:card', 1, p.twitterCard !== null ? 1 : 0, p.twitterCard === null ? 'no twitter:card' : `twitter:card ${p.twitterCard}`),
    c('M9', 'favicon', 1, d.faviconOk ? 1 : 0,
      obs.favicon.declared.length > 0 ? `declared: ${obs.favicon.declared[0]}` : `no icon link; /favicon.ico answers ${faviconProbe?.status ?? 'nothing'}${faviconProbe?.contentType == null ? '' : ` ${faviconProbe.contentType.split(';')[0]}`}`),
    c('M10', 'images with alt text', 2, 2 * altShare,
      p.images.total === 0 ? 'no images' : `${p.images.withAlt} of ${p.images.total} images have alt (${percent(altShare)})`),
    c('M11', 'utf-8 charset declared', 1, p.charset === 'utf-8' ? 1 : 0, p.charset === null ? 'no charset declared' : `charset ${p.charset}`)
  ]
}

export function crawlPolicyChecks (obs: SiteObservations, d: Derived): Check[] {
  const c = (id: string, label: string, max: number, points: number, detail: string): Check =>
    check('crawl_policy', id, label, max, points, detail)
  const r = obs.robots
  const errors = r.lintErrors.length
  const robotsPoints = r.outcome === 'parsed' ? (errors === 0 ? 4 : 2) : r.outcome === 'unavailable' ? 2 : 0
  const robotsDetail = r.outcome === 'parsed'
    ? (errors === 0 ? 'robots.txt valid' : `robots.txt has ${errors} error${errors === 1 ? '' : 's'} (first: line ${r.lintErrors[0].line}, ${r.lintErrors[0].message})`)
    : r.outcome === 'unavailable'
      ? `robots.txt answers ${r.fetch.status}: crawlers may fetch anything`
      : `robots.txt unreachable (${r.fetch.status === null ? r.fetch.error?.message ?? 'no response' : `HTTP ${r.fetch.status}`})`
  const parsedFrom = (source: 'robots' | 'convention'): boolean => obs.sitemaps.files.some((f) => f.source === source && f.kind !== null)
  const sitemapPoints = parsedFrom('robots') ? 3 : parsedFrom('convention') ? 2 : 0
  const firstSitemap = obs.sitemaps.files.find((f) => f.kind !== null && f.source !== 'index')
  return [
    c('C1', 'robots.txt answers 2xx and is valid', 4, robotsPoints, robotsDetail),
    c('C2', 'homepage open to Googlebot and Bingbot', 4, d.searchBlocked.length === 0 ? 4 : 0,
      d.searchBlocked.length === 0 ? 'Googlebot and Bingbot may crawl and index the homepage' : d.searchBlocked.map((b) => `${b.token}: ${b.reason}`).join('; ')),
    c('C3', 'homepage open to AI search and user-fetch bots', 5, 5 * d.aiSearch.share,
      `${d.aiSearch.allowed.length} of ${d.aiSearch.allowed.length + d.aiSearch.blocked.length} allowed` +
      (d.aiSearch.blocked.length === 0 ? '' : `; blocked: ${d.aiSearch.blocked.map((b) => b.token).join(', ')}`)),
    c('C4', 'no noindex on the homepage', 4, d.homepageOk && d.noindex.length === 0 ? 4 : 0,
      !d.homepageOk ? 'not measured: homepage not fetched' : d.noindex.length === 0 ? 'no noindex' : d.noindex.join('; ')),
    c('C5', 'sitemap discoverable and parseable', 3, sitemapPoints,
      sitemapPoints === 0 ? noSitemap(obs) : `${firstSitemap?.url ?? ''} (${sitemapPoints === 3 ? 'listed in robots.txt' : 'found at the conventional path only'})`)
  ]
}
