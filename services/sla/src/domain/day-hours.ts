// The working hours of one local date: seconds of the wall-clock day in a flat list [start0, end0, start1, end1, ...],
// ascending, each start inclusive and end exclusive, with no two intervals touching (touching ones are merged, so
// 09:00-12:00 plus 12:00-17:00 is one stretch). Plain arrays of integers keep every step exact and allocation-free.
import { SECONDS_PER_DAY } from '@utility-apis/civil-date'

export type DayHours = readonly number[]

export const CLOSED: DayHours = Object.freeze([])

/** Sorted intervals (each start < end) merged where they touch or overlap. */
export function mergeIntervals (intervals: ReadonlyArray<readonly [number, number]>): DayHours {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0])
  const out: number[] = []
  for (const [start, end] of sorted) {
    if (out.length > 0 && start <= out[out.length - 1]) out[out.length - 1] = Math.max(out[out.length - 1], end)
    else out.push(start, end)
  }
  return out
}

export function hoursMeasure (hours: DayHours): number {
  let total = 0
  for (let i = 0; i < hours.length; i += 2) total += hours[i + 1] - hours[i]
  return total
}

/** Working seconds of the day before `second`. */
export function measureBefore (hours: DayHours, second: number): number {
  let total = 0
  for (let i = 0; i < hours.length; i += 2) {
    if (hours[i] >= second) break
    total += Math.min(hours[i + 1], second) - hours[i]
  }
  return total
}

export function isOpenAt (hours: DayHours, second: number): boolean {
  for (let i = 0; i < hours.length; i += 2) {
    if (second < hours[i]) return false
    if (second < hours[i + 1]) return true
  }
  return false
}

/** The earliest second of the day by which `amount` working seconds (0 < amount <= measure) have passed. */
export function secondReaching (hours: DayHours, amount: number): number {
  let rest = amount
  for (let i = 0; i < hours.length; i += 2) {
    const length = hours[i + 1] - hours[i]
    if (rest <= length) return hours[i] + rest
    rest -= length
  }
  throw new RangeError('the day holds fewer working seconds than asked')
}

/** The latest second of the day from which `amount` working seconds (0 < amount <= measure) remain in the day. */
export function secondLeaving (hours: DayHours, amount: number): number {
  let rest = amount
  for (let i = hours.length - 2; i >= 0; i -= 2) {
    const length = hours[i + 1] - hours[i]
    if (rest <= length) return hours[i + 1] - rest
    rest -= length
  }
  throw new RangeError('the day holds fewer working seconds than asked')
}

/** The hours left once the ranges (flat [from, to, ...], any order, may overlap) are taken out. */
export function withoutRanges (hours: DayHours, ranges: readonly number[]): DayHours {
  let out: number[] = hours.slice()
  for (let r = 0; r < ranges.length; r += 2) {
    const from = ranges[r]
    const to = ranges[r + 1]
    const next: number[] = []
    for (let i = 0; i < out.length; i += 2) {
      const start = out[i]
      const end = out[i + 1]
      if (end <= from || start >= to) {
        next.push(start, end)
        continue
      }
      if (start < from) next.push(start, from)
      if (end > to) next.push(to, end)
    }
    out = next
  }
  return out
}

/** Working seconds of the day inside [from, to). */
export function measureWithin (hours: DayHours, from: number, to: number): number {
  let total = 0
  for (let i = 0; i < hours.length; i += 2) {
    const start = Math.max(hours[i], from)
    const end = Math.min(hours[i + 1], to)
    if (end > start) total += end - start
  }
  return total
}

export function coversWholeDay (hours: DayHours): boolean {
  return hours.length === 2 && hours[0] === 0 && hours[1] === SECONDS_PER_DAY
}

export function sameHours (a: DayHours, b: DayHours): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
