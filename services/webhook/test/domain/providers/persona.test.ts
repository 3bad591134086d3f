import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { NOW, stripeV1, timestampedList } from '../../helpers/sign.js'

// Persona's documented construction: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">, keyed with the whole wbhsec_ secret.
const spec: SuiteSpec = {
  provider: 'persona',
  secret: 'wbhsec_7a1d9c0e-persona-suite',
  body: () => '{"data":{"type":"event","id":"evt_XGuYWp7WvKHUdDF8ZvJWaEs7","attributes":{"name":"inquiry.completed"}}}',
  headers: (body, secret, timestamp) => ({ 'Persona-Signature': timestampedList(secret, timestamp, body) }),
  signatureHeader: 'Persona-Signature',
  timestamped: true
}

describe('persona', () => {
  providerBasics(spec)

  it('keys with the whole wbhsec_ secret: the secret without its prefix does not match', () => {
    const signed = request(spec)
    expect(verifyWebhook({ ...signed, secret: spec.secret.replace(/^wbhsec_/, '') }, NOW).reason).toBe('signature_mismatch')
  })

  it.each([['first', 0], ['second', 1]])('reads either list of a rotation header (two space-separated lists): the %s', (_label, at) => {
    const signed = request(spec)
    const lists = [`t=${NOW},v1=${stripeV1('wbhsec_other', NOW, signed.payload)}`]
    lists.splice(at as number, 0, `t=${NOW},v1=${stripeV1(spec.secret, NOW, signed.payload)}`)
    const result = verifyWebhook({ ...signed, headers: { 'Persona-Signature': lists.join(' ') } }, NOW)
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'signature_header').detail).toContain('2 v1 entries')
  })
})
