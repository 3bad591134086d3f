import { describe, expect, it } from 'vitest'
import { checkTimestamp, describeSkew } from '../../src/domain/timestamp.js'

const NOW = 1_700_000_000

describe('checkTimestamp', () => {
  it('applies the tolerance symmetrically, inclusive at the bound', () => {
    expect(checkTimestamp(String(NOW - 300), 'ts', NOW, 300).reason).toBeUndefined()
    expect(checkTimestamp(String(NOW + 300), 'ts', NOW, 300).reason).toBeUndefined()
    expect(checkTimestamp(String(NOW - 301), 'ts', NOW, 300).reason).toBe('timestamp_outside_tolerance')
    expect(checkTimestamp(String(NOW + 301), 'ts', NOW, 300).reason).toBe('timestamp_outside_tolerance')
    expect(checkTimestamp(String(NOW), 'ts', NOW, 0).reason).toBeUndefined()
  })

  it('shows the parsed time as a date', () => {
    const [parsed] = checkTimestamp('1531420618', 'X-Slack-Request-Timestamp', 1531420618, 300).checks
    expect(parsed).toEqual({ name: 'timestamp', status: 'passed', detail: 'X-Slack-Request-Timestamp parsed: 1531420618 (2018-07-12T18:36:58Z)' })
  })

  it.each([
    ['', 'it is empty'],
    ['-5', 'it is negative'],
    ['1700000000.25', 'fractional part'],
    ['2023-11-14T22:13:20Z', 'ISO 8601'],
    ['12345678901234567', 'more than 16 digits'],
    ['abc', 'not an integer'],
    ['01700000000', 'leading zero'],
    ['00', 'leading zero'],
    ['+1700000000', 'not an integer']
  ])('explains why %j is not a timestamp', (raw, why) => {
    const outcome = checkTimestamp(raw, 'ts', NOW, 300)
    expect(outcome.reason).toBe('invalid_timestamp')
    expect(outcome.checks[0].detail).toContain(why)
    expect(outcome.checks[1].status).toBe('skipped')
  })

  // The text is signed as sent; the libraries sign the number they parse. Only the canonical spelling is both.
  it('reads only the canonical spelling of a number, in every unit: "0" is one, "0<t>" is not', () => {
    expect(checkTimestamp('0', 'ts', 0, 0).reason).toBeUndefined()
    expect(checkTimestamp('0', 'ts', 0, 0, 'milliseconds').reason).toBeUndefined()
    expect(checkTimestamp(`0${NOW}`, 'ts', NOW, 300).reason).toBe('invalid_timestamp')
    expect(checkTimestamp(`0${NOW * 1000}`, 'ts', NOW, 300, 'milliseconds').reason).toBe('invalid_timestamp')
    expect(checkTimestamp(`0${NOW}`, 'ts', NOW, 300).checks[0].detail).toContain('leading zero')
  })

  it('recognises milliseconds and says how far they are as milliseconds', () => {
    const outcome = checkTimestamp(String((NOW - 5) * 1000), 'ts', NOW, 300)
    expect(outcome.reason).toBe('timestamp_outside_tolerance')
    expect(outcome.checks[0]).toMatchObject({ status: 'warning' })
    expect(outcome.checks[0].detail).toContain('read as milliseconds it would be 5 s in the past')
  })

  it('notices a clock given in milliseconds', () => {
    expect(checkTimestamp(String(NOW), 'ts', NOW * 1000, 300).checks[1].detail).toContain('now_epoch_seconds looks like milliseconds')
  })
})

describe('describeSkew', () => {
  it.each([
    [0, 'the same second as now'],
    [42, '42 s in the past'],
    [-7, '7 s in the future'],
    [600, '600 s in the past (about 10 min)'],
    [-7200, '7200 s in the future (about 2 hours)'],
    [3 * 86400, '259200 s in the past (about 3 days)']
  ])('%d s', (skew, words) => {
    expect(describeSkew(skew)).toBe(words)
  })
})

describe('checkTimestamp in other units', () => {
  it('reads milliseconds, and says when a value looks like seconds', () => {
    expect(checkTimestamp(String(NOW * 1000 + 999), 'ts', NOW, 0, 'milliseconds').reason).toBeUndefined()
    expect(checkTimestamp(String((NOW - 301) * 1000), 'ts', NOW, 300, 'milliseconds').reason).toBe('timestamp_outside_tolerance')
    expect(checkTimestamp(String((NOW - 300) * 1000), 'ts', NOW, 300, 'milliseconds').reason).toBeUndefined()
    const seconds = checkTimestamp(String(NOW), 'ts', NOW, 300, 'milliseconds')
    expect(seconds.checks[0]).toMatchObject({ status: 'warning', detail: expect.stringContaining('looks like seconds') })
  })

  it('reads RFC 3339 dates with any fraction and zone', () => {
    expect(checkTimestamp('2023-11-14T22:13:20.123456789Z', 'ts', NOW, 0, 'rfc3339').reason).toBeUndefined()
    expect(checkTimestamp('2023-11-14T23:13:20+01:00', 'ts', NOW, 0, 'rfc3339').reason).toBeUndefined()
    expect(checkTimestamp('2023-11-14T22:08:19Z', 'ts', NOW, 300, 'rfc3339').reason).toBe('timestamp_outside_tolerance')
    expect(checkTimestamp('1700000000', 'ts', NOW, 300, 'rfc3339').checks[0].detail).toContain('it is a number')
    expect(checkTimestamp('2023-11-14 22:13:20', 'ts', NOW, 300, 'rfc3339').reason).toBe('invalid_timestamp')
  })

  it('refuses RFC 3339 dates that do not exist rather than rolling them over', () => {
    for (const raw of ['2023-02-29T00:00:00Z', '2023-04-31T10:00:00+02:00', '2023-11-14T24:00:00Z', '2023-11-14T22:60:00Z']) {
      expect(checkTimestamp(raw, 'ts', NOW, 1e9, 'rfc3339').reason, raw).toBe('invalid_timestamp')
      expect(checkTimestamp(raw, 'ts', NOW, 1e9, 'iso-utc').reason, raw).toBe('invalid_timestamp')
    }
    expect(checkTimestamp('2024-02-29T23:30:00-01:00', 'ts', NOW, 1e9, 'rfc3339').reason).toBeUndefined()
    expect(checkTimestamp('2024-02-29t23:30:00.5z', 'ts', NOW, 1e9, 'rfc3339').reason).toBeUndefined()
  })
})
