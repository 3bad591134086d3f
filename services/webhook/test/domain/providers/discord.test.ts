import { verifyKey } from 'discord-interactions'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { changeOneCharacter, providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { discordSignature, ed25519PublicHex, NOW, pairsBySecret, TEST_KEYS } from '../../helpers/sign.js'

const PUBLIC_KEY = ed25519PublicHex(TEST_KEYS.ed25519.publicKey)
const BODY = '{"type":1,"id":"987654321098765432","application_id":"123456789012345678","token":"interaction-token"}'
const pairFor = pairsBySecret('ed25519', PUBLIC_KEY)
const spec: SuiteSpec = {
  provider: 'discord',
  secret: PUBLIC_KEY,
  body: () => BODY,
  headers: (body, secret, timestamp) => ({
    'X-Signature-Ed25519': discordSignature(timestamp, body, pairFor(secret).privateKey),
    'X-Signature-Timestamp': String(timestamp)
  }),
  signatureHeader: 'X-Signature-Ed25519',
  timestamped: true
}

describe('discord', () => {
  providerBasics(spec)

  it('agrees with discord-interactions\' verifyKey on random valid and tampered deliveries', async () => {
    await fc.assert(fc.asyncProperty(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 200 }), fc.nat(), async (payload, at) => {
      const headers = spec.headers(payload, PUBLIC_KEY, NOW)
      const sdk = async (body: string) => await verifyKey(body, headers['X-Signature-Ed25519'], String(NOW), PUBLIC_KEY)
      const ours = (body: string) => verifyWebhook({ provider: 'discord', payload: body, secret: PUBLIC_KEY, headers, now_epoch_seconds: NOW }, NOW).valid
      expect(ours(payload)).toBe(true)
      expect(await sdk(payload)).toBe(true)
      const changed = changeOneCharacter(payload, at)
      expect(ours(changed)).toBe(await sdk(changed))
    }), { numRuns: 60 })
  })

  it('reads the public key as hex, base64, PEM or JWK', () => {
    const key = TEST_KEYS.ed25519.publicKey
    for (const form of [
      Buffer.from(PUBLIC_KEY, 'hex').toString('base64'),
      key.export({ format: 'pem', type: 'spki' }).toString(),
      JSON.stringify(key.export({ format: 'jwk' }))
    ]) expect(verifyWebhook({ ...request(spec), secret: form }, NOW).valid).toBe(true)
  })

  it('recognises a private key given as the secret, and never uses it', () => {
    const pem = TEST_KEYS.ed25519.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()
    const result = verifyWebhook({ ...request(spec), secret: pem }, NOW)
    expect(result).toMatchObject({ valid: false, reason: 'signature_mismatch' })
    expect(checkNamed(result, 'secret_format')).toMatchObject({ status: 'warning', detail: expect.stringContaining('a PEM private key') })
    expect(JSON.stringify(result)).not.toContain(pem.split('\n')[1])
  })

  it('says a client secret or bot token is not the public key', () => {
    const result = verifyWebhook({ ...request(spec), secret: 'Aq1bC2dE3fG4hI5jK6lM7nO8pQ9rS0tU' }, NOW)
    expect(checkNamed(result, 'secret_format')).toMatchObject({ status: 'failed', detail: expect.stringContaining('not an Ed25519 public key') })
  })

  it('refuses a signature that is not 64 bytes of hex', () => {
    const headers = { ...request(spec).headers, 'X-Signature-Ed25519': 'ab'.repeat(32) }
    expect(verifyWebhook({ ...request(spec), headers }, NOW).reason).toBe('malformed_signature_header')
  })

  it('finds a signature over the body without the timestamp', () => {
    const headers = { ...request(spec).headers, 'X-Signature-Ed25519': discordSignature('', BODY) }
    const result = verifyWebhook({ ...request(spec), headers }, NOW)
    expect(checkNamed(result, 'near_miss_body_only_signed').status).toBe('warning')
  })

  it('reports a missing timestamp header', () => {
    const { 'X-Signature-Timestamp': _t, ...headers } = request(spec).headers
    expect(verifyWebhook({ ...request(spec), headers }, NOW).reason).toBe('missing_timestamp')
  })
})
