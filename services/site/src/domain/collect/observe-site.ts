// One analysis: the homepage first (it fixes the origin), then robots.txt -> sitemaps -> sampled
// pages, llms.txt -> its links, and the independent probes, all concurrently within the time budget.
import { createHash } from 'node:crypto'
import { looksLikeHtml, parseLlmsTxt } from '../llms-txt.js'
import type { FetchFacts, LlmsFacts, SiteObservations } from '../observations.js'
import { SeededSample } from '../sampler.js'
import { is2xx } from '../scoring/derive.js'
import { Budget, fetchStep, LIMITS, type Fetcher, type Step } from './fetch-step.js'
import { homepageFacts, observeAbout, observeSample } from './observe-pages.js'
import { observeRobots } from './observe-robots.js'
import { observeSitemaps, type SampleValue } from './observe-sitemaps.js'
import { observeVariants } from './observe-variants.js'
import type { Target } from './target.js'

export class TargetNotAllowedError extends Error {}

export interface ObserveOptions {
  fetcher: Fetcher
  now: Date
  budgetMs: number
  maxPages: number
}

async function fetchHomepage (target: Target, fetcher: Fetcher, budget: Budget): Promise<{ step: Step, requestedUrl: string }> {
  let last: { step: Step, requestedUrl: string } | null = null
  for (const candidate of target.candidates) {
    const step = await fetchStep(fetcher, budget, 'homepage', candidate, { maxBytes: LIMITS.html })
    if (step.error?.code === 'FETCH_ERR_BLOCKED' && step.error.redirects.length === 0) throw new TargetNotAllowedError('Target address is not allowed')
    last = { step, requestedUrl: candidate }
    // a bare domain falls back to http only when https gave no answer for a reason http may not share
    if (step.result !== null || step.facts.error?.code === 'dns' || step.facts.error?.code === 'budget') break
  }
  return last as { step: Step, requestedUrl: string }
}

async function observeLlms (fetcher: Fetcher, budget: Budget, origin: string): Promise<LlmsFacts> {
  const url = new URL('/llms.txt', origin).href
  const step = await fetchStep(fetcher, budget, 'llms.txt', url, { maxBytes: LIMITS.text, accept: 'text/markdown,text/plain;q=0.9,*/*;q=0.5' })
  const body = step.result?.body.toString('utf8') ?? ''
  const isHtml = step.result !== null && looksLikeHtml(body, step.facts.contentType)
  const shape = step.facts.status === 200 && !isHtml ? parseLlmsTxt(body, step.facts.finalUrl ?? url) : null
  const linkChecks = await Promise.all((shape?.links.slice(0, 5) ?? []).map(async (link) => {
    const s = await fetchStep(fetcher, budget, `llms.txt link ${link.url}`, link.url, { maxBytes: LIMITS.probe, accept: 'text/markdown,text/plain;q=0.9,*/*;q=0.5' })
    const markdown = is2xx(s.facts.status) && /\.md$/i.test(new URL(link.url).pathname) && !looksLikeHtml(s.result?.body.subarray(0, 512).toString('utf8') ?? '', s.facts.contentType)
    return { url: link.url, status: s.facts.status, markdown }
  }))
  return {
    url,
    fetch: step.facts,
    isHtml,
    shape: shape === null
      ? null
      : { title: shape.title, summary: shape.summary, links: shape.links.length, sections: shape.sections.length, optionalSection: shape.optionalSection, chars: shape.chars, problems: shape.problems },
    linkChecks
  }
}

export async function observeSite (target: Target, options: ObserveOptions): Promise<SiteObservations> {
  const { fetcher, now } = options
  const budget = new Budget(options.budgetMs)
  const { step, requestedUrl } = await fetchHomepage(target, fetcher, budget)
  const homepage = homepageFacts(step)
  const primaryUrl = step.facts.finalUrl ?? requestedUrl
  const origin = new URL(primaryUrl).origin
  const host = new URL(primaryUrl).host
  const page = homepage.page
  const probe = async (label: string, url: string | null, accept?: string): Promise<FetchFacts | null> =>
    url === null ? null : (await fetchStep(fetcher, budget, label, url, { maxBytes: LIMITS.probe, accept })).facts
  const exclude = new Set([primaryUrl, requestedUrl, `${origin}/`])

  const crawlChain = (async () => {
    const robots = await observeRobots(fetcher, budget, origin, primaryUrl)
    const sample = new SeededSample<SampleValue>(target.domain, options.maxPages)
    const sitemaps = await observeSitemaps({ fetcher, budget, origin, host, exclude, sample, now }, robots.facts.sitemaps)
    const fromSitemap = sample.result()
    const links = (page?.links.internal ?? []).filter((u) => new URL(u).host === host && !exclude.has(u) && !fromSitemap.some((s) => s.url === u))
    const linkSample = new SeededSample<SampleValue>(target.domain, options.maxPages - fromSitemap.length)
    for (const u of links) linkSample.offer(u, { source: 'homepage-links', lastmod: null })
    const chosen = [...fromSitemap, ...linkSample.result()]
    const pages = await observeSample(fetcher, budget, chosen, robots.policy)
    return { robots, sitemaps, pages, candidates: { sitemap: sample.offered, homepageLinks: links.length } }
  })()

  const canonical = page?.canonicals[0] ?? null
  const probeId = createHash('sha256').update(target.domain).digest('hex').slice(0, 12)
  const notFoundUrl = `${origin}/site-intel-probe-${probeId}-not-found`
  const [crawl, llmsTxt, llmsFull, negotiation, notFound, faviconProbe, ogImage, canonicalFacts, aboutPage, variants] = await Promise.all([
    crawlChain,
    observeLlms(fetcher, budget, origin),
    fetchStep(fetcher, budget, 'llms-full.txt', `${origin}/llms-full.txt`, { maxBytes: LIMITS.probe, accept: 'text/markdown,text/plain;q=0.9,*/*;q=0.5' }),
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
    requestedUrl,
    domain: target.domain,
    origin,
    homepage,
    variants,
    robots: crawl.robots.facts,
    sitemaps: crawl.sitemaps,
    llmsTxt,
    llmsFullTxt: { url: `${origin}/llms-full.txt`, fetch: llmsFull.facts, isHtml: llmsFull.result !== null && looksLikeHtml(fullBody, llmsFull.facts.contentType) },
    markdownNegotiation: negotiation === null
      ? { fetch: { url: primaryUrl, finalUrl: null, status: null, error: null, redirects: [], contentType: null, bytes: 0, truncated: false, ttfbMs: null }, served: false }
      : { fetch: negotiation, served: is2xx(negotiation.status) && /^text\/markdown\b/i.test(negotiation.contentType ?? '') },
    notFoundProbe: { url: notFoundUrl, fetch: notFound as FetchFacts },
    favicon: { declared: page?.icons ?? [], probe: faviconProbe },
    ogImage,
    canonical: canonicalFacts,
    aboutPage,
    sample: { seed: target.domain, limit: options.maxPages, candidates: crawl.candidates, pages: crawl.pages },
    budget: { ms: options.budgetMs, exhausted: budget.exhausted, skipped: budget.skipped }
  }
}
