import { cutByBudget } from '../../../derive.js'
import { cut, cutUrl, listed, plural } from '../../../evidence-text.js'
import { is2xx, type SiteObservations, type SitemapFileFacts } from '../../../observations.js'
import type { CheckDef } from '../../check.js'

function noSitemap (obs: SiteObservations): string {
  const listed = obs.sitemaps.files.filter((f) => f.source === 'robots')
  const tried = obs.sitemaps.files.filter((f) => f.source === 'convention').map((f) => {
    const notSitemap = f.kind === null && f.fetch.status === 200 ? ' (not a sitemap)' : ''
    return `${cutUrl(new URL(f.url).pathname)} answers ${f.fetch.status ?? f.fetch.error?.message ?? 'nothing'}${notSitemap}`
  })
  const head = listed.length === 0 ? 'no Sitemap: line in robots.txt' : `robots.txt lists ${plural(listed.length, 'sitemap')}, none parseable`
  return [head, ...tried].join('; ')
}

export const sitemapDiscoverable: CheckDef = {
  id: 'crawl_policy.sitemap',
  category: 'crawl_policy',
  max: 3,
  label: 'sitemap discoverable and parseable',
  reads: ['sitemap', 'robots_txt'],
  measure: ({ obs }) => {
    const parsedFrom = (source: 'robots' | 'convention'): boolean => obs.sitemaps.files.some((f) => f.source === source && f.kind !== null)
    const points = parsedFrom('robots') ? 3 : parsedFrom('convention') ? 2 : 0
    if (points === 0) return { points, detail: noSitemap(obs) }
    const first = obs.sitemaps.files.find((f) => f.kind !== null && f.source !== 'index')
    return { points, detail: `${cutUrl(first?.url ?? '')} (${points === 3 ? 'listed in robots.txt' : 'found at the conventional path only'})` }
  },
  gaps: [
    {
      code: 'missing_sitemap_signal',
      severity: 'medium',
      find: ({ points }) => points === 0,
      recommendation: 'Publish an XML sitemap and announce it with a Sitemap: line in robots.txt.'
    },
    {
      code: 'invalid_sitemap',
      severity: 'medium',
      find: ({ d }) => {
        // a file the budget cut is no answer of the site's
        const bad = d.obs.sitemaps.files.filter((f) => (is2xx(f.fetch.status) && (f.kind === null || f.errors.length > 0)) ||
          (f.source !== 'convention' && !is2xx(f.fetch.status) && !cutByBudget(f.fetch)))
        // the parser's first error may quote the file (its root element): cut, and the files listed capped
        const problem = (f: SitemapFileFacts): string => f.errors.length > 0
          ? cut(f.errors[0], 160)
          : is2xx(f.fetch.status) ? 'not a sitemap' : `answers ${f.fetch.status ?? f.fetch.error?.message ?? 'nothing'}`
        const why = bad.map((f) => `${cutUrl(f.url)}: ${problem(f)}`)
        // the points are already the missing sitemap signal's
        return bad.length > 0 && { evidence: listed(why, String, '; '), points: 0 }
      },
      recommendation: 'Fix the sitemap: well-formed XML with a <urlset> or <sitemapindex> root, at most 50,000 URLs and 50 MB uncompressed per file.'
    }
  ]
}
