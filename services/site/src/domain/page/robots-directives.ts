// X-Robots-Tag values: `noindex, nofollow` for every robot, or `googlebot: noindex` for one.
// Repeated headers arrive joined with ", ", so an agent prefix applies until the next one.
import type { AgentDirectives } from '../observations.js'

const VALUED = new Set(['unavailable_after', 'max-snippet', 'max-image-preview', 'max-video-preview'])

export function parseXRobotsTag (value: string | null | undefined): AgentDirectives {
  const out: AgentDirectives = { generic: [], by_agent: {} }
  if (value === null || value === undefined) return out
  let agent: string | null = null
  for (const raw of value.split(',')) {
    let part = raw.trim().toLowerCase()
    if (part === '') continue
    const prefixed = /^([a-z0-9_-]+)\s*:\s*(.*)$/.exec(part)
    if (prefixed !== null && !VALUED.has(prefixed[1])) {
      agent = prefixed[1]
      part = prefixed[2].trim()
      if (part === '') continue
    }
    // a date after unavailable_after may itself contain a comma ("Mon, 25 Jun 2029 ...")
    const list = agent === null ? out.generic : (out.by_agent[agent] ??= [])
    const last = list.length - 1
    if (last >= 0 && list[last].startsWith('unavailable_after') && /^\d/.test(part)) list[last] += `, ${part}`
    else list.push(part)
  }
  return out
}
