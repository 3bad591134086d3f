import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { GenericOptions } from '../../../src/domain/types.js'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { hmacBase64, hmacHex, NOW } from '../../helpers/sign.js'

const SECRET = 'generic-shared-secret'
const BODY = '{"event":"invoice.paid","id":"inv_1"}'
const verify = (generic: GenericOptions, headers: Record<string, string>, payload = BODY, secret = SECRET) =>
  verifyWebhook({ provider: 'generic-hmac', payload, secret, headers, generic }, NOW)

describe('generic-hmac', () => {
  it('verifies hex without a prefix, hex being the default encoding', () => {
    const result = verify({ header_name: 'X-Signature' }, { 'x-signature': hmacHex(SECRET, BODY) })
    expect(result).toMatchObject({ valid: true, signature_scheme: 'hmac-sha256-hex', matched_signature_header: 'x-signature', replay_protected: false })
  })

  it('verifies uppercase hex', () => {
    expect(verify({ header_name: 'X-Signature', encoding: 'hex' }, { 'X-Signature': hmacHex(SECRET, BODY).toUpperCase() }).valid).toBe(true)
  })

  it('verifies base64, padded or not', () => {
    const options: GenericOptions = { header_name: 'X-Sig', encoding: 'base64' }
    const result = verify(options, { 'X-Sig': hmacBase64(SECRET, BODY) })
    expect(result).toMatchObject({ valid: true, signature_scheme: 'hmac-sha256-base64' })
    expect(verify(options, { 'X-Sig': hmacBase64(SECRET, BODY).replace(/=+$/, '') }).valid).toBe(true)
  })

  it('verifies with a prefix', () => {
    expect(verify({ header_name: 'X-Sig', encoding: 'hex', prefix: 'sha256=' }, { 'X-Sig': `sha256=${hmacHex(SECRET, BODY)}` }).valid).toBe(true)
    expect(verify({ header_name: 'X-Sig', encoding: 'base64', prefix: 'v1,' }, { 'X-Sig': `v1,${hmacBase64(SECRET, BODY)}` }).valid).toBe(true)
  })

  it('says which generic settings would match a value with an unconfigured prefix', () => {
    const result = verify({ header_name: 'X-Sig', encoding: 'hex' }, { 'X-Sig': `sha256=${hmacHex(SECRET, BODY)}` })
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'near_miss_signature_sha256_hex').detail).toContain('"prefix": "sha256="')
  })

  it('says when a configured prefix is absent from the value', () => {
    const result = verify({ header_name: 'X-Sig', prefix: 'sha256=' }, { 'X-Sig': hmacHex(SECRET, BODY) })
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('configured prefix')
    expect(checkNamed(result, 'near_miss_signature_sha256_hex').detail).toContain('"encoding": "hex"}')
  })

  it('says base64 was sent when hex is configured', () => {
    const result = verify({ header_name: 'X-Sig', encoding: 'hex' }, { 'X-Sig': hmacBase64(SECRET, BODY) })
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'near_miss_signature_sha256_base64').detail).toContain('"encoding": "base64"')
  })

  it('recognises a sha1 digest', () => {
    const sha1 = createHmac('sha1', SECRET).update(BODY).digest('hex')
    const result = verify({ header_name: 'X-Sig' }, { 'X-Sig': sha1 })
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'near_miss_signature_sha1_hex').detail).toContain('HMAC-SHA1')
  })

  it('rejects a wrong secret and a changed byte', () => {
    expect(verify({ header_name: 'X-Sig' }, { 'X-Sig': hmacHex('nope', BODY) }).reason).toBe('signature_mismatch')
    expect(verify({ header_name: 'X-Sig' }, { 'X-Sig': hmacHex(SECRET, BODY) }, BODY.replace('inv_1', 'inv_2')).reason).toBe('signature_mismatch')
  })

  it('reports a missing header by its configured name', () => {
    const result = verify({ header_name: 'X-Custom-Signature' }, {})
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('X-Custom-Signature')
  })

  it('finds a sender that keys the HMAC with the hex-decoded secret', () => {
    const hexSecret = '00112233445566778899aabbccddeeff'
    const signature = createHmac('sha256', Buffer.from(hexSecret, 'hex')).update(BODY).digest('hex')
    const result = verify({ header_name: 'X-Sig' }, { 'X-Sig': signature }, BODY, hexSecret)
    expect(checkNamed(result, 'near_miss_secret_hex_decoded').status).toBe('warning')
  })
})
