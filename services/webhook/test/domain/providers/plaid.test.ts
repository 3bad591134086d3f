import { createHash, generateKeyPairSync } from 'node:crypto'
import fc from 'fast-check'
import { importJWK, jwtVerify } from 'jose'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { changeOneCharacter, providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { jwkOf, NOW, pairsBySecret, plaidToken, TEST_KEYS } from '../../helpers/sign.js'

const JWK = jwkOf(TEST_KEYS.p256.publicKey)
const BODY = '{\n  "environment": "sandbox",\n  "item_id": "wz666MBjYWTp2PDzzggYhM6oWWmBb",\n  "webhook_code": "DEFAULT_UPDATE",\n  "webhook_type": "TRANSACTIONS"\n}'
const pairFor = pairsBySecret('p256', JWK)
const spec: SuiteSpec = {
  provider: 'plaid',
  secret: JWK,
  body: () => BODY,
  headers: (body, secret, timestamp) => ({ 'Plaid-Verification': plaidToken(body, timestamp, pairFor(secret).privateKey) }),
  signatureHeader: 'Plaid-Verification',
  timestamped: true
}
const verify = (token: string, extra: { payload?: string, secret?: string | string[] } = {}) => verifyWebhook({
  provider: 'plaid',
  payload: extra.payload ?? BODY,
  ...(Array.isArray(extra.secret) ? { secrets: extra.secret } : { secret: extra.secret ?? JWK }),
  headers: { 'Plaid-Verification': token },
  now_epoch_seconds: NOW
}, NOW)

describe('plaid', () => {
  providerBasics(spec)

  it('agrees with jose (signature and iat) and the body hash, as Plaid\'s docs verify, on random bodies', async () => {
    const key = await importJWK(JSON.parse(JWK), 'ES256')
    await fc.assert(fc.asyncProperty(fc.json({ maxDepth: 2 }), fc.nat(), async (body, at) => {
      const token = plaidToken(body, NOW)
      const reference = async (payload: string): Promise<boolean> => {
        try {
          const { payload: claims } = await jwtVerify(token, key, { algorithms: ['ES256'], currentDate: new Date(NOW * 1000), maxTokenAge: 300 })
          return claims.request_body_sha256 === createHash('sha256').update(payload).digest('hex')
        } catch {
          return false
        }
      }
      expect(verify(token, { payload: body }).valid).toBe(true)
      expect(await reference(body)).toBe(true)
      const changed = changeOneCharacter(body, at)
      expect(verify(token, { payload: changed }).valid).toBe(await reference(changed))
    }), { numRuns: 60 })
  })

  it('takes the whole /webhook_verification_key/get response as the secret', () => {
    const response = JSON.stringify({ key: { ...JSON.parse(JWK), created_at: 1560466150, expired_at: null }, request_id: 'bgZ0dpv9i3S3Ko9' })
    expect(verify(plaidToken(BODY, NOW), { secret: response }).valid).toBe(true)
  })

  it('refuses a token of another algorithm, whatever it says', () => {
    const [, claims, signature] = plaidToken(BODY, NOW).split('.')
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${claims}.${signature}`
    const result = verify(none)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('Plaid signs with ES256 only')
  })

  it('refuses a token without the body hash or with a malformed one', () => {
    expect(verify('not.a.token!').reason).toBe('malformed_signature_header')
    expect(verify(plaidToken(BODY, NOW, undefined, 'test-kid', { request_body_sha256: 'abc' })).reason).toBe('malformed_signature_header')
  })

  it('says a changed body does not hash to the signed claim, and finds a trailing newline', () => {
    const result = verify(plaidToken(BODY, NOW), { payload: `${BODY}\n` })
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'signature').detail).toContain('request_body_sha256 claim')
    expect(checkNamed(result, 'near_miss_trailing_newline_removed').status).toBe('warning')
  })

  it('finds the pretty-printed body Plaid sent, re-serialised compactly', () => {
    const result = verify(plaidToken(BODY, NOW), { payload: JSON.stringify(JSON.parse(BODY)) })
    expect(checkNamed(result, 'near_miss_json_pretty').status).toBe('warning')
  })

  it('names which key the token\'s kid is, among rotated keys', () => {
    const old = jwkOf(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey, 'old-kid')
    const result = verify(plaidToken(BODY, NOW), { secret: [old, JWK] })
    expect(result).toMatchObject({ valid: true, matched_secret_index: 1 })
    expect(checkNamed(result, 'key_id').detail).toContain('secrets[1]')
    const missing = verify(plaidToken(BODY, NOW), { secret: [old] })
    expect(checkNamed(missing, 'key_id')).toMatchObject({ status: 'warning', detail: expect.stringContaining('/webhook_verification_key/get') })
  })

  it('recognises a private JWK given as the secret, and never uses it', () => {
    const privateJwk = JSON.stringify(TEST_KEYS.p256.privateKey.export({ format: 'jwk' }))
    const result = verifyWebhook({ ...request(spec), secret: privateJwk }, NOW)
    expect(result.valid).toBe(false)
    expect(checkNamed(result, 'secret_format')).toMatchObject({ status: 'warning', detail: expect.stringContaining('a private JWK') })
    expect(JSON.stringify(result)).not.toContain(JSON.parse(privateJwk).d)
  })
})
