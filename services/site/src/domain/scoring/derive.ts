// Facts several scores share (is the homepage usable, which robots block it, how many AI search
// bots may read it), derived once from the observations so every consumer reads them the same way.
import { SCORED_AI_TOKENS } from '../ai-crawlers.js'
import type { AgentDirectives, PageFacts, SiteObservations } from '../observations.js'

export interface Blocked { token: string, reason: string }

export interface Derived {
  now: Date
  homepageOk: boolean
  home: PageFacts | null
  /** homepage and every sampled page that answered 2xx with HTML */
  pages: PageFacts[]
  /** sampled pages only (no homepage) that answered 2xx with HTML */
  samplePages: PageFacts[]
  /** where a generic noindex came from on the homepage ("meta robots: noindex", ...) */
  noindex: string[]
  searchBlocked: Blocked[]
  aiSearch: { allowed: string[], blocked: Blocked[], share: number }
  challenge: string | null
  /** og:image present, answering 2xx with an image type */
  ogImageOk: boolean
  /** JSON-LD parse errors on the analysed pages, prefixed with the page URL */
  jsonLdErrors: string[]
  /** an icon is declared, or /favicon.ico answers 2xx with something other than an HTML page */
  faviconOk: boolean
}

export function isNoindexDirective (directive: string, now: Date): boolean {
  const d = directive.trim().toLowerCase()
  if (d === 'noindex' || d === 'none') return true
  const after = /^unavailable_after\s*:\s*(.+)$/.exec(d)
  if (after === null) return false
  const at = Date.parse(after[1])
  return !Number.isNaN(at) && at < now.getTime()
}

function noindexIn (label: string, directives: string[], now: Date): string[] {
  return directives.filter((d) => isNoindexDirective(d, now)).map((d) => `${label}: ${d}`)
}

/** Why a token may not index the homepage: robots.txt, or noindex addressed to that token by name. */
function tokenBlock (obs: SiteObservations, token: string, meta: AgentDirectives | null, now: Date): string | null {
  const verdict = obs.robots.homepage.find((v) => v.token === token)
  if (verdict !== undefined && !verdict.allowed) {
    if (obs.robots.outcome === 'unreachable') {
      const why = obs.robots.fetch.status === null ? (obs.robots.fetch.error?.message ?? 'no response') : `HTTP ${obs.robots.fetch.status}`
      return `robots.txt unreachable (${why}): crawlers assume everything is disallowed`
    }
    return verdict.rule === null ? 'robots.txt disallows it' : `robots.txt line ${verdict.rule.line} "${verdict.rule.text.trim()}"`
  }
  const key = token.toLowerCase()
  const named = [
    ...noindexIn(`meta ${key}`, meta?.byAgent[key] ?? [], now),
    ...noindexIn(`X-Robots-Tag ${key}`, obs.homepage.headers.xRobotsTag.byAgent[key] ?? [], now)
  ]
  return named.length > 0 ? named.join('; ') : null
}

export function isHtmlType (contentType: string | null): boolean {
  return contentType === null || /\b(text\/html|application\/xhtml\+xml)\b/i.test(contentType)
}

export function is2xx (status: number | null): boolean {
  return status !== null && status >= 200 && status < 300
}

export function derive (obs: SiteObservations, now: Date): Derived {
  const hp = obs.homepage
  const homepageOk = is2xx(hp.fetch.status) && hp.isHtml && hp.page !== null
  const home = homepageOk ? hp.page : null
  const samplePages = obs.sample.pages
    .filter((p) => is2xx(p.fetch.status) && p.page !== null)
    .map((p) => p.page as PageFacts)
  const meta = home?.metaRobots ?? null
  const noindex = homepageOk
    ? [...noindexIn('meta robots', meta?.generic ?? [], now), ...noindexIn('X-Robots-Tag', hp.headers.xRobotsTag.generic, now)]
    : []
  const searchBlocked: Blocked[] = []
  for (const token of ['Googlebot', 'Bingbot']) {
    const reason = tokenBlock(obs, token, meta, now)
    if (reason !== null) searchBlocked.push({ token, reason })
  }
  const allowed: string[] = []
  const blocked: Blocked[] = []
  for (const token of SCORED_AI_TOKENS) {
    const reason = tokenBlock(obs, token, meta, now)
    if (reason === null) allowed.push(token)
    else blocked.push({ token, reason })
  }
  const status = hp.fetch.status
  let challenge: string | null = null
  if (hp.challenge !== null) challenge = `challenge page (${hp.challenge}) served with HTTP ${status ?? '?'}`
  else if (status === 403 || status === 429) challenge = `HTTP ${status} served to our declared user agent`
  const pages = home === null ? samplePages : [home, ...samplePages]
  const og = obs.ogImage
  return {
    now,
    homepageOk,
    home,
    pages,
    samplePages,
    noindex,
    searchBlocked,
    aiSearch: { allowed, blocked, share: allowed.length / SCORED_AI_TOKENS.length },
    challenge,
    ogImageOk: home?.og.image != null && og !== null && is2xx(og.status) && /^image\//i.test(og.contentType ?? ''),
    jsonLdErrors: pages.flatMap((p) => p.structured.jsonLdErrors.map((e) => `${p.url}: ${e}`)),
    faviconOk: obs.favicon.declared.length > 0 ||
      (obs.favicon.probe !== null && is2xx(obs.favicon.probe.status) && !/html/i.test(obs.favicon.probe.contentType ?? ''))
  }
}
