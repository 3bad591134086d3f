// UTC offsets of IANA zones, and the mapping from a local wall time to an instant, decided here rather than by a
// date library: luxon resolves a repeated wall time with the offset the host has *today* (luxon #1089), so the same
// request would give different answers in summer and in winter.
import { floorDiv, floorMod, formatWallTime, SECONDS_PER_DAY } from '@utility-apis/civil-date'
import { offsetAt } from './zone-offsets.js'

export { isKnownTimeZone, offsetAt } from './zone-offsets.js'

/** An instant (epoch seconds) with the zone's offset at that instant; its wall time is instant + offset. */
export interface ZonedTime {
  instant: number
  offset: number
}

export function zonedTime (zone: string, instant: number): ZonedTime {
  return { instant, offset: offsetAt(zone, instant) }
}

/**
 * The instant of a local wall time (seconds, as if UTC). A repeated wall time (the fall-back hour) takes the earlier
 * instant, and a skipped one (the spring-forward hour) moves forward by the length of the gap: 02:30 on a
 * spring-forward night becomes 03:30. This is Temporal's `compatible`, RFC 5545's and java.time's rule; it depends
 * only on the zone's rules, never on the host's clock.
 */
export function resolveWallTime (zone: string, wall: number): ZonedTime {
  // Offsets one day either side bracket any single transition near this wall time (|offset| < 1 day)
  const before = offsetAt(zone, wall - SECONDS_PER_DAY)
  const after = offsetAt(zone, wall + SECONDS_PER_DAY)
  const withBefore = offsetAt(zone, wall - before)
  if (before === after && withBefore === before) return { instant: wall - before, offset: before }
  const withAfter = offsetAt(zone, wall - after)
  const beforeFits = withBefore === before
  const afterFits = withAfter === after
  // Both fit in a repeated hour: the larger offset gives the earlier instant
  if (beforeFits && afterFits) return before > after ? { instant: wall - before, offset: before } : { instant: wall - after, offset: after }
  if (afterFits) return { instant: wall - after, offset: after }
  // In a gap neither offset maps back to this wall time; the offset in force before the gap moves it forward
  return { instant: wall - before, offset: withBefore }
}

function pad (value: number): string {
  return String(value).padStart(2, '0')
}

/** `±HH:MM`, with `+00:00` for UTC (never `Z`); seconds only for the odd historical offset that has them. */
export function formatOffset (offset: number): string {
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  const seconds = floorMod(abs, 60)
  const text = `${sign}${pad(floorDiv(abs, 3600))}:${pad(floorDiv(abs, 60) % 60)}`
  return seconds === 0 ? text : `${text}:${pad(seconds)}`
}

/** `YYYY-MM-DDTHH:MM:SS±HH:MM`. */
export function formatZonedTime (time: ZonedTime): string {
  return formatWallTime(time.instant + time.offset) + formatOffset(time.offset)
}
