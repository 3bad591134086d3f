// UTC offsets of IANA zones, and the mapping from a local wall time to an instant, decided here rather than by a
// date library: luxon resolves a repeated wall time with the offset the host has *today* (luxon #1089), so the same
// request would give different answers in summer and in winter.
import { floorDiv, floorMod, formatWallTime, SECONDS_PER_DAY } from './civil-date.js'

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatter (zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric'
    })
    formatters.set(zone, format)
  }
  return format
}

/** Any zone name the runtime's time-zone data knows, links such as US/Eastern included. */
export function isKnownTimeZone (zone: string): boolean {
  if (formatters.has(zone)) return true
  try {
    formatter(zone)
    return true
  } catch {
    return false
  }
}

// `format` is an order of magnitude faster than `formatToParts`, and en-US with h23 has a fixed shape:
// "11/1/2026, 01:30:00"
const EN_US = /^(\d+)\/(\d+)\/(\d+), (\d+):(\d+):(\d+)$/

/** The zone's UTC offset in seconds at an instant (epoch seconds). */
export function offsetAt (zone: string, instant: number): number {
  const match = EN_US.exec(formatter(zone).format(instant * 1000))
  if (match === null) throw new RangeError(`cannot read the offset of ${zone}`)
  const hour = Number(match[4])
  const wall = Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2]), hour === 24 ? 0 : hour,
    Number(match[5]), Number(match[6])) / 1000
  return wall - instant
}

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

/**
 * The instant of a wall time the zone neither skips nor repeats, such as a time inside a working window, starting
 * from the offset it most likely has (the offset of a nearby instant). Usually one offset lookup instead of three.
 */
export function resolveUnambiguousWallTime (zone: string, wall: number, likelyOffset: number): ZonedTime {
  let offset = likelyOffset
  for (let attempt = 0; attempt < 2; attempt++) {
    const actual = offsetAt(zone, wall - offset)
    if (actual === offset) return { instant: wall - offset, offset }
    offset = actual
  }
  return resolveWallTime(zone, wall)
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
