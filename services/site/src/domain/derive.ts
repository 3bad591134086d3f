// Facts the scores, the gaps and the side reports share (is the homepage usable, which robots block it,
// how many AI search bots may read it, which sampled sitemap URLs fail), derived once from the
// observations so every consumer reads them the same way. Scoring and reports depend on this module,
// never on each other.
import { BOT_PROTECTION, isRetryLaterFailure, isRetryLaterStatus } from '@utility-apis/homepage-fetch'
import { FETCHED_CRAWLERS, SCORED_AI_TOKENS, type FetchedCrawler } from './ai-crawlers.js'
import { LIMITS } from './collect/fetch-step.js'
import { cut, cutUrl, listed } from './evidence-text.js'
import { reviewHreflang, type HreflangReview } from './hreflang.js'
import {
  is2xx, type AgentDirectives, type CrawlerFetchFacts, type FetchFacts, type LlmsFacts, type PageFacts, type SampledPage, type SiteObservations,
  type VariantFacts
} from './observations.js'

interface Blocked { token: string, reason: string }

/** One URL sampled from the sitemap: it should answer 2xx without a redirect, name itself canonical, be indexable and open to Googlebot. */
export interface SitemapSampleCheck {
  url: string
  status: number | null
  redirected: boolean
  /** null when the page declares no canonical */
  self_canonical: boolean | null
  noindex: boolean
  allowed: { googlebot: boolean, oai_searchbot: boolean }
  lastmod: string | null
  pass: boolean
  problems: string[]
}

export type CrawlerOutcome = 'served' | 'different_page' | 'blocked' | 'challenge' | 'no_answer'
export type CrawlerMismatch = 'blocked_by_server' | 'served_despite_robots'

/** One crawler's view judged: what its robots.txt says, what the server did, and whether the two disagree. */
interface CrawlerView {
  crawler: FetchedCrawler
  facts: CrawlerFetchFacts
  outcome: CrawlerOutcome
  /** robots.txt allows the crawler and the server blocks it, or the reverse */
  mismatch: CrawlerMismatch | null
}

/**
 * What a check reads that the analysis time budget can leave unfetched, or that may answer a momentary refusal (a 503,
 * a 429, a timeout): one fetch, or a group of them that gave nothing to measure. A check names the ones it reads
 * (CheckDef.reads).
 */
type BudgetInput = 'robots_txt' | 'sitemap' | 'sampled_pages' | 'llms_txt' | 'llms_txt_links' | 'llms_full_txt' |
'markdown_negotiation' | 'http_variant' | 'host_variant' | 'og_image' | 'favicon' | 'canonical' | 'about_page'

/**
 * What a byte cap can leave unread: the homepage's HTML past its limit, a sitemap file past its limit, a sampled
 * page's HTML past its limit. A check that reads the whole of one (something absent from the part read may stand in
 * the rest, a share or a total of all entries) names it in CheckDef.reads, beside the budget's inputs.
 */
type SizeCutInput = 'homepage_rest' | 'sitemap_rest' | 'sampled_pages_rest'

/** What a check reads that may go unread: a fetch the budget can skip or the site refused for the moment, or the rest of a file a byte cap cut. */
export type UnreadInput = BudgetInput | SizeCutInput

const mib = (bytes: number): string => `${bytes / (1024 * 1024)} MiB`

/** Each input as a report names it: "the analysis time budget was spent before <it> was fetched". */
const BUDGET_INPUT_NAMES: Record<BudgetInput, string> = {
  robots_txt: 'robots.txt',
  sitemap: 'the sitemap',
  sampled_pages: 'the sampled pages',
  llms_txt: '/llms.txt',
  llms_txt_links: 'the links of llms.txt',
  llms_full_txt: '/llms-full.txt',
  markdown_negotiation: 'the homepage as Markdown',
  http_variant: 'the http:// homepage',
  host_variant: 'the www or apex twin',
  og_image: 'the og:image',
  favicon: '/favicon.ico',
  canonical: 'the canonical URL',
  about_page: 'the About page'
}

export interface Derived {
  obs: SiteObservations
  now: Date
  homepageOk: boolean
  home: PageFacts | null
  /** why checks of the homepage's HTML could not be measured ("not measured: the homepage answered HTTP 404"), or null */
  notMeasured: string | null
  /** homepage and every sampled page that answered 2xx with HTML */
  pages: PageFacts[]
  /** sampled pages only (no homepage) that answered 2xx with HTML */
  samplePages: PageFacts[]
  /**
   * The inputs the analysis time budget left unmeasured, each with what was not fetched ("/llms.txt"). What the budget
   * skipped or stopped says nothing about the site: a check that reads one is not measured (scoring/check.ts).
   */
  unmeasured: Partial<Record<BudgetInput, string>>
  /**
   * The inputs left with nothing to measure by a momentary refusal, each with what it answered ("/llms.txt answered
   * HTTP 503, a momentary refusal"). A 503, a 429 or a timeout may be gone a moment later: like the budget's cut, it says
   * nothing settled about the site, so a check that reads one is not measured (scoring/check.ts).
   */
  refused: Partial<Record<BudgetInput, string>>
  /**
   * The files a byte cap cut, each with what was not read ("the homepage's HTML was cut at its 2 MiB limit"). The part
   * read proves what it holds, never that something is absent from the rest: a check that reads the whole file and
   * falls short of its points is not measured (scoring/check.ts), and the answer is not complete.
   */
  sizeCuts: Partial<Record<SizeCutInput, string>>
  /** the sampled pages whose fetch neither the budget cut nor a momentary refusal met: they answered, or failed on their own */
  sampleFetched: SampledPage[]
  /** llms.txt's links whose fetch the budget did not cut and that answered no momentary status */
  llmsLinksFetched: LlmsFacts['link_checks']
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
  /** the pages sampled from the sitemap, each judged (those the budget cut or the site refused for the moment left out: they say nothing about the sitemap) */
  sitemapSample: SitemapSampleCheck[]
  hreflang: HreflangReview
  crawlers: CrawlerView[]
}

/** A fetch the analysis time budget skipped, or stopped when it ran out. */
export function cutByBudget (fetch: FetchFacts | null | undefined): boolean {
  return fetch?.error?.code === 'budget'
}

/** Why a check, an AEO part or a report item is not measured: "not measured: the analysis time budget was spent before /llms.txt was fetched". */
export function notMeasuredByBudget (unfetched: string[]): string {
  const names = unfetched.length < 2 ? unfetched.join('') : `${unfetched.slice(0, -1).join(', ')} and ${unfetched.at(-1) ?? ''}`
  return `not measured: the analysis time budget was spent before ${names} ${unfetched.length < 2 ? 'was' : 'were'} fetched`
}

/**
 * The inputs the budget left with nothing to measure. A group is unmeasured when the budget cut all of it (every
 * sampled page) or cut what could have held it (no sitemap entry read, and robots.txt or a sitemap file cut); what it
 * did fetch of a group is measured (sampleFetched, llmsLinksFetched).
 */
function budgetCuts (obs: SiteObservations): Derived['unmeasured'] {
  const robotsCut = cutByBudget(obs.robots.fetch)
  const skipped = new Set(obs.budget.skipped)
  const cutAll: Record<BudgetInput, boolean> = {
    robots_txt: robotsCut,
    sitemap: obs.sitemaps.entries === 0 && (robotsCut || obs.sitemaps.files.some((f) => cutByBudget(f.fetch))),
    sampled_pages: obs.sample.pages.length > 0 && obs.sample.pages.every((p) => cutByBudget(p.fetch)),
    llms_txt: cutByBudget(obs.llms_txt.fetch),
    llms_txt_links: obs.llms_txt.link_checks.length > 0 && obs.llms_txt.link_checks.every((link) => skipped.has(llmsLinkLabel(link))),
    llms_full_txt: cutByBudget(obs.llms_full_txt.fetch),
    markdown_negotiation: cutByBudget(obs.markdown_negotiation.fetch),
    http_variant: cutByBudget(obs.variants.http.fetch),
    host_variant: cutByBudget(obs.variants.host_alternate.fetch),
    og_image: cutByBudget(obs.og_image),
    favicon: cutByBudget(obs.favicon.probe),
    canonical: cutByBudget(obs.canonical),
    about_page: cutByBudget(obs.about_page?.fetch)
  }
  return Object.fromEntries((Object.keys(cutAll) as BudgetInput[]).filter((input) => cutAll[input]).map((input) => [input, BUDGET_INPUT_NAMES[input]]))
}

/** A sampled page whose HTML the analysis read: it answered 2xx with a page. */
const analysedSample = (p: SampledPage): boolean => is2xx(p.fetch.status) && p.page !== null

/**
 * The files a byte cap cut before their end (fetch.truncated) among those the analysis read: the homepage's HTML, the
 * sitemap files, the sampled pages answered with HTML. Each by the URL it was fetched at, under what it leaves unread.
 */
export function filesCut (obs: SiteObservations, homepageOk: boolean): Record<SizeCutInput, string[]> {
  return {
    homepage_rest: homepageOk && obs.homepage.fetch.truncated ? [obs.homepage.fetch.url] : [],
    sitemap_rest: obs.sitemaps.files.filter((f) => f.kind !== null && f.fetch.truncated).map((f) => f.url),
    sampled_pages_rest: obs.sample.pages.filter((p) => analysedSample(p) && p.fetch.truncated).map((p) => p.url)
  }
}

/** filesCut, each input with what was left unread. */
function sizeCutsOf (obs: SiteObservations, homepageOk: boolean): Derived['sizeCuts'] {
  const cut = filesCut(obs, homepageOk)
  const cuts: Derived['sizeCuts'] = {}
  if (cut.homepage_rest.length > 0) {
    cuts.homepage_rest = `the homepage's HTML was cut at its ${mib(LIMITS.html)} limit and the rest was not read`
  }
  const files = (many: string[], one: string, several: string): string =>
    `${many.length === 1 ? one : several} ${listed(many, cutUrl)} ${many.length === 1 ? 'was' : 'were'}`
  if (cut.sitemap_rest.length > 0) {
    cuts.sitemap_rest = `${files(cut.sitemap_rest, 'the sitemap', 'the sitemaps')} cut at the ${mib(LIMITS.sitemap)} limit and the ` +
      'entries after the cut were not read'
  }
  if (cut.sampled_pages_rest.length > 0) {
    cuts.sampled_pages_rest = `${files(cut.sampled_pages_rest, 'the sampled page', 'the sampled pages')} cut at the ` +
      `${mib(LIMITS.html)} limit and the rest ${cut.sampled_pages_rest.length === 1 ? 'was' : 'of each was'} not read`
  }
  return cuts
}

/** One secondary fetch the site refused for the moment: the input it belongs to, its URL, and its status or failure. */
export interface Refusal { input: BudgetInput, url: string, status: number | null, error: string | null }

/** A fetch's momentary refusal, or null when it answered for good (a 404 is the site's answer), or the budget cut it. */
// A closed or filtered port (refused, or silent until the timeout) is how an https-only site answers http, and a host
// without its www twin: the twin's failure to connect is its settled answer, only a status of it can be momentary
const STATUS_ONLY: ReadonlySet<BudgetInput> = new Set(['http_variant', 'host_variant'])

function refusalOf (input: BudgetInput, fetch: FetchFacts | null | undefined): Refusal | null {
  if (fetch == null || cutByBudget(fetch)) return null
  if (fetch.status !== null) return isRetryLaterStatus(fetch.status) ? { input, url: fetch.url, status: fetch.status, error: null } : null
  if (STATUS_ONLY.has(input)) return null
  return fetch.error !== null && isRetryLaterFailure(fetch.error.code) ? { input, url: fetch.url, status: null, error: fetch.error.message } : null
}

/**
 * The secondary fetches the site refused for the moment: a 429, a 503, a timeout (homepage-fetch's isRetryLater*), since
 * a refusal "for now" says nothing settled about the site; a 500 or a dead host is its settled answer. Not robots.txt: RFC 9309
 * gives its 5xx a meaning of its own (everything disallowed), kept as the site's answer; not the homepage, whose failure
 * has its own path (notMeasured).
 */
export function momentaryRefusals (obs: SiteObservations): Refusal[] {
  // a twin that does not resolve answers that it does not exist (VariantFacts 'absent'): settled, not momentary
  const variant = (v: VariantFacts): FetchFacts | null => v.outcome === 'absent' ? null : v.fetch
  const fetches: Array<[BudgetInput, FetchFacts | null | undefined]> = [
    ...obs.sitemaps.files.map((f): [BudgetInput, FetchFacts] => ['sitemap', f.fetch]),
    ...obs.sample.pages.map((p): [BudgetInput, FetchFacts] => ['sampled_pages', p.fetch]),
    ['llms_txt', obs.llms_txt.fetch],
    ['llms_full_txt', obs.llms_full_txt.fetch],
    ['markdown_negotiation', obs.markdown_negotiation.fetch],
    ['http_variant', variant(obs.variants.http)],
    ['host_variant', variant(obs.variants.host_alternate)],
    ['og_image', obs.og_image],
    ['favicon', obs.favicon.probe],
    ['canonical', obs.canonical],
    ['about_page', obs.about_page?.fetch]
  ]
  // a link check keeps its status only: a failure without one cannot be told momentary
  const links = obs.llms_txt.link_checks.flatMap((link): Refusal[] => link.status !== null && isRetryLaterStatus(link.status)
    ? [{ input: 'llms_txt_links', url: link.url, status: link.status, error: null }]
    : [])
  return [...fetches.flatMap(([input, fetch]) => refusalOf(input, fetch) ?? []), ...links]
}

/** "/llms.txt answered HTTP 503, a momentary refusal", "the sampled pages answered HTTP 429 or HTTP 503, a momentary refusal" */
function refusalWords (name: string, refusals: Refusal[]): string {
  // in order of status, not of fetch, so the same refusals always read the same
  const statuses = [...new Set(refusals.flatMap((r) => r.status ?? []))].sort((a, b) => a - b).map((status) => `HTTP ${status}`)
  const errors = [...new Set(refusals.flatMap((r) => r.error ?? []))]
  const answers = [
    ...(statuses.length > 0 ? [`answered ${listed(statuses, String, ' or ')}`] : []),
    ...(errors.length > 0 ? [`failed (${listed(errors, (e) => cut(e, 120), '; ')})`] : [])
  ]
  const kind = [...(statuses.length > 0 ? ['refusal'] : []), ...(errors.length > 0 ? ['failure'] : [])].join(' or ')
  return `${name} ${answers.join(' or ')}, a momentary ${kind}`
}

/**
 * The inputs a momentary refusal left with nothing to measure: a single fetch so refused, or a group none of which
 * answered otherwise (what did answer of it is measured: sampleFetched, llmsLinksFetched, the sitemap entries read).
 * One the budget already left unmeasured is the budget's.
 */
function refusedInputs (d: Pick<Derived, 'obs' | 'unmeasured' | 'sampleFetched' | 'llmsLinksFetched'>, refusals: Refusal[]): Derived['refused'] {
  const answeredOtherwise: Partial<Record<BudgetInput, boolean>> = {
    sitemap: d.obs.sitemaps.entries > 0,
    sampled_pages: d.sampleFetched.length > 0,
    llms_txt_links: d.llmsLinksFetched.length > 0
  }
  const refused: Derived['refused'] = {}
  for (const input of new Set(refusals.map((r) => r.input))) {
    if (d.unmeasured[input] !== undefined || answeredOtherwise[input] === true) continue
    refused[input] = refusalWords(BUDGET_INPUT_NAMES[input], refusals.filter((r) => r.input === input))
  }
  return refused
}

/**
 * Why a check that reads `reads` is not measured, or null when everything it reads was read: the budget's fetches
 * named together ("... before the sitemap and robots.txt were fetched"), then each momentary refusal, then each file
 * a byte cap cut.
 */
export function notMeasuredReason (d: Pick<Derived, 'unmeasured' | 'refused' | 'sizeCuts'>, reads: readonly UnreadInput[]): string | null {
  const budgetInput = (input: UnreadInput): input is BudgetInput => input in BUDGET_INPUT_NAMES
  const unfetched = reads.flatMap((input) => budgetInput(input) ? d.unmeasured[input] ?? [] : [])
  const refused = reads.flatMap((input) => budgetInput(input) ? d.refused[input] ?? [] : [])
  const cutFiles = reads.flatMap((input) => budgetInput(input) ? [] : d.sizeCuts[input] ?? [])
  if (unfetched.length === 0 && refused.length === 0 && cutFiles.length === 0) return null
  const budget = unfetched.length === 0 ? [] : [notMeasuredByBudget(unfetched).replace(/^not measured: /, '')]
  return `not measured: ${[...budget, ...refused, ...cutFiles].join('; ')}`
}

// the label collect/observe-site.ts gives each link's fetch step: a link check keeps its status only, so the budget's
// own list tells the links it cut apart
const llmsLinkLabel = (link: { url: string }): string => `llms.txt link ${link.url}`

/** llms.txt's links the budget did not cut and that answered no momentary status: what the links say of the site. */
function llmsLinksFetchedOf (obs: SiteObservations): LlmsFacts['link_checks'] {
  const skipped = new Set(obs.budget.skipped)
  return obs.llms_txt.link_checks.filter((link) => !skipped.has(llmsLinkLabel(link)) && (link.status === null || !isRetryLaterStatus(link.status)))
}

function crawlerOutcome (c: CrawlerFetchFacts, ourStatus: number | null): CrawlerOutcome {
  const status = c.homepage.status
  if (status === null) return 'no_answer'
  if (c.homepage.challenge !== null) return 'challenge'
  if (is2xx(ourStatus) && !is2xx(status)) return 'blocked'
  return c.homepage.difference === null ? 'served' : 'different_page'
}

function viewOf (facts: CrawlerFetchFacts, ourStatus: number | null): CrawlerView {
  const crawler = FETCHED_CRAWLERS.find((c) => c.token === facts.token) as FetchedCrawler
  const outcome = crawlerOutcome(facts, ourStatus)
  let mismatch: CrawlerMismatch | null = null
  if (facts.robots_allowed && (outcome === 'blocked' || outcome === 'challenge')) mismatch = 'blocked_by_server'
  else if (!facts.robots_allowed && is2xx(facts.homepage.status)) mismatch = 'served_despite_robots'
  return { crawler, facts, outcome, mismatch }
}

function notMeasured (hp: SiteObservations['homepage'], homepageOk: boolean): string | null {
  if (homepageOk) return null
  const f = hp.fetch
  if (f.status === null) return `not measured: no response from the homepage (${f.error?.message ?? 'no answer'})`
  if (!is2xx(f.status)) return `not measured: the homepage answered HTTP ${f.status}`
  return `not measured: the homepage is not HTML (${f.content_type?.split(';')[0] ?? 'no content type'})`
}

/** What a www/apex or http:// variant of the homepage does, in words. */
export const VARIANT_OUTCOME: Record<VariantFacts['outcome'], string> = {
  redirects_to_primary: 'redirects to the primary host',
  serves_separately: 'serves the site separately (no redirect)',
  absent: 'does not resolve',
  error: 'answers with an error',
  not_applicable: 'not checked'
}

function isNoindexDirective (directive: string, now: Date): boolean {
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
    ...noindexIn(`meta ${key}`, meta?.by_agent[key] ?? [], now),
    ...noindexIn(`X-Robots-Tag ${key}`, obs.homepage.headers.x_robots_tag.by_agent[key] ?? [], now)
  ]
  return named.length > 0 ? named.join('; ') : null
}

export function derive (obs: SiteObservations, now: Date): Derived {
  const hp = obs.homepage
  const homepageOk = is2xx(hp.fetch.status) && hp.is_html && hp.page !== null
  const home = homepageOk ? hp.page : null
  const samplePages = obs.sample.pages.filter(analysedSample).map((p) => p.page as PageFacts)
  const meta = home?.meta_robots ?? null
  const noindex = homepageOk
    ? [...noindexIn('meta robots', meta?.generic ?? [], now), ...noindexIn('X-Robots-Tag', hp.headers.x_robots_tag.generic, now)]
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
  if (hp.challenge !== null) challenge = `challenge page (${BOT_PROTECTION[hp.challenge]}) served with HTTP ${status ?? '?'}`
  else if (status === 403 || status === 429) challenge = `HTTP ${status} served to our declared user agent`
  const pages = home === null ? samplePages : [home, ...samplePages]
  const og = obs.og_image
  const refusals = momentaryRefusals(obs)
  const sampleFetched = obs.sample.pages.filter((p) => !cutByBudget(p.fetch) && refusalOf('sampled_pages', p.fetch) === null)
  const llmsLinksFetched = llmsLinksFetchedOf(obs)
  const unmeasured = budgetCuts(obs)
  return {
    obs,
    now,
    homepageOk,
    home,
    notMeasured: notMeasured(hp, homepageOk),
    pages,
    samplePages,
    unmeasured,
    refused: refusedInputs({ obs, unmeasured, sampleFetched, llmsLinksFetched }, refusals),
    sizeCuts: sizeCutsOf(obs, homepageOk),
    sampleFetched,
    llmsLinksFetched,
    noindex,
    searchBlocked,
    aiSearch: { allowed, blocked, share: allowed.length / SCORED_AI_TOKENS.length },
    challenge,
    ogImageOk: home?.og.image != null && og !== null && is2xx(og.status) && /^image\//i.test(og.content_type ?? ''),
    jsonLdErrors: pages.flatMap((p) => p.structured.json_ld_errors.map((e) => `${p.url}: ${e}`)),
    faviconOk: obs.favicon.declared.length > 0 ||
      (obs.favicon.probe !== null && is2xx(obs.favicon.probe.status) && !/html/i.test(obs.favicon.probe.content_type ?? '')),
    sitemapSample: checkSitemapSample(sampleFetched, now),
    hreflang: reviewHreflang(pages),
    crawlers: obs.crawlers.fetched.map((c) => viewOf(c, hp.fetch.status))
  }
}

function sameUrl (a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href
  } catch {
    return a === b
  }
}

/** The pages sampled from the sitemap that the budget let answer for good: one it cut, or refused for the moment, says nothing about the sitemap. */
function checkSitemapSample (sampleFetched: SampledPage[], now: Date): SitemapSampleCheck[] {
  return sampleFetched.filter((p) => p.source === 'sitemap').map((p): SitemapSampleCheck => {
    const page = p.page
    const canonical = page === null || page.canonicals.length === 0 ? null : page.canonicals[0]
    const directives = [...(page?.meta_robots.generic ?? []), ...(page?.meta_robots.by_agent.googlebot ?? []),
      ...p.x_robots_tag.generic, ...(p.x_robots_tag.by_agent.googlebot ?? [])]
    const noindex = directives.some((d) => isNoindexDirective(d, now))
    const redirected = p.fetch.redirects.length > 0
    const selfCanonical = canonical === null ? null : sameUrl(canonical, p.url)
    const problems: string[] = []
    if (!is2xx(p.fetch.status)) problems.push(p.fetch.status === null ? (p.fetch.error?.message ?? 'no response') : `HTTP ${p.fetch.status}`)
    if (redirected) problems.push(`redirects to ${p.fetch.final_url ?? '?'}`)
    if (selfCanonical === false) problems.push(`canonical is ${canonical ?? ''}`)
    if (noindex) problems.push('noindex')
    if (!p.allowed.googlebot) problems.push('disallowed for Googlebot')
    return {
      url: p.url,
      status: p.fetch.status,
      redirected,
      self_canonical: selfCanonical,
      noindex,
      allowed: p.allowed,
      lastmod: p.lastmod,
      pass: problems.length === 0,
      problems
    }
  })
}
