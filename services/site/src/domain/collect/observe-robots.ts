// The site's /robots.txt: fetched, applied as RFC 9309 says (robots-policy.ts), linted, and its verdict
// for the homepage worked out for every crawler token observed.
import { createHash } from 'node:crypto'
import { OBSERVED_TOKENS } from '../ai-crawlers.js'
import type { RobotsFacts } from '../observations.js'
import { extractContentSignals } from '../robots/content-signals.js'
import { lintRobotsTxt } from '../robots/robots-lint.js'
import { parseRobotsTxt } from '../robots/robots-parse.js'
import { robotsOutcome, robotsVerdicts, type RobotsPolicy } from '../robots/robots-policy.js'
import { fetchStep, LIMITS, type Budget, type Fetcher, type Step } from './fetch-step.js'

export interface ObservedRobots {
  facts: RobotsFacts
  policy: RobotsPolicy
  /** sha256 of the body, to tell whether another user agent was served the same file */
  digest: string | null
}

/** The origin's /robots.txt, fetched: it needs no homepage, so an analysis may ask for it beside the homepage. */
export async function fetchRobots (fetcher: Fetcher, budget: Budget, origin: string): Promise<Step> {
  const url = new URL('/robots.txt', origin).href
  return await fetchStep(fetcher, budget, 'robots.txt', url, { maxBytes: LIMITS.robots, accept: 'text/plain,*/*;q=0.5' })
}

export async function observeRobots (fetcher: Fetcher, budget: Budget, origin: string, homepageUrl: string): Promise<ObservedRobots> {
  return readRobots(await fetchRobots(fetcher, budget, origin), homepageUrl)
}

/** A fetched robots.txt applied, linted and asked about the homepage for every crawler token. */
export function readRobots (step: Step, homepageUrl: string): ObservedRobots {
  const url = step.facts.url
  const outcome = robotsOutcome(step.facts)
  const parsed = outcome === 'parsed' && step.result !== null ? parseRobotsTxt(step.result.body) : null
  const policy: RobotsPolicy = { outcome, parsed }
  const verdictOn = robotsVerdicts(policy, homepageUrl)
  const lint = parsed === null ? null : lintRobotsTxt(parsed.text)
  const sitemaps = (parsed?.sitemaps ?? []).filter((s) => { try { return /^https?:$/.test(new URL(s).protocol) } catch { return false } })
  return {
    policy,
    digest: step.result === null ? null : createHash('sha256').update(step.result.body).digest('hex'),
    facts: {
      url,
      fetch: step.facts,
      outcome,
      bytes: step.result?.body.length ?? 0,
      truncated: step.result?.truncated === true || parsed?.truncated === true,
      lint_errors: lint?.errors ?? [],
      lint_warnings: lint?.warnings ?? [],
      sitemaps,
      content_signals: parsed === null ? [] : extractContentSignals(parsed),
      homepage: OBSERVED_TOKENS.map((token) => ({ token, ...verdictOn(token) }))
    }
  }
}
