// Launch-readiness checklist (research/site.md A11) and static mobile checks (A10). What needs a
// rendering engine (font sizes, tap targets) is reported as not_measured, never guessed.
import type { SiteObservations } from '../observations.js'
import type { Derived } from '../scoring/derive.js'
import { is2xx } from '../scoring/derive.js'
import { VARIANT_OUTCOME } from '../scoring/technical-site.js'

export type ItemStatus = 'pass' | 'warn' | 'fail' | 'skip' | 'not_measured'
export interface ReportItem { id: string, status: ItemStatus, evidence: string }

const item = (id: string, status: ItemStatus, evidence: string): ReportItem => ({ id, status, evidence })

export function launchReadiness (obs: SiteObservations, d: Derived): ReportItem[] {
  const hp = obs.homepage.fetch
  const p = d.home
  const noPage = (id: string): ReportItem => item(id, 'skip', 'homepage not fetched')
  const https = hp.finalUrl?.startsWith('https:') === true
  const http = obs.variants.http
  const hop = http.fetch.redirects[0]
  const alt = obs.variants.hostAlternate
  const probe = obs.notFoundProbe.fetch
  const robotsAll = obs.robots.homepage.find((v) => v.token === 'Googlebot')
  const title = p?.title?.trim() ?? ''
  const desc = p?.description?.trim() ?? ''
  const sitemapParsed = obs.sitemaps.files.some((f) => f.kind !== null)
  return [
    hp.finalUrl === null ? item('https', 'fail', 'homepage did not answer') : item('https', https ? 'pass' : 'fail', `final URL ${hp.finalUrl}`),
    http.outcome === 'not_applicable'
      ? item('http_redirect', https ? 'skip' : 'fail', https ? 'not checked' : 'the site is served over http only')
      : item('http_redirect', hop !== undefined && (hop.status === 301 || hop.status === 308) && http.outcome === 'redirects_to_primary' ? 'pass' : hop !== undefined && http.outcome === 'redirects_to_primary' ? 'warn' : 'fail',
        hop === undefined ? `${http.url} answers ${http.fetch.status ?? http.fetch.error?.message ?? 'nothing'} without redirecting` : `${http.url} answers ${hop.status} to ${hop.location}`),
    item('host_consistency', alt.outcome === 'redirects_to_primary' ? 'pass' : alt.outcome === 'absent' ? 'warn' : 'fail',
      alt.outcome === 'absent' ? `${alt.url} does not resolve; only one host serves the site` : `${alt.url} ${VARIANT_OUTCOME[alt.outcome]}`),
    p === null
      ? noPage('canonical')
      : item('canonical', p.canonicals.length === 1 && p.canonicals[0] === hp.finalUrl ? 'pass' : p.canonicals.length === 0 ? 'fail' : 'warn',
        p.canonicals.length === 0 ? 'no rel=canonical' : `canonical ${p.canonicals.join(', ')}`),
    p === null
      ? noPage('favicon')
      : item('favicon', d.faviconOk ? 'pass' : 'fail',
        obs.favicon.declared[0] ?? `/favicon.ico answers ${obs.favicon.probe?.status ?? 'nothing'}`),
    p === null ? noPage('og_image') : item('og_image', d.ogImageOk ? 'pass' : 'fail', p.og.image === null ? 'no og:image' : `${p.og.image} answers ${obs.ogImage?.status ?? 'nothing'}`),
    probe.status === null
      ? item('custom_404', 'skip', `probe got no response (${probe.error?.message ?? 'error'})`)
      : item('custom_404', probe.status === 404 || probe.status === 410 ? 'pass' : 'fail',
        probe.redirects.length > 0 ? `${obs.notFoundProbe.url} redirects to ${probe.finalUrl ?? '?'} (${probe.status})` : `${obs.notFoundProbe.url} answers ${probe.status}${is2xx(probe.status) ? ' (soft 404)' : ''}`),
    p === null ? noPage('noindex_absent') : item('noindex_absent', d.noindex.length === 0 ? 'pass' : 'fail', d.noindex.length === 0 ? 'no noindex' : d.noindex.join('; ')),
    item('robots_not_blocking_all', robotsAll === undefined || robotsAll.allowed ? 'pass' : 'fail',
      robotsAll?.allowed === false ? `homepage disallowed for Googlebot${robotsAll.rule === null ? ` (robots.txt ${obs.robots.outcome})` : ` by line ${robotsAll.rule.line} "${robotsAll.rule.text.trim()}"`}` : 'homepage allowed for Googlebot'),
    p === null ? noPage('title_length') : item('title_length', title === '' ? 'fail' : title.length >= 10 && title.length <= 60 ? 'pass' : 'warn', `${title.length} characters`),
    p === null ? noPage('description_length') : item('description_length', desc === '' ? 'fail' : desc.length >= 50 && desc.length <= 160 ? 'pass' : 'warn', `${desc.length} characters`),
    p === null ? noPage('lang') : item('lang', p.lang !== null ? 'pass' : 'fail', p.lang === null ? 'no lang attribute' : `lang="${p.lang}"`),
    p === null
      ? noPage('mixed_content')
      : !https
          ? item('mixed_content', 'skip', 'page is not served over https')
          : item('mixed_content', p.mixedContent.length === 0 ? 'pass' : 'fail', p.mixedContent.length === 0 ? 'no http: subresources' : `${p.mixedContent.length} http: subresources, e.g. ${p.mixedContent[0]}`),
    item('sitemap_present', sitemapParsed ? 'pass' : 'fail', sitemapParsed ? `${obs.sitemaps.entries} URLs in the sitemap` : 'no parseable sitemap')
  ]
}

export function mobileCompatibility (d: Derived): ReportItem[] {
  const p = d.home
  const viewport = p?.viewport ?? null
  const content = (viewport ?? '').toLowerCase()
  const maxScale = /maximum-scale\s*=\s*([\d.]+)/.exec(content)
  const noZoom = /user-scalable\s*=\s*(no|0)\b/.test(content) || (maxScale !== null && Number(maxScale[1]) < 5)
  const rendering = 'needs a rendering engine; not measured from HTML'
  if (p === null) {
    return ['viewport', 'user_scalable', 'legacy_plugins'].map((id) => item(id, 'skip', 'homepage not fetched'))
      .concat([item('font_size', 'not_measured', rendering), item('tap_targets', 'not_measured', rendering)])
  }
  return [
    item('viewport', /width\s*=\s*device-width/.test(content) ? 'pass' : 'fail', viewport === null ? 'no meta viewport' : `viewport "${viewport}"`),
    viewport === null
      ? item('user_scalable', 'skip', 'no meta viewport')
      : item('user_scalable', noZoom ? 'fail' : 'pass', noZoom ? 'zoom is disabled (user-scalable=no or maximum-scale below 5)' : 'zoom allowed'),
    item('legacy_plugins', p.plugins === 0 ? 'pass' : 'fail', p.plugins === 0 ? 'no <object>, <embed> or <applet>' : `${p.plugins} <object>/<embed>/<applet> elements`),
    item('font_size', 'not_measured', rendering),
    item('tap_targets', 'not_measured', rendering)
  ]
}
