import { check } from './provider.js'
import type { Check, TimestampUnit } from './types.js'

export interface TimestampOutcome {
  reason?: 'invalid_timestamp' | 'timestamp_outside_tolerance'
  checks: Check[]
}

// A canonical decimal integer. The text is signed as sent, while standardwebhooks, svix and stripe-node parse the
// number and sign its canonical spelling: "0<t>" verified here with a signature they refuse. Every other spelling is
// refused, as a sign or a fraction already were ("0" itself is one).
const SECONDS = /^(?:0|[1-9]\d{0,15})$/
const MILLISECONDS_FROM = 1e12 // 13 digits: 2001-09-09 in milliseconds, year 33658 in seconds

function describeInvalid (raw: string): string {
  if (raw === '') return 'it is empty'
  if (/^0\d+$/.test(raw)) return 'it has a leading zero; providers write the number without one, and the libraries that parse it sign it without'
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

// Dates up to year 5138 only: beyond that a value is surely not seconds, and its date would say nothing.
function isoDate (seconds: number): string {
  return seconds < 1e11 ? ` (${new Date(seconds * 1000).toISOString().slice(0, 19)}Z)` : ''
}

// RFC 3339 with a required zone; any number of fraction digits (Twitch sends nanoseconds).
const RFC3339 = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i
const ISO_UTC = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})?$/i

const zoneMinutes = (zone: string): number =>
  /^z$/i.test(zone) ? 0 : (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6)))

/**
 * Milliseconds of a matched date, or NaN. Date.parse rolls impossible dates over (2025-02-30 is 2 March, 24:00 the
 * next day), so the date is written back in its own zone and must read the same.
 */
function rfc3339Millis (match: RegExpExecArray | null): number {
  if (match === null) return NaN
  const zone = match[3] ?? 'Z'
  const millis = Date.parse(`${match[1]}.${(match[2] ?? '').padEnd(3, '0').slice(0, 3)}${zone}`)
  if (Number.isNaN(millis)) return NaN
  const local = new Date(millis + zoneMinutes(zone) * 60_000).toISOString().slice(0, 19)
  return local === match[1].toUpperCase() ? millis : NaN
}

const invalid = (display: string, why: string): TimestampOutcome => ({
  reason: 'invalid_timestamp',
  checks: [
    check('timestamp', 'failed', `${display} is not a valid ${why}`),
    check('timestamp_tolerance', 'skipped', 'no timestamp to compare with the clock')
  ]
})

/** The timestamp in whole Unix seconds (the second it falls in) and its parsed check, or why it is invalid. */
function parse (raw: string, display: string, now: number, unit: TimestampUnit): { seconds: number, parsed: Check } | TimestampOutcome {
  if (unit === 'rfc3339' || unit === 'iso-utc') {
    const millis = rfc3339Millis((unit === 'rfc3339' ? RFC3339 : ISO_UTC).exec(raw))
    if (Number.isNaN(millis)) {
      return invalid(display, `RFC 3339 date: ${/^\d+$/.test(raw) ? 'it is a number; this provider sends a date' : 'expected e.g. 2025-01-31T12:00:00.123Z'}`)
    }
    return { seconds: Math.floor(millis / 1000), parsed: check('timestamp', 'passed', `${display} parsed: ${raw}`) }
  }
  if (!SECONDS.test(raw)) return invalid(display, `Unix timestamp${unit === 'milliseconds' ? ' in milliseconds' : ''}: ${describeInvalid(raw)}`)
  const value = Number(raw)
  if (unit === 'milliseconds') {
    const seconds = Math.floor(value / 1000)
    const parsed = value < MILLISECONDS_FROM
      ? check('timestamp', 'warning', `${display} has ${raw.length} digits: it looks like seconds, but this provider sends milliseconds ` +
        `(read as seconds it would be ${describeSkew(now - value)})`)
      : check('timestamp', 'passed', `${display} parsed: ${value} ms${isoDate(seconds)}`)
    return { seconds, parsed }
  }
  const parsed = value >= MILLISECONDS_FROM
    ? check('timestamp', 'warning',
      `${display} has ${raw.length} digits: it looks like milliseconds, but providers send Unix seconds ` +
      `(read as milliseconds it would be ${describeSkew(Math.round(now - value / 1000))})`)
    : check('timestamp', 'passed', `${display} parsed: ${value}${isoDate(value)}`)
  return { seconds: value, parsed }
}

/**
 * Parses a timestamp and applies the symmetric tolerance: valid when |now - t| <= tolerance, so 0 means the same
 * second only. Stripe's and Slack bolt's libraries accept any future time; the docs of Slack and Standard Webhooks do
 * not, nor does this API (services/webhook/README.md, Decisions), and a sender's clock running ahead is worth reporting.
 */
export function checkTimestamp (raw: string, display: string, now: number, tolerance: number, unit: TimestampUnit = 'seconds'): TimestampOutcome {
  const read = parse(raw, display, now, unit)
  if ('checks' in read) return read
  const { parsed } = read
  const skew = now - read.seconds
  const clock = now >= MILLISECONDS_FROM ? '; now_epoch_seconds looks like milliseconds, it should be seconds' : ''
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
