// Launch-readiness checklist and static mobile checks: pass, warn or fail with the evidence, each item
// named after what it checks. What needs a rendering engine (font sizes, tap targets) is reported as
// not_measured, never guessed.
import { notMeasuredByBudget, notMeasuredReason, VARIANT_OUTCOME, type Derived } from '../derive.js'
import { CODE_LIMIT, cut, cutUrl, listed, quote, readChildren } from '../evidence-text.js'
import { is2xx, type PageFacts } from '../observations.js'

type ItemStatus = 'pass' | 'warn' | 'fail' | 'skip' | 'not_measured'
export interface ReportItem { id: string, status: ItemStatus, evidence: string }

type Verdict = [ItemStatus, string]
interface ItemDef {
  id: string
  judge: (d: Derived) => Verdict
}

/** An item about the homepage's HTML, skipped without one. */
const onPage = (judge: (p: PageFacts, d: Derived) => Verdict) => (d: Derived): Verdict =>
  d.home === null ? ['skip', d.notMeasured ?? ''] : judge(d.home, d)

const servedOverHttps = (d: Derived): boolean => d.obs.homepage.fetch.final_url?.startsWith('https:') === true

const lengthVerdict = (text: string | null, min: number, max: number): Verdict => {
  const t = text?.trim() ?? ''
  return [t === '' ? 'fail' : t.length >= min && t.length <= max ? 'pass' : 'warn', `${t.length} characters`]
}

const LAUNCH_ITEMS: ItemDef[] = [
  {
    id: 'https',
    judge: (d) => {
      const final = d.obs.homepage.fetch.final_url
      return final === null ? ['fail', 'homepage did not answer'] : [servedOverHttps(d) ? 'pass' : 'fail', `final URL ${cutUrl(final)}`]
    }
  },
  {
    id: 'http_redirect',
    judge: (d) => {
      const http = d.obs.variants.http
      if (http.outcome === 'not_applicable') return servedOverHttps(d) ? ['skip', 'not checked'] : ['fail', 'the site is served over http only']
      const hop = http.fetch.redirects[0]
      if (hop === undefined) {
        return ['fail', `${http.url} answers ${http.fetch.status ?? http.fetch.error?.message ?? 'nothing'} without redirecting`]
      }
      const toPrimary = http.outcome === 'redirects_to_primary'
      const permanent = hop.status === 301 || hop.status === 308
      return [toPrimary ? (permanent ? 'pass' : 'warn') : 'fail', `${http.url} answers ${hop.status} to ${cutUrl(hop.location)}`]
    }
  },
  {
    id: 'host_consistency',
    judge: ({ obs }) => {
      const alt = obs.variants.host_alternate
      if (alt.outcome === 'absent') return ['warn', `${alt.url} does not resolve; only one host serves the site`]
      if (alt.outcome === 'not_applicable') return ['skip', 'an IP address has no www or apex twin']
      return [alt.outcome === 'redirects_to_primary' ? 'pass' : 'fail', `${alt.url} ${VARIANT_OUTCOME[alt.outcome]}`]
    }
  },
  {
    id: 'canonical',
    judge: onPage((p, { obs }) => {
      if (p.canonicals.length === 0) return ['fail', 'no rel=canonical']
      const self = p.canonicals.length === 1 && p.canonicals[0] === obs.homepage.fetch.final_url
      return [self ? 'pass' : 'warn', `canonical ${listed(p.canonicals)}`]
    })
  },
  {
    id: 'favicon',
    judge: onPage((_p, { obs, faviconOk }) => [faviconOk ? 'pass' : 'fail', obs.favicon.declared.length > 0
      ? cutUrl(obs.favicon.declared[0])
      : `/favicon.ico answers ${obs.favicon.probe?.status ?? 'nothing'}`])
  },
  {
    id: 'og_image',
    judge: onPage((p, { obs, ogImageOk }) =>
      [ogImageOk ? 'pass' : 'fail', p.og.image === null ? 'no og:image' : `${cutUrl(p.og.image)} answers ${obs.og_image?.status ?? 'nothing'}`])
  },
  {
    id: 'custom_404',
    judge: ({ obs }) => {
      const { url, fetch: probe } = obs.not_found_probe
      if (probe.status === null) return ['skip', `probe got no response (${probe.error?.message ?? 'error'})`]
      const evidence = probe.redirects.length > 0
        ? `${url} redirects to ${cutUrl(probe.final_url ?? '?')} (${probe.status})`
        : `${url} answers ${probe.status}${is2xx(probe.status) ? ' (soft 404)' : ''}`
      return [probe.status === 404 || probe.status === 410 ? 'pass' : 'fail', evidence]
    }
  },
  {
    id: 'noindex_absent',
    judge: onPage((_p, { noindex }) => noindex.length === 0 ? ['pass', 'no noindex'] : ['fail', listed(noindex, (n) => cut(n, 120), '; ')])
  },
  {
    id: 'robots_not_blocking_all',
    judge: ({ obs, unmeasured }) => {
      // a robots.txt the time budget cut reads as disallowing everything: that is the budget, not the site
      if (unmeasured.robots_txt !== undefined) return ['not_measured', notMeasuredByBudget([unmeasured.robots_txt])]
      const verdict = obs.robots.homepage.find((v) => v.token === 'Googlebot')
      if (verdict === undefined || verdict.allowed) return ['pass', 'homepage allowed for Googlebot']
      const why = verdict.rule === null ? ` (robots.txt ${obs.robots.outcome})` : ` by line ${verdict.rule.line} ${quote(verdict.rule.text.trim())}`
      return ['fail', `homepage disallowed for Googlebot${why}`]
    }
  },
  { id: 'title_length', judge: onPage((p) => lengthVerdict(p.title, 10, 60)) },
  { id: 'description_length', judge: onPage((p) => lengthVerdict(p.description, 50, 160)) },
  { id: 'lang', judge: onPage((p) => p.lang === null ? ['fail', 'no lang attribute'] : ['pass', `lang=${quote(p.lang, CODE_LIMIT)}`]) },
  {
    id: 'mixed_content',
    judge: onPage((p, d) => {
      if (!servedOverHttps(d)) return ['skip', 'page is not served over https']
      const mixed = p.mixed_content
      return mixed.length === 0 ? ['pass', 'no http: subresources'] : ['fail', `${mixed.length} http: subresources, e.g. ${cutUrl(mixed[0])}`]
    })
  },
  {
    id: 'sitemap_present',
    judge: (d) => {
      const { files, entries, children } = d.obs.sitemaps
      if (files.some((f) => f.kind !== null)) return ['pass', `${entries} URLs${readChildren(children) || ' in the sitemap'}`]
      // a sitemap the budget cut, or the site refused for the moment, is not proved absent
      const unread = notMeasuredReason(d, ['sitemap'])
      return unread === null ? ['fail', 'no parseable sitemap'] : ['not_measured', unread]
    }
  }
]

const RENDERING = 'needs a rendering engine; not measured from HTML'

function zoomDisabled (viewport: string): boolean {
  const content = viewport.toLowerCase()
  const maxScale = /maximum-scale\s*=\s*([\d.]+)/.exec(content)
  return /user-scalable\s*=\s*(no|0)\b/.test(content) || (maxScale !== null && Number(maxScale[1]) < 5)
}

const MOBILE_ITEMS: ItemDef[] = [
  {
    id: 'viewport',
    judge: onPage(({ viewport }) => [
      /width\s*=\s*device-width/.test((viewport ?? '').toLowerCase()) ? 'pass' : 'fail',
      viewport === null ? 'no meta viewport' : `viewport ${quote(viewport)}`
    ])
  },
  {
    id: 'user_scalable',
    judge: onPage(({ viewport }) => {
      if (viewport === null) return ['skip', 'no meta viewport']
      return zoomDisabled(viewport) ? ['fail', 'zoom is disabled (user-scalable=no or maximum-scale below 5)'] : ['pass', 'zoom allowed']
    })
  },
  {
    id: 'legacy_plugins',
    judge: onPage(({ plugins }) => plugins === 0
      ? ['pass', 'no <object>, <embed> or <applet>']
      : ['fail', `${plugins} <object>/<embed>/<applet> elements`])
  },
  { id: 'font_size', judge: () => ['not_measured', RENDERING] },
  { id: 'tap_targets', judge: () => ['not_measured', RENDERING] }
]

function judgeAll (items: ItemDef[], d: Derived): ReportItem[] {
  return items.map(({ id, judge }) => {
    const [status, evidence] = judge(d)
    return { id, status, evidence }
  })
}

export function launchReadiness (d: Derived): ReportItem[] {
  return judgeAll(LAUNCH_ITEMS, d)
}

export function mobileCompatibility (d: Derived): ReportItem[] {
  return judgeAll(MOBILE_ITEMS, d)
}
