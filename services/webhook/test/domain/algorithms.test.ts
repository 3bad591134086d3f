import { createHmac, generateKeyPairSync, sign } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ecdsaP256, ed25519, hmacAlgorithm, TOKEN } from '../../src/domain/algorithms.js'
import { publicKey } from '../../src/domain/key-formats.js'

const keyOf = (result: ReturnType<typeof TOKEN.key>) => {
  if (!('key' in result)) throw new Error(result.problem)
  return result.key
}

describe('algorithms', () => {
  it('computes an HMAC over the parts in order, and reports its first bytes', () => {
    const algorithm = hmacAlgorithm('sha512')
    const expected = createHmac('sha512', 'k').update('a.b').digest()
    const expectation = algorithm.expect(keyOf(algorithm.key('k')), ['a.', Buffer.from('b')])
    expect(expectation.matches(expected)).toBe(true)
    expect(expectation.matches(expected.subarray(1))).toBe(false)
    expect(expectation.fingerprint).toBe(expected.subarray(0, 4).toString('hex'))
  })

  it('verifies Ed25519 signatures over the joined parts', () => {
    const pair = generateKeyPairSync('ed25519')
    const algorithm = ed25519(publicKey('ed25519'))
    const key = keyOf(algorithm.key(pair.publicKey.export({ format: 'pem', type: 'spki' }).toString()))
    const signature = sign(null, Buffer.from('1700000000{"a":1}'), pair.privateKey)
    expect(algorithm.expect(key, ['1700000000', '{"a":1}']).matches(signature)).toBe(true)
    expect(algorithm.expect(key, ['1700000000', '{"a":2}']).matches(signature)).toBe(false)
    expect(algorithm.expect(key, ['x']).matches(Buffer.from('short'))).toBe(false)
  })

  it('verifies ECDSA P-256 signatures in DER and in the r || s form', () => {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const pem = pair.publicKey.export({ format: 'pem', type: 'spki' }).toString()
    for (const encoding of ['der', 'ieee-p1363'] as const) {
      const algorithm = ecdsaP256(publicKey('p256'), encoding)
      const signature = sign('sha256', Buffer.from('payload'), { key: pair.privateKey, dsaEncoding: encoding })
      expect(algorithm.expect(keyOf(algorithm.key(pem)), ['pay', 'load']).matches(signature)).toBe(true)
      expect(algorithm.expect(keyOf(algorithm.key(pem)), ['payload!']).matches(signature)).toBe(false)
      expect(algorithm.expect(keyOf(algorithm.key(pem)), ['payload']).matches(Buffer.from('not a signature'))).toBe(false)
    }
  })

  it('compares a token with the secret, whatever their lengths', () => {
    const expectation = TOKEN.expect(keyOf(TOKEN.key('gitlab-token')), [])
    expect(expectation.matches(Buffer.from('gitlab-token'))).toBe(true)
    expect(expectation.matches(Buffer.from('gitlab-token '))).toBe(false)
    expect(expectation.matches(Buffer.alloc(0))).toBe(false)
  })
})
