// UTC offsets of IANA zones from the runtime's ICU data. Asking ICU costs microseconds per instant, so each
// (zone, UTC year) is read once into a list of offset changes, and later lookups search that list.
import { civilDate, dayNumber, floorDiv, SECONDS_PER_DAY } from '@utility-apis/civil-date'

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

// Newer ICU (Node 22 and later) also takes offsets such as "+05:00" or "-0500" as time zones: they name no zone, and
// an offset with no rules would silently ignore every DST change
const OFFSET_ID = /^[+-]/

/** Any IANA zone name the runtime's time-zone data knows, links such as US/Eastern included. */
export function isKnownTimeZone (zone: string): boolean {
  if (OFFSET_ID.test(zone)) return false
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

/** The offset (seconds) ICU gives for an instant (epoch seconds). */
export function icuOffsetAt (zone: string, instant: number): number {
  const match = EN_US.exec(formatter(zone).format(instant * 1000))
  if (match === null) throw new RangeError(`cannot read the offset of ${zone}`)
  const hour = Number(match[4])
  const wall = Date.UTC(Number(match[3]), Number(match[1]) - 1, Number(match[2]), hour === 24 ? 0 : hour,
    Number(match[5]), Number(match[6])) / 1000
  return wall - instant
}

/** The offsets in force during one UTC year: `offsets[i]` applies from `starts[i]` on. */
interface YearOffsets {
  starts: number[]
  offsets: number[]
  /** The next year's first instant. */
  end: number
}

// Bounded: a year of one zone is a few numbers, and the busiest callers touch a handful of zones and years
const MAX_CACHED_YEARS = 4096

/** The first instant in (lo, hi] whose offset differs from the offset at lo (which must differ at hi). */
function nextChange (zone: string, lo: number, hi: number, offset: number): number {
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    if (icuOffsetAt(zone, mid) === offset) lo = mid
    else hi = mid
  }
  return hi
}

/**
 * Reads a year at samples three days apart and bisects each change down to the second. Several changes between two
 * samples are all found; only a change and its exact reversal within three days could hide. No two changes of any
 * zone from 1970 to 2100 are less than 6.9 days apart (the closest: America/Boa_Vista, 2000-10-08 and 2000-10-15),
 * and resolveWallTime's one-day brackets assume less than that. A year costs about 130 ICU calls instead of 365, which
 * matters when a due date 80 years out reads every year in between.
 */
const SAMPLE_STEP = 3 * SECONDS_PER_DAY

function readYear (zone: string, year: number): YearOffsets {
  const start = dayNumber(year, 1, 1) * SECONDS_PER_DAY
  const end = dayNumber(year + 1, 1, 1) * SECONDS_PER_DAY
  const starts = [start]
  const offsets = [icuOffsetAt(zone, start)]
  for (let sample = start; sample < end;) {
    const next = Math.min(sample + SAMPLE_STEP, end)
    const target = icuOffsetAt(zone, next)
    let from = sample
    while (offsets[offsets.length - 1] !== target) {
      const change = nextChange(zone, from, next, offsets[offsets.length - 1])
      if (change < end) {
        starts.push(change)
        offsets.push(icuOffsetAt(zone, change))
      } else {
        // A change exactly at the next year's first second belongs to that year
        break
      }
      from = change
    }
    sample = next
  }
  return { starts, offsets, end }
}

// Zone, then year: a lookup builds no key string
const byZone = new Map<string, Map<number, YearOffsets>>()
let cachedYears = 0

function yearOffsets (zone: string, year: number): YearOffsets {
  let zoneYears = byZone.get(zone)
  if (zoneYears === undefined) byZone.set(zone, zoneYears = new Map())
  let table = zoneYears.get(year)
  if (table === undefined) {
    if (cachedYears >= MAX_CACHED_YEARS) {
      byZone.clear()
      byZone.set(zone, zoneYears)
      zoneYears.clear()
      cachedYears = 0
    }
    table = readYear(zone, year)
    zoneYears.set(year, table)
    cachedYears++
  }
  return table
}

// The last table looked up: a request asks about one zone, mostly within one year
let lastZone = ''
let lastTable: YearOffsets = { starts: [0], offsets: [0], end: 0 }

function tableAt (zone: string, instant: number): YearOffsets {
  if (zone === lastZone && instant >= lastTable.starts[0] && instant < lastTable.end) return lastTable
  lastTable = yearOffsets(zone, civilDate(floorDiv(instant, SECONDS_PER_DAY)).year)
  lastZone = zone
  return lastTable
}

/** The zone's UTC offset in seconds at an instant (epoch seconds). */
export function offsetAt (zone: string, instant: number): number {
  const { starts, offsets } = tableAt(zone, instant)
  let i = starts.length - 1
  while (starts[i] > instant) i--
  return offsets[i]
}

/** A stretch of time with one offset: instants in [start, end). `end` may be a UTC year boundary with no change at it. */
export interface OffsetSpan {
  start: number
  end: number
  offset: number
}

/** The stretch of constant offset that holds an instant. */
export function offsetSpan (zone: string, instant: number): OffsetSpan {
  const { starts, offsets, end } = tableAt(zone, instant)
  let i = starts.length - 1
  while (starts[i] > instant) i--
  return { start: starts[i], end: i + 1 < starts.length ? starts[i + 1] : end, offset: offsets[i] }
}

/** An offset change: from `at` on, `after` applies instead of `before`. */
export interface OffsetChange {
  at: number
  before: number
  after: number
}

/** The offset changes at instants in (from, to]. */
export function offsetChanges (zone: string, from: number, to: number): OffsetChange[] {
  const changes: OffsetChange[] = []
  let previous = offsetAt(zone, from)
  const first = civilDate(floorDiv(from, SECONDS_PER_DAY)).year
  const last = civilDate(floorDiv(to, SECONDS_PER_DAY)).year
  for (let year = first; year <= last; year++) {
    const { starts, offsets } = yearOffsets(zone, year)
    for (let i = 0; i < starts.length; i++) {
      if (starts[i] <= from || starts[i] > to) continue
      if (offsets[i] !== previous) changes.push({ at: starts[i], before: previous, after: offsets[i] })
      previous = offsets[i]
    }
  }
  return changes
}
