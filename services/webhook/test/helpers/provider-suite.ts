import { expect, it } from 'vitest'
import type { ProviderId } from '../../src/domain/providers/index.js'
import type { VerifyRequest } from '../../src/domain/verify.js'
import { verifyWebhook } from '../../src/domain/verify.js'
import { checkNamed } from './checks.js'
import { NOW } from './sign.js'

/** A provider's delivery, signed by the documented construction (node:crypto in helpers/sign.ts), never by our code. */
export interface SuiteSpec {
  provider: ProviderId
  secret: string
  /** The body sent at a time: Linear's carries the time itself. */
  body: (timestamp: number) => string
  headers: (body: string, secret: string, timestamp: number) => Record<string, string>
  /** The header carrying the signature, as the provider documents it. */
  signatureHeader: string
  timestamped: boolean
  /** The URL the sender called, for the providers that sign it. */
  url?: string
}

export function request (spec: SuiteSpec, timestamp = NOW, secret = spec.secret): VerifyRequest {
  const payload = spec.body(timestamp)
  return {
    provider: spec.provider, payload, secret, headers: spec.headers(payload, secret, timestamp), now_epoch_seconds: NOW, ...(spec.url === undefined ? {} : { url: spec.url })
  }
}

const recase = (headers: Record<string, string>, change: (name: string) => string): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [change(name), value]))

/** The cases every provider must pass: valid, wrong secret, one changed byte, header case, missing header, the clock. */
export function providerBasics (spec: SuiteSpec): void {
  it('accepts a valid delivery', () => {
    const result = verifyWebhook(request(spec), NOW)
    expect(result).toMatchObject({ valid: true, reason: 'valid', provider: spec.provider, raw_body_hints: [] })
    expect(result.matched_signature_header).toBe(spec.signatureHeader.toLowerCase())
  })

  it('rejects a wrong secret, saying no variant matched', () => {
    const signed = request(spec, NOW, `${spec.secret}-other`)
    const result = verifyWebhook({ ...signed, secret: spec.secret }, NOW)
    expect(result).toMatchObject({ valid: false, reason: 'signature_mismatch', matched_signature_header: null })
    expect(checkNamed(result, 'near_miss_search').status).toBe('failed')
  })

  it('rejects one changed byte of the body', () => {
    const signed = request(spec)
    const at = signed.payload.length - 3
    const changed = signed.payload.slice(0, at) + (signed.payload[at] === '1' ? '2' : '1') + signed.payload.slice(at + 1)
    expect(verifyWebhook({ ...signed, payload: changed }, NOW).reason).toBe('signature_mismatch')
  })

  it('matches header names in any case', () => {
    const signed = request(spec)
    expect(verifyWebhook({ ...signed, headers: recase(signed.headers, (name) => name.toUpperCase()) }, NOW).valid).toBe(true)
    expect(verifyWebhook({ ...signed, headers: recase(signed.headers, (name) => name.toLowerCase()) }, NOW).valid).toBe(true)
  })

  it('reports a missing signature header by its name', () => {
    const signed = request(spec)
    const headers = Object.fromEntries(Object.entries(signed.headers).filter(([name]) => name.toLowerCase() !== spec.signatureHeader.toLowerCase()))
    const result = verifyWebhook({ ...signed, headers }, NOW)
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain(spec.signatureHeader)
  })

  if (!spec.timestamped) {
    it('says there is no signed timestamp to protect against replays', () => {
      const result = verifyWebhook(request(spec), NOW)
      expect(result.replay_protected).toBe(false)
      expect(checkNamed(result, 'timestamp').status).toBe('skipped')
    })
    return
  }

  toleranceEdges((timestamp) => request(spec, timestamp))

  it('applies tolerance_seconds as given', () => {
    expect(verifyWebhook({ ...request(spec, NOW - 60), tolerance_seconds: 59 }, NOW).reason).toBe('timestamp_outside_tolerance')
    expect(verifyWebhook({ ...request(spec, NOW - 60), tolerance_seconds: 60 }, NOW).valid).toBe(true)
  })
}

/** Deliveries signed at the edges of the default tolerance, either side of now: valid at 300 s, stale at 301 s. */
export function toleranceEdges (signedAt: (timestamp: number) => VerifyRequest): void {
  it.each([
    ['300 s in the past', NOW - 300, 'valid'],
    ['301 s in the past (expired)', NOW - 301, 'timestamp_outside_tolerance'],
    ['300 s in the future', NOW + 300, 'valid'],
    ['301 s in the future', NOW + 301, 'timestamp_outside_tolerance']
  ])('with the default tolerance, a delivery signed %s (at %i) is %s', (_label, timestamp, reason) => {
    const result = verifyWebhook(signedAt(timestamp), NOW)
    expect(result.reason).toBe(reason)
    expect(checkNamed(result, 'signature').status).toBe('passed')
  })
}

/** The text with one character changed (x, or y where it is x): a tampered delivery. */
export const changeOneCharacter = (text: string, at: number): string => {
  const index = at % text.length
  return text.slice(0, index) + (text[index] === 'x' ? 'y' : 'x') + text.slice(index + 1)
}
