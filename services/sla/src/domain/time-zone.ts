// UTC offsets of IANA zones, and the mapping from a local wall time to an instant, decided here rather than by a
// date library: luxon resolves a repeated wall time with the offset the host has *today* (luxon #1089), so the same
// request would give different answers in summer and in winter.
import { dayNumber, floorDiv, floorMod, formatWallTime, SECONDS_PER_DAY } from '@utility-apis/civil-date'
import { offsetAt, offsetChanges } from './zone-offsets.js'

export { isKnownTimeZone, offsetAt, offsetSpan } from './zone-offsets.js'

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

// Two of these per answer made formatting the largest part of a due date's cost. Each piece is written once: the
// date part of a day of 1970-2200 when first used (84,000 of them at most), the hour and minute of each of the
// 1,440 minutes of a day, the few offsets a zone has
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'))
const MINUTE_TEXTS = Array.from({ length: 1440 }, (_, i) => `${TWO_DIGITS[Math.floor(i / 60)]}:${TWO_DIGITS[i % 60]}:`)
const CACHED_DAYS = dayNumber(2201, 1, 1)
const dateTexts = new Array<string | undefined>(CACHED_DAYS)
const offsetTexts = new Map<number, string>()

function offsetText (offset: number): string {
  let text = offsetTexts.get(offset)
  if (text === undefined) {
    text = formatOffset(offset)
    if (offsetTexts.size < 4096) offsetTexts.set(offset, text)
  }
  return text
}

/** `YYYY-MM-DDT` of a day number. */
function dateText (day: number): string {
  const cached = day >= 0 && day < CACHED_DAYS ? dateTexts[day] : undefined
  if (cached !== undefined) return cached
  const text = formatWallTime(day * SECONDS_PER_DAY).slice(0, -8)
  if (day >= 0 && day < CACHED_DAYS) dateTexts[day] = text
  return text
}

/** `YYYY-MM-DDTHH:MM:SS±HH:MM`, as formatWallTime and formatOffset would write it. */
export function formatZonedTime (time: ZonedTime): string {
  const wall = time.instant + time.offset
  const day = floorDiv(wall, SECONDS_PER_DAY)
  const second = wall - day * SECONDS_PER_DAY
  return dateText(day) + MINUTE_TEXTS[Math.floor(second / 60)] + TWO_DIGITS[second % 60] + offsetText(time.offset)
}

// Zone, then year: a lookup builds no key string. Bounded like the offset tables.
const irregularByZone = new Map<string, Map<number, ReadonlySet<number>>>()
let irregularYears = 0
const MAX_IRREGULAR_YEARS = 4096

/**
 * The local dates of `year` (day numbers) whose wall clock an offset change skips or repeats: on every other date
 * each wall time happens exactly once, at the wall time minus one offset.
 */
export function irregularDays (zone: string, year: number): ReadonlySet<number> {
  let zoneYears = irregularByZone.get(zone)
  if (zoneYears === undefined) irregularByZone.set(zone, zoneYears = new Map())
  const cached = zoneYears.get(year)
  if (cached !== undefined) return cached
  const first = dayNumber(year, 1, 1)
  const end = dayNumber(year + 1, 1, 1)
  const found = new Set<number>()
  // A change two days outside the year can still skip or repeat wall times of its first or last date
  for (const change of offsetChanges(zone, (first - 2) * SECONDS_PER_DAY, (end + 2) * SECONDS_PER_DAY)) {
    const from = change.at + Math.min(change.before, change.after)
    const to = change.at + Math.max(change.before, change.after)
    for (let day = floorDiv(from, SECONDS_PER_DAY); day * SECONDS_PER_DAY < to; day++) {
      if (day >= first && day < end) found.add(day)
    }
  }
  if (irregularYears >= MAX_IRREGULAR_YEARS) {
    irregularByZone.clear()
    irregularByZone.set(zone, zoneYears)
    zoneYears.clear()
    irregularYears = 0
  }
  zoneYears.set(year, found)
  irregularYears++
  return found
}
