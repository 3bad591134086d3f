// One analysis: the homepage (it fixes the origin) beside robots.txt, then sitemaps -> sampled pages,
// llms.txt -> its links, and the independent probes, all concurrently within the time budget.
import { createHash } from 'node:crypto'
import { fetchHomepage } from '@utility-apis/homepage-fetch'
import { looksLikeHtml, parseLlmsTxt } from '../llms-txt.js'
import { is2xx, type FetchFacts, type HomepageFacts, type LlmsFacts, type SiteObservations } from '../observations.js'
import { SeededSample } from '../sampler.js'
import { Budget, factsOf, failedStep, FETCH_TIMEOUT_MS, fetchStep, LIMITS, notFetched, type Fetcher, type Step } from './fetch-step.js'
import { homepageFacts, observeAbout, observeSample } from './observe-pages.js'
import { CRAWLER_CONCURRENCY, observeCrawlers, type OwnView } from './observe-crawlers.js'
import { fetchRobots, observeRobots, readRobots } from './observe-robots.js'
import { observeSitemaps, type SampleValue } from './observe-sitemaps.js'
import { observeVariants } from './observe-variants.js'
import type { Target } from './target.js'

const ACCEPT_TEXT = 'text/markdown,text/plain;q=0.9,*/*;q=0.5'

export interface ObserveOptions {
  fetcher: Fetcher
  /** a fetcher that presents a crawler's user agent (the site's AI-crawler check) */
  fetchAs: (userAgent: string) => Fetcher
  now: Date
  budgetMs: number
  maxPages: number
  /** the caller's: once it aborts, nothing more is fetched (the fetches under way are stopped) */
  signal?: AbortSignal
  /** told of the homepage as soon as it is read, before the rest of the crawl (the renderer starts on it) */
  onHomepage?: (homepage: HomepageFacts) => void
}

/**
 * The homepage by the shared rule (https, then http for a bare domain; a target that is or redirects to
 * a non-public address throws TargetNotAllowedError). A meta refresh is not followed: it is a finding.
 */
async function observeHomepage (
  target: Target, fetcher: Fetcher, budget: Budget
): Promise<{ homepage: HomepageFacts, requestedUrl: string, body: Buffer | null }> {
  const outcome = await fetchHomepage(fetcher, target.candidates, budget, { followMetaRefresh: false, fetchTimeoutMs: FETCH_TIMEOUT_MS })
  // every candidate before the one that answered was tried once
  budget.requests += target.candidates.indexOf(outcome.url) + 1 + (outcome.page?.response.redirects.length ?? outcome.error?.redirects.length ?? 0)
  const step: Step = outcome.page === null
    ? failedStep(budget, 'homepage', outcome.url, outcome.error)
    : { facts: factsOf(outcome.url, outcome.page.response), result: outcome.page.response, error: null }
  return { homepage: homepageFacts(step, outcome.page), requestedUrl: outcome.url, body: outcome.page?.response.body ?? null }
}

async function observeLlms (fetcher: Fetcher, budget: Budget, origin: string): Promise<LlmsFacts> {
  const url = new URL('/llms.txt', origin).href
  const step = await fetchStep(fetcher, budget, 'llms.txt', url, { maxBytes: LIMITS.text, accept: ACCEPT_TEXT })
  const body = step.result?.body.toString('utf8') ?? ''
  const isHtml = step.result !== null && looksLikeHtml(body, step.facts.content_type)
  const shape = step.facts.status === 200 && !isHtml ? parseLlmsTxt(body, step.facts.final_url ?? url) : null
  const linkChecks = await Promise.all((shape?.links.slice(0, 5) ?? []).map(async (link) => {
    const s = await fetchStep(fetcher, budget, `llms.txt link ${link.url}`, link.url, { maxBytes: LIMITS.probe, accept: ACCEPT_TEXT })
    const head = s.result?.body.subarray(0, 512).toString('utf8') ?? ''
    const markdown = is2xx(s.facts.status) && /\.md$/i.test(new URL(link.url).pathname) && !looksLikeHtml(head, s.facts.content_type)
    return { url: link.url, status: s.facts.status, markdown }
  }))
  return {
    url,
    fetch: step.facts,
    is_html: isHtml,
    shape: shape === null
      ? null
      : {
          title: shape.title,
          summary: shape.summary,
          links: shape.links.length,
          sections: shape.sections.length,
          optional_section: shape.optionalSection,
          chars: shape.chars,
          problems: shape.problems
        },
    link_checks: linkChecks
  }
}

export async function observeSite (target: Target, options: ObserveOptions): Promise<SiteObservations> {
  const { fetcher, now } = options
  const budget = new Budget(options.budgetMs, options.signal)
  // robots.txt heads the longest chain (robots.txt -> sitemaps -> sampled pages), so it is asked beside the
  // homepage at the origin the homepage most likely ends on, and asked again only when the homepage lands elsewhere
  const likelyOrigin = new URL(target.candidates[0]).origin
  const earlyRobots = fetchRobots(fetcher, budget, likelyOrigin)
  const { homepage, requestedUrl, body: homepageBody } = await observeHomepage(target, fetcher, budget)
  options.onHomepage?.(homepage)
  const primaryUrl = homepage.fetch.final_url ?? requestedUrl
  const origin = new URL(primaryUrl).origin
  const host = new URL(primaryUrl).host
  const page = homepage.page
  const probe = async (label: string, url: string | null, accept?: string): Promise<FetchFacts | null> =>
    url === null ? null : (await fetchStep(fetcher, budget, label, url, { maxBytes: LIMITS.probe, accept })).facts
  const exclude = new Set([primaryUrl, requestedUrl, `${origin}/`])

  const robotsPromise = origin === likelyOrigin
    ? earlyRobots.then((step) => readRobots(step, primaryUrl))
    : observeRobots(fetcher, budget, origin, primaryUrl)
  const ownHomepage = { status: homepage.fetch.status, finalUrl: homepage.fetch.final_url, body: homepageBody }
  const own = robotsPromise.then((robots): OwnView => ({ robots, homepage: ownHomepage }))
  const crawlChain = (async () => {
    const robots = await robotsPromise
    const sample = new SeededSample<SampleValue>(target.domain, options.maxPages)
    const sitemaps = await observeSitemaps({ fetcher, budget, origin, host, exclude, sample, now }, robots.facts.sitemaps)
    const fromSitemap = sample.result()
    const links = (page?.links.internal ?? []).filter((u) => new URL(u).host === host && !exclude.has(u) && !fromSitemap.some((s) => s.url === u))
    const linkSample = new SeededSample<SampleValue>(target.domain, options.maxPages - fromSitemap.length)
    for (const u of links) linkSample.offer(u, { source: 'homepage-links', lastmod: null })
    const chosen = [...fromSitemap, ...linkSample.result()]
    const pages = await observeSample(fetcher, budget, chosen, robots.policy)
    return { robots, sitemaps, pages, candidates: { sitemap: sample.offered, homepage_links: links.length } }
  })()

  const canonical = page?.canonicals[0] ?? null
  const probeId = createHash('sha256').update(target.domain).digest('hex').slice(0, 12)
  const notFoundUrl = `${origin}/site-intel-probe-${probeId}-not-found`
  const [crawl, crawlers, llmsTxt, llmsFull, negotiation, notFound, faviconProbe, ogImage, canonicalFacts, aboutPage, variants] = await Promise.all([
    crawlChain,
    observeCrawlers({ fetchAs: options.fetchAs, budget, origin, homepageUrl: primaryUrl }, own),
    observeLlms(fetcher, budget, origin),
    fetchStep(fetcher, budget, 'llms-full.txt', `${origin}/llms-full.txt`, { maxBytes: LIMITS.probe, accept: ACCEPT_TEXT }),
    probe('markdown negotiation', homepage.page === null ? null : primaryUrl, 'text/markdown'),
    probe('404 probe', notFoundUrl),
    probe('favicon', page !== null && page.icons.length === 0 ? `${origin}/favicon.ico` : null),
    probe('og:image', page?.og.image ?? null),
    probe('canonical', canonical !== null && canonical !== primaryUrl ? canonical : null),
    observeAbout(fetcher, budget, page?.links.about ?? null),
    observeVariants(fetcher, budget, primaryUrl)
  ])
  const fullBody = llmsFull.result?.body.subarray(0, 1024).toString('utf8') ?? ''
  return {
    input: target.input,
    requested_url: requestedUrl,
    domain: target.domain,
    origin,
    homepage,
    variants,
    robots: crawl.robots.facts,
    sitemaps: crawl.sitemaps,
    llms_txt: llmsTxt,
    llms_full_txt: {
      url: `${origin}/llms-full.txt`,
      fetch: llmsFull.facts,
      is_html: llmsFull.result !== null && looksLikeHtml(fullBody, llmsFull.facts.content_type)
    },
    markdown_negotiation: negotiation === null
      ? { fetch: notFetched(primaryUrl), served: false }
      : { fetch: negotiation, served: is2xx(negotiation.status) && /^text\/markdown\b/i.test(negotiation.content_type ?? '') },
    not_found_probe: { url: notFoundUrl, fetch: notFound as FetchFacts },
    favicon: { declared: page?.icons ?? [], probe: faviconProbe },
    og_image: ogImage,
    canonical: canonicalFacts,
    about_page: aboutPage,
    sample: { seed: target.domain, limit: options.maxPages, candidates: crawl.candidates, pages: crawl.pages },
    crawlers: { concurrency: CRAWLER_CONCURRENCY, fetched: crawlers },
    budget: { ms: options.budgetMs, exhausted: budget.exhausted, skipped: budget.skipped, requests: budget.requests }
  }
}
