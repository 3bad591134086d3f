// What the AI crawlers really get: the homepage and /robots.txt fetched with each crawler's published
// user agent, through safe-fetch and within the analysis budget, a few crawlers at a time, both of a
// crawler's requests together (they run beside the page sample, off the analysis's critical path). Each is
// compared with what our own declared user agent got, so a server that answers one crawler 403, a
// challenge or another page while robots.txt allows it shows up (and the reverse).
import { createHash } from 'node:crypto'
import { detectBotChallenge } from '@utility-apis/homepage-fetch'
import { FETCHED_CRAWLERS, type FetchedCrawler } from '../ai-crawlers.js'
import type { CrawlerFetchFacts } from '../observations.js'
import { parseRobotsTxt } from '../robots/robots-parse.js'
import { fetchStep, LIMITS, type Budget, type Fetcher, type Step } from './fetch-step.js'
import { robotsOutcome, robotsVerdicts, type RobotsPolicy } from '../robots/robots-policy.js'
import type { ObservedRobots } from './observe-robots.js'

/** Crawlers fetched at the same time, 2 requests each: at most twice this many in flight on the site. */
export const CRAWLER_CONCURRENCY = 7
/** A crawler's homepage is compared, not read: its first 256 KiB are enough to tell the page apart. */
const CRAWLER_PAGE_BYTES = 256 * 1024
const SIZE_TOLERANCE = 0.25

export interface CrawlerContext {
  fetchAs: (userAgent: string) => Fetcher
  budget: Budget
  origin: string
  homepageUrl: string
}

/** What our own fetch got, to compare each crawler's with. */
export interface OwnView {
  robots: ObservedRobots
  homepage: { status: number | null, finalUrl: string | null, body: Buffer | null }
}

function titleOf (body: Buffer): string | null {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(body.subarray(0, 65_536).toString('utf8'))
  return match === null ? null : match[1].replace(/\s+/g, ' ').trim()
}

/** How a crawler's homepage differs from ours, or null when it is the same page. */
function differenceOf (step: Step, own: OwnView['homepage']): string | null {
  const r = step.result
  if (r === null || own.body === null) return r === null && own.body === null ? null : 'one of the two fetches got no answer'
  if (r.status !== own.status) return `HTTP ${r.status} where we got ${own.status ?? 'no answer'}`
  if (r.finalUrl !== own.finalUrl) return `redirected to ${r.finalUrl}`
  const [theirs, ours] = [titleOf(r.body), titleOf(own.body)]
  if (theirs !== ours) return `title ${theirs === null ? 'missing' : `"${theirs}"`} where ours is ${ours === null ? 'missing' : `"${ours}"`}`
  const ourSize = Math.min(own.body.length, CRAWLER_PAGE_BYTES)
  if (Math.abs(r.body.length - ourSize) > SIZE_TOLERANCE * Math.max(ourSize, 1)) return `${r.body.length} bytes where ours has ${ourSize}`
  return null
}

async function observeCrawler (crawler: FetchedCrawler, ctx: CrawlerContext, own: Promise<OwnView>): Promise<CrawlerFetchFacts> {
  const fetcher = ctx.fetchAs(crawler.userAgent)
  const robotsUrl = new URL('/robots.txt', ctx.origin).href
  const [robots, page] = await Promise.all([
    fetchStep(fetcher, ctx.budget, `robots.txt as ${crawler.token}`, robotsUrl, { maxBytes: LIMITS.robots, accept: 'text/plain,*/*;q=0.5' }),
    fetchStep(fetcher, ctx.budget, `homepage as ${crawler.token}`, ctx.homepageUrl, { maxBytes: CRAWLER_PAGE_BYTES })
  ])
  const ours = await own
  const status = robots.facts.status
  const outcome = robotsOutcome(robots.facts)
  const digest = robots.result === null ? null : createHash('sha256').update(robots.result.body).digest('hex')
  const sameRobots = status === ours.robots.facts.fetch.status && digest === ours.robots.digest
  // a crawler obeys the robots.txt it was served, which may not be the one we were served
  const policy: RobotsPolicy = sameRobots
    ? ours.robots.policy
    : { outcome, parsed: outcome === 'parsed' && robots.result !== null ? parseRobotsTxt(robots.result.body) : null }
  const verdict = robotsVerdicts(policy, ctx.homepageUrl)(crawler.token)
  const r = page.result
  const challenge = r === null
    ? null
    : detectBotChallenge({ status: r.status, headers: r.headers, title: titleOf(r.body), html: r.body.subarray(0, 65_536).toString('utf8') }).provider
  return {
    token: crawler.token,
    user_agent: crawler.userAgent,
    robots_txt: { status, outcome, same_as_ours: sameRobots },
    robots_allowed: verdict.allowed,
    robots_rule: verdict.rule,
    homepage: {
      status: page.facts.status,
      final_url: page.facts.final_url,
      error: page.facts.error?.message ?? null,
      challenge,
      difference: differenceOf(page, ours.homepage)
    }
  }
}

/** Every fetched crawler, CRAWLER_CONCURRENCY at a time, in the order of FETCHED_CRAWLERS. */
export async function observeCrawlers (ctx: CrawlerContext, own: Promise<OwnView>): Promise<CrawlerFetchFacts[]> {
  const results: CrawlerFetchFacts[] = new Array(FETCHED_CRAWLERS.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < FETCHED_CRAWLERS.length) {
      const index = next++
      results[index] = await observeCrawler(FETCHED_CRAWLERS[index], ctx, own)
    }
  }
  await Promise.all(Array.from({ length: CRAWLER_CONCURRENCY }, worker))
  return results
}
