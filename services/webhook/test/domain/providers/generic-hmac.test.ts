import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { UnusableSecret } from '../../../src/domain/key-formats.js'
import { genericHmac } from '../../../src/domain/providers/generic-hmac.js'
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

describe('generic-hmac signing', () => {
  // With key_encoding hex or base64 the key is the bytes the secret encodes: a secret that encodes none has no key,
  // and was signed with an empty one, a signature no receiver and not this service's verifier accepts.
  it.each(['hex', 'base64'] as const)('refuses a secret that is not %s rather than signing with an empty key', (keyEncoding) => {
    const generic = { header_name: 'X-Sig', key_encoding: keyEncoding }
    expect(() => genericHmac.sign({ body: '{}', secret: 'not base64!!', generic, timestamp: NOW, id: 'id' })).toThrow(UnusableSecret)
    expect(genericHmac.sign({ body: '{}', secret: 'abcd', generic, timestamp: NOW, id: 'id' })['X-Sig'])
      .toBe(createHmac('sha256', Buffer.from('abcd', keyEncoding)).update('{}').digest('hex'))
  })
})

describe('generic-hmac options', () => {
  const mac = (algorithm: string, key: string | Buffer, content: string, encoding: 'hex' | 'base64' = 'hex') =>
    createHmac(algorithm, key).update(content).digest(encoding)

  it.each(['sha1', 'sha512'] as const)('verifies HMAC-%s, and refuses a digest of another length', (algorithm) => {
    const options: GenericOptions = { header_name: 'X-Sig', algorithm }
    expect(verify(options, { 'X-Sig': mac(algorithm, SECRET, BODY) })).toMatchObject({ valid: true, signature_scheme: `hmac-${algorithm}-hex` })
    const sha256 = verify(options, { 'X-Sig': hmacHex(SECRET, BODY) })
    expect(sha256.reason).toBe('malformed_signature_header')
    expect(checkNamed(sha256, 'near_miss_signature_sha256_hex').detail).toContain('verify with "generic"')
  })

  it.each([
    ['hex', Buffer.from('0123456789abcdef', 'hex'), '0123456789abcdef'],
    ['base64', Buffer.from('sixteen byte key'), Buffer.from('sixteen byte key').toString('base64')]
  ] as const)('keys the HMAC with the %s-decoded secret', (keyEncoding, key, secret) => {
    const options: GenericOptions = { header_name: 'X-Sig', key_encoding: keyEncoding }
    expect(verify(options, { 'X-Sig': mac('sha256', key, BODY) }, BODY, secret).valid).toBe(true)
    const asText = verify(options, { 'X-Sig': mac('sha256', secret, BODY) }, BODY, secret)
    expect(asText.reason).toBe('signature_mismatch')
    expect(checkNamed(asText, 'near_miss_secret_utf8').status).toBe('warning')
    expect(checkNamed(verify(options, { 'X-Sig': mac('sha256', key, BODY) }, BODY, 'not-hex-or-base64!'), 'secret_format').status).toBe('failed')
  })

  it('says a timestamp header outside signed_content protects from no replay: a captured body passes with a fresh one', () => {
    const options: GenericOptions = { header_name: 'X-Sig', timestamp_header: 'X-Ts' }
    const fresh = verify(options, { 'X-Sig': hmacHex(SECRET, BODY), 'X-Ts': String(NOW) })
    expect(fresh).toMatchObject({ valid: true, replay_protected: false })
    expect(checkNamed(fresh, 'timestamp_signed')).toMatchObject({ status: 'warning', detail: expect.stringContaining('X-Ts is not in signed_content') })
    // the clock is still compared, as asked: an old value fails, though a sender's replay would simply send a new one
    expect(verify(options, { 'X-Sig': hmacHex(SECRET, BODY), 'X-Ts': String(NOW - 3600) }).reason).toBe('timestamp_outside_tolerance')
  })

  describe('with a signed timestamp and id', () => {
    const options: GenericOptions = {
      header_name: 'X-Sig', signed_content: '{id}:{timestamp}:{body}', timestamp_header: 'X-Timestamp', id_header: 'X-Delivery', timestamp_unit: 'milliseconds'
    }
    const headers = (timestamp: number, content = `d-1:${timestamp}:${BODY}`) =>
      ({ 'X-Sig': mac('sha256', SECRET, content), 'X-Timestamp': String(timestamp), 'X-Delivery': 'd-1' })

    it('verifies the template, with the replay check', () => {
      const result = verify(options, headers(NOW * 1000 + 250))
      expect(result).toMatchObject({ valid: true, replay_protected: true })
      expect(checkNamed(result, 'timestamp_tolerance').status).toBe('passed')
      expect(checkNamed(result, 'message_id').status).toBe('passed')
    })

    it('fails expired and future timestamps, and a missing timestamp header', () => {
      expect(verify(options, headers((NOW - 301) * 1000)).reason).toBe('timestamp_outside_tolerance')
      expect(verify(options, headers((NOW + 301) * 1000)).reason).toBe('timestamp_outside_tolerance')
      const { 'X-Timestamp': _t, ...noTimestamp } = headers(NOW * 1000)
      expect(verify(options, noTimestamp).reason).toBe('missing_timestamp')
      const { 'X-Delivery': _d, ...noId } = headers(NOW * 1000)
      expect(verify(options, noId).reason).toBe('missing_signature_header')
    })

    it('finds a signature over the body alone', () => {
      const result = verify(options, { ...headers(NOW * 1000), 'X-Sig': hmacHex(SECRET, BODY) })
      expect(checkNamed(result, 'near_miss_body_only_signed').status).toBe('warning')
    })

    it('replays the vectors of these options as valid', () => {
      const [vector] = verify(options, headers(NOW * 1000)).replay_test_vectors
      expect(vector.generic).toEqual({ ...options, encoding: 'hex' })
      expect(Object.keys(vector.headers)).toEqual(expect.arrayContaining(['X-Sig', 'X-Timestamp', 'X-Delivery']))
      expect(verifyWebhook(vector, 0).valid).toBe(true)
    })
  })
})
