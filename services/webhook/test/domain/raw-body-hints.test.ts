import { describe, expect, it } from 'vitest'
import { PROVIDERS } from '../../src/domain/providers/index.js'
import type { NearMissHit } from '../../src/domain/near-miss.js'
import { lostBody, rawBodyHints } from '../../src/domain/raw-body-hints.js'

const hit = (code: string, cause: NearMissHit['cause']): NearMissHit => ({
  code, cause, check: { name: `near_miss_${code}`, status: 'warning', detail: code }, hint: { framework: 'any', summary: `finding ${code}`, detail: 'fix' }
})
const frameworks = (hints: Array<{ framework: string }>) => hints.map((hint) => hint.framework)

describe('rawBodyHints', () => {
  it('gives none for a valid signature', () => {
    expect(rawBodyHints({ provider: PROVIDERS.stripe, reason: 'valid', hits: [] })).toEqual([])
  })

  it('puts the findings first, then only the frameworks that cause them, then the provider note', () => {
    const hints = rawBodyHints({ provider: PROVIDERS.stripe, reason: 'signature_mismatch', hits: [hit('base64_decoded', 'base64')] })
    expect(frameworks(hints)).toEqual(['any', 'AWS Lambda / API Gateway', 'any'])
    expect(hints[0].summary).toBe('finding base64_decoded')
    expect(hints[2].summary).toContain('Stripe')
  })

  it('lists every framework when no variant matched', () => {
    const hints = rawBodyHints({ provider: PROVIDERS.stripe, reason: 'signature_mismatch', hits: [] })
    expect(hints[0].summary).toContain('No variant')
    expect(frameworks(hints).length).toBeGreaterThanOrEqual(14)
    expect(frameworks(hints)).not.toContain('Express (form bodies)') // Stripe never posts forms
    expect(frameworks(rawBodyHints({ provider: PROVIDERS.slack, reason: 'signature_mismatch', hits: [] }))).toContain('Express (form bodies)')
  })

  it('leads with the secret, and lists no frameworks when the secret is another kind of credential', () => {
    const warned = rawBodyHints({ provider: PROVIDERS.github, reason: 'signature_mismatch', hits: [], secretWarning: 'the secret ends with a newline' })
    expect(warned[0]).toEqual({ framework: 'any', summary: "The secret may not be this provider's signing secret", detail: 'the secret ends with a newline' })
    expect(frameworks(warned)).toContain('Express')
    const wrong = rawBodyHints({ provider: PROVIDERS.stripe, reason: 'signature_mismatch', hits: [], secretWarning: 'it starts with sk_', wrongCredential: true })
    expect(frameworks(wrong)).toEqual(['any', 'any'])
  })

  it('adds the clock hint when the timestamp failed as well', () => {
    const hints = rawBodyHints({ provider: PROVIDERS.stripe, reason: 'signature_mismatch', hits: [hit('json_pretty', 'reserialized')], stale: true })
    expect(hints.at(-1)?.summary).toBe('The timestamp is outside the tolerance window')
  })

  it('points an empty payload at frameworks that consume the body', () => {
    const hints = rawBodyHints({ provider: PROVIDERS.shopify, reason: 'signature_mismatch', hits: [], lost: 'empty' })
    expect(hints[0].summary).toBe('The payload is empty')
    expect(frameworks(hints)).toContain('Next.js (app router)')
    expect(frameworks(hints)).not.toContain('AWS Lambda / API Gateway')
  })

  it('recognises the stand-ins programs write for a body they lost', () => {
    expect(lostBody('')).toBe('empty')
    expect(lostBody('[object Object]')).toBe('object-text')
    expect(lostBody('[object Object]\n')).toBe('object-text')
    expect(lostBody('undefined')).toBe('undefined-text')
    expect(lostBody('{"note":"[object Object]"}')).toBeUndefined()
    expect(lostBody(' ')).toBeUndefined()
    expect(lostBody('null')).toBeUndefined()
  })

  it('points a stand-in payload at how the body was lost, and at the frameworks that consume it', () => {
    const object = rawBodyHints({ provider: PROVIDERS.stripe, reason: 'signature_mismatch', hits: [], lost: 'object-text' })
    expect(object[0].summary).toBe('The payload is the text "[object Object]"')
    expect(object[0].detail).toContain('String(req.body)')
    expect(frameworks(object)).toContain('Express')
    expect(object.map((hint) => hint.summary)).not.toContain(rawBodyHints({ provider: PROVIDERS.stripe, reason: 'signature_mismatch', hits: [] })[0].summary)
    const missing = rawBodyHints({ provider: PROVIDERS.github, reason: 'signature_mismatch', hits: [], lost: 'undefined-text' })
    expect(missing[0].detail).toContain('req.rawBody')
  })

  it('explains header and clock failures', () => {
    expect(rawBodyHints({ provider: PROVIDERS.github, reason: 'missing_signature_header', hits: [] })[0].detail).toContain('no secret configured')
    expect(rawBodyHints({ provider: PROVIDERS.slack, reason: 'timestamp_outside_tolerance', hits: [] })[0].detail).toContain('now_epoch_seconds')
    expect(rawBodyHints({ provider: PROVIDERS.slack, reason: 'invalid_timestamp', hits: [] })[0].summary).toContain('whole Unix seconds')
  })
})
