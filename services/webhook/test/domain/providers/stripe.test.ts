import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { stripe } from '../../../src/domain/providers/stripe.js'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { NOW, stripeHeader, stripeV1 } from '../../helpers/sign.js'

const SECRET = 'whsec_test_secret_for_the_webhook_suite'
const BODY = JSON.stringify({ id: 'evt_1', object: 'event', data: { object: { amount: 2000, note: 'café ☕' } }, type: 'charge.succeeded' }, null, 2)
const verify = (header: string, extra: { payload?: string, secret?: string, tolerance_seconds?: number } = {}) =>
  verifyWebhook({ provider: 'stripe', payload: extra.payload ?? BODY, secret: extra.secret ?? SECRET, headers: { 'Stripe-Signature': header }, tolerance_seconds: extra.tolerance_seconds }, NOW)

describe('stripe', () => {
  it('accepts a valid header and names the matched v1 entry', () => {
    const result = verify(stripeHeader(SECRET, NOW, BODY))
    expect(result).toMatchObject({ valid: true, matched_signature_header: 'stripe-signature', replay_protected: true })
    expect(checkNamed(result, 'signature').detail).toContain('v1 entry 1 of 1')
  })

  it('matches the header name in any case', () => {
    const result = verifyWebhook({ provider: 'stripe', payload: BODY, secret: SECRET, headers: { 'STRIPE-SIGNATURE': stripeHeader(SECRET, NOW, BODY) } }, NOW)
    expect(result.valid).toBe(true)
  })

  it('accepts several v1 entries when only the last one matches (secret roll)', () => {
    const header = `t=${NOW},v1=${stripeV1('whsec_old', NOW, BODY)},v1=${stripeV1('whsec_older', NOW, BODY)},v1=${stripeV1(SECRET, NOW, BODY)}`
    const result = verify(header)
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'signature').detail).toContain('v1 entry 3 of 3')
  })

  it('ignores v0: a header with only a matching v0 has no signature', () => {
    const result = verify(`t=${NOW},v0=${stripeV1(SECRET, NOW, BODY)}`)
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'v0_signature').status).toBe('warning')
  })

  it('rejects a wrong secret, a changed byte and a re-serialised body', () => {
    expect(verify(stripeHeader('whsec_other', NOW, BODY)).reason).toBe('signature_mismatch')
    expect(verify(stripeHeader(SECRET, NOW, BODY), { payload: BODY.replace('2000', '2001') }).reason).toBe('signature_mismatch')
    const compact = verify(stripeHeader(SECRET, NOW, BODY), { payload: JSON.stringify(JSON.parse(BODY)) })
    expect(compact.reason).toBe('signature_mismatch')
    expect(checkNamed(compact, 'near_miss_json_pretty').detail).toContain('pretty-printed')
  })

  it('finds a trailing newline and CRLF line endings', () => {
    expect(checkNamed(verify(stripeHeader(SECRET, NOW, BODY), { payload: `${BODY}\n` }), 'near_miss_trailing_newline_removed').status).toBe('warning')
    expect(checkNamed(verify(stripeHeader(SECRET, NOW, BODY), { payload: BODY.replace(/\n/g, '\r\n') }), 'near_miss_crlf_to_lf').status).toBe('warning')
  })

  it('uses the secret verbatim, whsec_ included, and finds a dropped prefix', () => {
    const result = verify(stripeHeader(SECRET, NOW, BODY), { secret: SECRET.slice('whsec_'.length) })
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_secret_with_whsec').status).toBe('warning')
    expect(checkNamed(result, 'secret_format').detail).toContain('start with whsec_')
  })

  it('finds a secret with a trailing newline', () => {
    const result = verify(stripeHeader(SECRET, NOW, BODY), { secret: `${SECRET}\n` })
    expect(checkNamed(result, 'near_miss_secret_trimmed').status).toBe('warning')
    expect(checkNamed(result, 'secret_format').detail).toContain('ends with a newline')
  })

  it.each([['sk_test_51Habc', 'Stripe secret API key'], ['pk_live_51Habc', 'Stripe publishable key'], ['rk_live_51Habc', 'Stripe restricted API key']])(
    'recognises %s as the wrong credential', (secret, what) => {
      const detail = checkNamed(verify(stripeHeader(SECRET, NOW, BODY), { secret }), 'secret_format').detail
      expect(detail).toContain(what)
      expect(detail).not.toContain('51Habc')
    })

  it('puts a wrong credential first in the hints, without the framework list', () => {
    const result = verify(stripeHeader(SECRET, NOW, BODY), { secret: 'sk_live_51Habc' })
    expect(result.raw_body_hints[0].summary).toContain('signing secret')
    expect(result.raw_body_hints[0].detail).toContain('Stripe secret API key')
    expect(result.raw_body_hints.every((hint) => hint.framework === 'any')).toBe(true)
  })

  it('ignores entries with spaces as Stripe does, and says the spaced v1 would match', () => {
    const header = `t=${NOW}, v1=${stripeV1(SECRET, NOW, BODY)}`
    const result = verify(header)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('whitespace')
    expect(checkNamed(result, 'near_miss_signature_sha256_hex').status).toBe('warning')
  })

  it.each([
    ['inside the tolerance in the past', NOW - 120, 300, true],
    ['exactly at the tolerance in the past', NOW - 300, 300, true],
    ['beyond the tolerance in the past', NOW - 301, 300, false],
    ['inside the tolerance in the future', NOW + 120, 300, true],
    ['exactly at the tolerance in the future', NOW + 300, 300, true],
    ['beyond the tolerance in the future', NOW + 301, 300, false],
    ['at the same second with tolerance 0', NOW, 0, true],
    ['one second old with tolerance 0', NOW - 1, 0, false],
    ['a day old with the maximum tolerance', NOW - 86400, 86400, true]
  ])('a timestamp %s', (_label, timestamp, tolerance, valid) => {
    const result = verify(stripeHeader(SECRET, timestamp, BODY), { tolerance_seconds: tolerance })
    expect(result.valid).toBe(valid)
    if (!valid) expect(result.reason).toBe('timestamp_outside_tolerance')
  })

  // stripe-node reads t with parseInt and signs the number; this service signed the text as sent, so "t=0<t>" signed
  // as such verified here and not there. A timestamp is now only the canonical spelling of its number.
  it('agrees with stripe-node on a t= with leading zeros signed as sent, and refuses the one it reads as the number', () => {
    const stripeSays = (header: string): boolean => {
      try {
        return Stripe.webhooks.signature?.verifyHeader(BODY, header, SECRET, 300, undefined, NOW * 1000) === true
      } catch {
        return false
      }
    }
    const signed = Stripe.webhooks.generateTestHeaderString({ payload: BODY, secret: SECRET, timestamp: NOW })
    expect([verify(signed).valid, stripeSays(signed)]).toEqual([true, true])
    expect(stripeSays(stripe.sign({ body: BODY, secret: SECRET, timestamp: NOW, id: 'evt_1' })['Stripe-Signature'])).toBe(true)
    for (const t of [`0${NOW}`, `00${NOW}`]) {
      const asSent = `t=${t},v1=${stripeV1(SECRET, t, BODY)}`
      expect(verify(asSent).valid).toBe(stripeSays(asSent))
      expect(verify(asSent).reason).toBe('invalid_timestamp')
      // stripe-node's reading, the number signed: refused here, as "+<t>" is (README, Decisions)
      const asParsed = `t=${t},v1=${stripeV1(SECRET, NOW, BODY)}`
      expect(stripeSays(asParsed)).toBe(true)
      expect(verify(asParsed).reason).toBe('invalid_timestamp')
      expect(checkNamed(verify(asParsed), 'timestamp').detail).toContain('leading zero')
    }
  })

  it('reports a header without t= as missing_timestamp', () => {
    const result = verify(`v1=${stripeV1(SECRET, NOW, BODY)}`)
    expect(result.reason).toBe('missing_timestamp')
    expect(checkNamed(result, 'timestamp').detail).toContain('no t= entry')
  })

  it('reports the signature mismatch before the timestamp when both fail', () => {
    expect(verify(stripeHeader('whsec_other', NOW - 1000, BODY)).reason).toBe('signature_mismatch')
    const result = verify(stripeHeader('whsec_other', NOW - 1000, BODY))
    expect(checkNamed(result, 'timestamp_tolerance').status).toBe('failed')
  })

  it('treats a header with no parsable entry as missing its signature', () => {
    expect(verify('garbage').reason).toBe('missing_signature_header')
    expect(verify(`t=${NOW},v1=nothex`).reason).toBe('malformed_signature_header')
  })
})
