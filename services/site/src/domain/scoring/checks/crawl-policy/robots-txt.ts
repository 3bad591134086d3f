import { cut, plural } from '../../../evidence-text.js'
import { notReachedNote } from '../../../robots/robots-policy.js'
import type { CheckDef } from '../../check.js'

export const robotsTxtValid: CheckDef = {
  id: 'crawl_policy.robots_txt',
  category: 'crawl_policy',
  max: 4,
  label: 'robots.txt answers 2xx and is valid',
  reads: ['robots_txt'],
  measure: ({ obs }) => {
    const r = obs.robots
    if (r.outcome === 'unavailable') {
      const why = notReachedNote(r.fetch) ?? `robots.txt answers ${r.fetch.status}`
      return { points: 2, detail: `${why}: crawlers may fetch anything` }
    }
    if (r.outcome === 'unreachable') {
      return { points: 0, detail: `robots.txt unreachable (${r.fetch.status === null ? r.fetch.error?.message ?? 'no response' : `HTTP ${r.fetch.status}`})` }
    }
    const errors = r.lint_errors
    if (errors.length === 0) return { points: 4, detail: 'robots.txt valid' }
    return { points: 2, detail: `robots.txt has ${plural(errors.length, 'error')} (first: line ${errors[0].line}, ${cut(errors[0].message, 160)})` }
  },
  gaps: [
    {
      code: 'robots_txt_unreachable',
      severity: 'high',
      find: ({ d }) => d.obs.robots.outcome === 'unreachable',
      recommendation: 'Serve /robots.txt with 200 (or 404 if you have no rules): a 5xx, 429 or timeout makes crawlers assume the whole site is disallowed.'
    },
    {
      code: 'robots_txt_invalid',
      severity: 'low',
      find: ({ d }) => d.obs.robots.outcome === 'parsed' && d.obs.robots.lint_errors.length > 0,
      recommendation: 'Fix the robots.txt lines listed in the evidence (Lighthouse robots-txt rules).'
    },
    {
      code: 'missing_robots_txt',
      severity: 'low',
      find: ({ d }) => d.obs.robots.outcome === 'unavailable',
      recommendation: 'Publish a /robots.txt that states your crawl policy and lists your sitemap.'
    }
  ]
}
