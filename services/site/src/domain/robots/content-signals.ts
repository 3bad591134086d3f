// Cloudflare Content Signals (`Content-Signal: search=yes, ai-train=no, ai-input=yes`): declared
// preferences for how content may be used. Reported as found; they do not change any score.
import type { ParsedRobots } from './robots-parse.js'

export interface ContentSignal {
  line: number
  /** user agents of the group the line sits in; empty when it stands outside any group */
  user_agents: string[]
  signals: Record<string, string>
  /** parts that are not `name=yes|no` */
  invalid: string[]
}

export function extractContentSignals (parsed: ParsedRobots): ContentSignal[] {
  const out: ContentSignal[] = []
  let agents: string[] = []
  let ruleSeen = false
  for (const record of parsed.records) {
    if (record.key === 'user-agent') {
      if (ruleSeen) agents = []
      ruleSeen = false
      agents.push(record.value)
    } else if (record.key === 'allow' || record.key === 'disallow') {
      ruleSeen = true
    } else if (record.key === 'unknown' && record.name === 'content-signal') {
      const signals: Record<string, string> = {}
      const invalid: string[] = []
      for (const part of record.value.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
        const match = /^([a-z0-9-]+)\s*=\s*(yes|no)$/i.exec(part)
        if (match === null) invalid.push(part)
        else signals[match[1].toLowerCase()] = match[2].toLowerCase()
      }
      out.push({ line: record.line, user_agents: [...agents], signals, invalid })
    }
  }
  return out
}
