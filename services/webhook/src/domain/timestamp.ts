import { check } from './provider.js'
import type { Check } from './types.js'

export interface TimestampOutcome {
  reason?: 'invalid_timestamp' | 'timestamp_outside_tolerance'
  checks: Check[]
}

const SECONDS = /^\d{1,16}$/
const MILLISECONDS_FROM = 1e12 // 13 digits: 2001-09-09 in milliseconds, year 33658 in seconds

function describeInvalid (raw: string): string {
  if (raw === '') return 'it is empty'
  if (/^-\d+$/.test(raw)) return 'it is negative'
  if (/^\d+\.\d*$/.test(raw)) return 'it has a fractional part; providers send whole Unix seconds'
  if (/^\d{4}-\d{2}-\d{2}/.test(raw)) return 'it looks like an ISO 8601 date; providers send Unix seconds'
  if (/^\d{17,}$/.test(raw)) return 'it has more than 16 digits'
  return 'it is not an integer number of Unix seconds'
}

/** "12 s in the past (about 2 min)": how far a timestamp is from now, in words. */
export function describeSkew (skew: number): string {
  if (skew === 0) return 'the same second as now'
  const size = Math.abs(skew)
  const direction = skew > 0 ? 'in the past' : 'in the future'
  let about = ''
  if (size >= 2 * 86400) about = ` (about ${Math.round(size / 86400)} days)`
  else if (size >= 2 * 3600) about = ` (about ${Math.round(size / 3600)} hours)`
  else if (size >= 120) about = ` (about ${Math.round(size / 60)} min)`
  return `${size} s ${direction}${about}`
}

const two = (n: number) => (n < 10 ? '0' : '') + n

/**
 * "2023-11-14T22:13:20Z" for Unix seconds before year 5139, by civil-from-days arithmetic (proleptic Gregorian, as
 * Date): this runs on every verification with a timestamp, and a Date plus toISOString costs more than the rest of
 * the timestamp check.
 */
export function isoSeconds (seconds: number): string {
  const days = Math.floor(seconds / 86400)
  const secondOfDay = seconds - days * 86400
  // Days since 0000-03-01, in 400-year eras of 146097 days (Hinnant's days_from_civil, inverted).
  const z = days + 719468
  const era = Math.floor(z / 146097)
  const dayOfEra = z - era * 146097
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) / 365)
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const monthIndex = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1
  const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${two(Math.floor(secondOfDay / 3600))}:` +
    `${two(Math.floor(secondOfDay / 60) % 60)}:${two(secondOfDay % 60)}Z`
}

function isoDate (seconds: number): string {
  return seconds < 1e11 ? ` (${isoSeconds(seconds)})` : ''
}

/**
 * Parses a timestamp header and applies the symmetric tolerance: valid when |now - t| <= tolerance, so 0 means the
 * same second only. Stripe's and Slack bolt's libraries accept any future time; the docs of Slack and Standard
 * Webhooks and DESIGN.md do not, and a sender's clock running ahead is worth reporting either way.
 */
export function checkTimestamp (raw: string, display: string, now: number, tolerance: number): TimestampOutcome {
  if (!SECONDS.test(raw)) {
    return {
      reason: 'invalid_timestamp',
      checks: [
        check('timestamp', 'failed', `${display} is not a valid Unix timestamp: ${describeInvalid(raw)}`),
        check('timestamp_tolerance', 'skipped', 'no timestamp to compare with the clock')
      ]
    }
  }
  const value = Number(raw)
  const skew = now - value
  const clock = now >= MILLISECONDS_FROM ? '; now_epoch_seconds looks like milliseconds, it should be seconds' : ''
  const parsed = value >= MILLISECONDS_FROM
    ? check('timestamp', 'warning',
      `${display} has ${raw.length} digits: it looks like milliseconds, but providers send Unix seconds ` +
      `(read as milliseconds it would be ${describeSkew(Math.round(now - value / 1000))})`)
    : check('timestamp', 'passed', `${display} parsed: ${value}${isoDate(value)}`)
  if (Math.abs(skew) <= tolerance) {
    return { checks: [parsed, check('timestamp_tolerance', 'passed', `timestamp is ${describeSkew(skew)}, within the tolerance of ${tolerance} s${clock}`)] }
  }
  const why = skew > 0
    ? 'a replayed or captured delivery, or a slow clock on this side; to test an old delivery pass now_epoch_seconds'
    : 'the sender\'s clock runs ahead, or the timestamp is not in seconds'
  return {
    reason: 'timestamp_outside_tolerance',
    checks: [parsed, check('timestamp_tolerance', 'failed', `timestamp is ${describeSkew(skew)}, beyond the tolerance of ${tolerance} s: ${why}${clock}`)]
  }
}
