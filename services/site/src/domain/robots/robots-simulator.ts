// The robots.txt change simulator: which of a site's URLs change verdict, per user agent, from the
// robots.txt the site serves to a proposed one, each change with the line that decided before and after.
import { extractContentSignals, type ContentSignal } from './content-signals.js'
import { lintRobotsTxt, type RobotsLint } from './robots-lint.js'
import { getPathParamsQuery } from './robots-match.js'
import { parseRobotsTxt } from './robots-parse.js'
import { robotsVerdicts, type RobotsPolicy, type RobotsVerdict } from './robots-policy.js'

/** Changed URLs listed per user agent and direction; the totals count them all. */
export const LISTED_CHANGES = 100
// URLs judged between two turns of the event loop: a hostile proposal cannot hold it for long
const URLS_PER_TURN = 25

interface VerdictChange {
  url: string
  path: string
  before: RobotsVerdict
  after: RobotsVerdict
}

interface AgentChanges {
  user_agent: string
  /** disallowed now, allowed by the proposal */
  opened: { total: number, urls: VerdictChange[] }
  /** allowed now, disallowed by the proposal */
  closed: { total: number, urls: VerdictChange[] }
  unchanged: number
}

export interface SimulationResult {
  results: AgentChanges[]
  proposed: { lint: RobotsLint, sitemaps: string[], content_signals: ContentSignal[], truncated: boolean }
}

const turn = async (): Promise<void> => { await new Promise((resolve) => setImmediate(resolve)) }

export async function simulateRobotsChange (current: RobotsPolicy, proposedText: string, urls: string[], agents: string[]): Promise<SimulationResult> {
  const parsed = parseRobotsTxt(proposedText)
  const proposed: RobotsPolicy = { outcome: 'parsed', parsed }
  const results: AgentChanges[] = agents.map((agent) => ({ user_agent: agent, opened: { total: 0, urls: [] }, closed: { total: 0, urls: [] }, unchanged: 0 }))
  for (const [index, url] of urls.entries()) {
    if (index > 0 && index % URLS_PER_TURN === 0) await turn()
    const before = robotsVerdicts(current, url)
    const after = robotsVerdicts(proposed, url)
    for (const result of results) {
      const change = { url, path: getPathParamsQuery(url), before: before(result.user_agent), after: after(result.user_agent) }
      if (change.before.allowed === change.after.allowed) {
        result.unchanged++
        continue
      }
      const list = change.after.allowed ? result.opened : result.closed
      list.total++
      if (list.urls.length < LISTED_CHANGES) list.urls.push(change)
    }
  }
  return {
    results,
    proposed: {
      lint: lintRobotsTxt(parsed.text),
      sitemaps: parsed.sitemaps,
      content_signals: extractContentSignals(parsed),
      truncated: parsed.truncated
    }
  }
}
