// Crawl policy (20 points): what robots.txt, noindex and the sitemap let search engines and AI
// search bots do with the homepage.
import type { SiteObservations } from '../observations.js'
import { plural, shareOf, type CheckDef } from './check.js'

function noSitemap (obs: SiteObservations): string {
  const listed = obs.sitemaps.files.filter((f) => f.source === 'robots')
  const tried = obs.sitemaps.files.filter((f) => f.source === 'convention').map((f) => {
    const notSitemap = f.kind === null && f.fetch.status === 200 ? ' (not a sitemap)' : ''
    return `${new URL(f.url).pathname} answers ${f.fetch.status ?? f.fetch.error?.message ?? 'nothing'}${notSitemap}`
  })
  const head = listed.length === 0 ? 'no Sitemap: line in robots.txt' : `robots.txt lists ${plural(listed.length, 'sitemap')}, none parseable`
  return [head, ...tried].join('; ')
}

export const robotsTxtValid: CheckDef = {
  id: 'crawl_policy.robots_txt',
  max: 4,
  label: 'robots.txt answers 2xx and is valid',
  measure: ({ obs }) => {
    const r = obs.robots
    if (r.outcome === 'unavailable') return { points: 2, detail: `robots.txt answers ${r.fetch.status}: crawlers may fetch anything` }
    if (r.outcome === 'unreachable') {
      return { points: 0, detail: `robots.txt unreachable (${r.fetch.status === null ? r.fetch.error?.message ?? 'no response' : `HTTP ${r.fetch.status}`})` }
    }
    const errors = r.lint_errors
    if (errors.length === 0) return { points: 4, detail: 'robots.txt valid' }
    return { points: 2, detail: `robots.txt has ${plural(errors.length, 'error')} (first: line ${errors[0].line}, ${errors[0].message})` }
  }
}

export const searchEnginesAllowed: CheckDef = {
  id: 'crawl_policy.search_engines_allowed',
  max: 4,
  label: 'homepage open to Googlebot and Bingbot',
  measure: ({ searchBlocked }) => searchBlocked.length === 0
    ? { points: 4, detail: 'Googlebot and Bingbot may crawl and index the homepage' }
    : { points: 0, detail: searchBlocked.map((b) => `${b.token}: ${b.reason}`).join('; ') }
}

export const aiSearchBotsAllowed: CheckDef = {
  id: 'crawl_policy.ai_search_bots_allowed',
  max: 5,
  label: 'homepage open to AI search and user-fetch bots',
  measure: ({ aiSearch }) => {
    const { allowed, blocked } = aiSearch
    const names = blocked.length === 0 ? '' : `; blocked: ${blocked.map((b) => b.token).join(', ')}`
    const points = shareOf(5, allowed.length, allowed.length + blocked.length)
    return { points, detail: `${allowed.length} of ${allowed.length + blocked.length} allowed${names}` }
  }
}

export const homepageIndexable: CheckDef = {
  id: 'crawl_policy.homepage_indexable',
  max: 4,
  label: 'no noindex on the homepage',
  measure: ({ homepageOk, noindex, notMeasured }) => {
    if (!homepageOk) return { points: 0, detail: notMeasured ?? '' }
    return noindex.length === 0 ? { points: 4, detail: 'no noindex' } : { points: 0, detail: noindex.join('; ') }
  }
}

export const sitemapDiscoverable: CheckDef = {
  id: 'crawl_policy.sitemap',
  max: 3,
  label: 'sitemap discoverable and parseable',
  measure: ({ obs }) => {
    const parsedFrom = (source: 'robots' | 'convention'): boolean => obs.sitemaps.files.some((f) => f.source === source && f.kind !== null)
    const points = parsedFrom('robots') ? 3 : parsedFrom('convention') ? 2 : 0
    if (points === 0) return { points, detail: noSitemap(obs) }
    const first = obs.sitemaps.files.find((f) => f.kind !== null && f.source !== 'index')
    return { points, detail: `${first?.url ?? ''} (${points === 3 ? 'listed in robots.txt' : 'found at the conventional path only'})` }
  }
}

export const CRAWL_POLICY = [robotsTxtValid, searchEnginesAllowed, aiSearchBotsAllowed, homepageIndexable, sitemapDiscoverable]
