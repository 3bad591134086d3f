import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW, timestampedList } from '../../helpers/sign.js'

const SECRET = 'pdl_ntfset_01hv8x2af9qg5pdkf5r5x5c7bk_ZGVtby1zZWNyZXQtZm9yLXRlc3Rz'
const BODY = '{"event_id":"evt_01hv8x2acma2gz1bnjv0d9s9kz","event_type":"transaction.completed","data":{"id":"txn_01","total":"1000"}}'
const spec: SuiteSpec = {
  provider: 'paddle',
  secret: SECRET,
  body: () => BODY,
  headers: (body, secret, timestamp) => ({ 'Paddle-Signature': timestampedList(secret, timestamp, body, true) }),
  signatureHeader: 'Paddle-Signature',
  timestamped: true
}
const h1 = (secret: string, timestamp: number, body = BODY): string => createHmac('sha256', secret).update(`${timestamp}:${body}`).digest('hex')
const verify = (header: string) =>
  verifyWebhook({ provider: 'paddle', payload: BODY, secret: SECRET, headers: { 'Paddle-Signature': header }, now_epoch_seconds: NOW }, NOW)

describe('paddle', () => {
  providerBasics(spec)

  it('accepts any h1 of a rotation, the first as well as the last', () => {
    const right = h1(SECRET, NOW)
    const old = h1('pdl_ntfset_previous_secret', NOW)
    expect(verify(`ts=${NOW};h1=${right};h1=${old}`)).toMatchObject({ valid: true })
    expect(checkNamed(verify(`ts=${NOW};h1=${old};h1=${right}`), 'signature').detail).toContain('h1 entry 2 of 2')
  })

  it('reads Stripe-style separators as a header without h1', () => {
    const result = verify(`t=${NOW},h1=${h1(SECRET, NOW)}`)
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('ts=<unix seconds>;h1=<64 hex digits>')
  })

  it('reports a header without ts as a missing timestamp', () => {
    const result = verify(`h1=${h1(SECRET, NOW)}`)
    expect(result.reason).toBe('missing_timestamp')
    expect(checkNamed(result, 'signature').status).toBe('skipped')
  })

  it('finds a signature over the body alone, without the "<ts>:" part', () => {
    const result = verify(`ts=${NOW};h1=${hmacHex(SECRET, BODY)}`)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_body_only_signed').status).toBe('warning')
    expect(result.raw_body_hints[0].detail).toContain('must sign <ts>:<raw body>')
  })

  it('recognises an API key given as the secret, without echoing it', () => {
    const apiKey = 'pdl_live_apikey_01gtgztp8fyt2ah0eqjtw1n0nc_mdSecretPart'
    const result = verifyWebhook({ ...request(spec), secret: apiKey }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'secret_format')).toMatchObject({ status: 'warning', detail: expect.stringContaining('a Paddle live API key') })
    expect(JSON.stringify(result)).not.toContain('mdSecretPart')
  })

  it('finds the secret key pasted with a trailing newline', () => {
    const result = verifyWebhook({ ...request(spec), secret: `${SECRET}\n` }, NOW)
    expect(checkNamed(result, 'near_miss_secret_trimmed').status).toBe('warning')
  })
})
