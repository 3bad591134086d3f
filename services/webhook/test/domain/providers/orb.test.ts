import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { hmacHex, NOW } from '../../helpers/sign.js'

// Orb's construction (orb-billing's signPayload): "v1=" + hex HMAC-SHA256 of "v1:<X-Orb-Timestamp>:<body>".
const isoUtc = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, -1)
const spec: SuiteSpec = {
  provider: 'orb',
  secret: 'orb-endpoint-signing-secret',
  body: () => '{"id": "o4mmewpfNNTnjfZc", "created_at": "2024-03-27T15:42:29+00:00", "type": "invoice.issued", "properties": {}}',
  headers: (body, secret, timestamp) => ({
    'X-Orb-Timestamp': isoUtc(timestamp), 'X-Orb-Signature': `v1=${hmacHex(secret, `v1:${isoUtc(timestamp)}:${body}`)}`
  }),
  signatureHeader: 'X-Orb-Signature',
  timestamped: true
}

// The vector of Orb's own SDK tests (orb-python, orb-java): a test webhook signed at 2024-03-27T15:42:29.551 UTC.
const PUBLISHED = {
  payload: '{"id": "o4mmewpfNNTnjfZc", "created_at": "2024-03-27T15:42:29+00:00", "type": "resource_event.test", ' +
    '"properties": {"message": "A test webhook from Orb. Happy testing!"}}',
  secret: 'c-UGKYdnhHh436B_sMouYAPUvXyWpzOdunZBV5dFSD8',
  headers: { 'X-Orb-Timestamp': '2024-03-27T15:42:29.551', 'X-Orb-Signature': 'v1=9d25de966891ab0bc18754faf8d83d0980b44ae330fcc130b41a6cf3daf1f391' }
}
const PUBLISHED_AT = Date.parse('2024-03-27T15:42:29Z') / 1000

describe('orb', () => {
  providerBasics(spec)

  it('verifies the published vector of Orb\'s SDK tests, its zoneless timestamp read as UTC', () => {
    const result = verifyWebhook({ provider: 'orb', ...PUBLISHED, now_epoch_seconds: PUBLISHED_AT }, PUBLISHED_AT)
    expect(result).toMatchObject({ valid: true, reason: 'valid' })
    expect(checkNamed(result, 'timestamp_tolerance').status).toBe('passed')
  })

  it('refuses the published vector with one byte of its body changed', () => {
    const payload = PUBLISHED.payload.replace('Happy', 'Hapqy')
    expect(verifyWebhook({ provider: 'orb', ...PUBLISHED, payload, now_epoch_seconds: PUBLISHED_AT }, PUBLISHED_AT).reason).toBe('signature_mismatch')
  })

  it('reads a value without its v1= prefix as malformed', () => {
    const signed = request(spec)
    const headers = { ...signed.headers, 'X-Orb-Signature': signed.headers['X-Orb-Signature'].slice(3) }
    expect(checkNamed(verifyWebhook({ ...signed, headers }, NOW), 'signature_header').detail).toContain('the v1= prefix is missing')
  })
})
