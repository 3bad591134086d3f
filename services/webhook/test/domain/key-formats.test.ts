import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { base64Key, hexKey, privateKeyShape, publicKey, signingKeyOf, UnusableSecret, utf8Key } from '../../src/domain/key-formats.js'

const ed = generateKeyPairSync('ed25519')
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const edRaw = ed.publicKey.export({ format: 'jwk' }).x as string
const rawBytes = Buffer.from(edRaw, 'base64url')

describe('secret key formats', () => {
  it('reads utf8, hex and base64 secrets, and says why one cannot be a key without quoting it', () => {
    expect(utf8Key('abc')).toEqual({ key: Buffer.from('abc'), use: 'used verbatim as the key (UTF-8 bytes)' })
    expect(hexKey('00ff')).toMatchObject({ key: Buffer.from([0, 255]) })
    expect(hexKey('secret-zz')).toEqual({ problem: expect.not.stringContaining('secret-zz') })
    expect(base64Key('YWJj')).toMatchObject({ key: Buffer.from('abc') })
    expect(base64Key('YWJjZA')).toMatchObject({ key: Buffer.from('abcd') })
    expect(base64Key('not base64!')).toHaveProperty('problem')
  })
})

describe('signingKeyOf', () => {
  it('gives the key, or throws the problem, never a key in its place', () => {
    expect(signingKeyOf(hexKey, '00ff')).toEqual(Buffer.from([0, 255]))
    expect(() => signingKeyOf(hexKey, 'secret-zz')).toThrow(UnusableSecret)
    expect(() => signingKeyOf(hexKey, 'secret-zz')).toThrow(/not hex/)
    expect(() => signingKeyOf(hexKey, 'secret-zz')).not.toThrow(/secret-zz/)
  })
})

describe('publicKey', () => {
  it.each([
    ['hex of the 32 raw bytes', rawBytes.toString('hex')],
    ['base64 of the 32 raw bytes', rawBytes.toString('base64')],
    ['PEM', ed.publicKey.export({ format: 'pem', type: 'spki' }).toString()],
    ['base64 DER', ed.publicKey.export({ format: 'der', type: 'spki' }).toString('base64')],
    ['JWK', JSON.stringify(ed.publicKey.export({ format: 'jwk' }))]
  ])('reads an Ed25519 public key given as %s', (_form, text) => {
    const result = publicKey('ed25519')(text)
    expect('key' in result && result.key).toBeTruthy()
  })

  it.each([
    ['base64 DER', ec.publicKey.export({ format: 'der', type: 'spki' }).toString('base64')],
    ['PEM', ec.publicKey.export({ format: 'pem', type: 'spki' }).toString()],
    ['JWK', JSON.stringify({ ...ec.publicKey.export({ format: 'jwk' }), kid: 'demo', alg: 'ES256', use: 'sig' })]
  ])('reads a P-256 public key given as %s', (_form, text) => {
    expect(publicKey('p256')(text)).toHaveProperty('key')
  })

  it('refuses a key of another type or curve', () => {
    expect(publicKey('p256')(ed.publicKey.export({ format: 'pem', type: 'spki' }).toString())).toHaveProperty('problem')
    const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({ format: 'pem', type: 'spki' }).toString()
    expect(publicKey('p256')(p384)).toHaveProperty('problem')
    expect(publicKey('ed25519')('not a key')).toHaveProperty('problem')
  })

  it.each([
    ['a PEM private key', ec.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString()],
    ['a private JWK', JSON.stringify(ec.privateKey.export({ format: 'jwk' }))],
    ['a base64 DER (PKCS #8) private key', ec.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')],
    ['a Standard Webhooks signing (private) key', 'whsk_' + rawBytes.toString('base64')]
  ])('recognises %s, never using it', (what, text) => {
    expect(privateKeyShape(text)).toContain(what)
    const result = publicKey('p256')(text)
    expect(result).toMatchObject({ privateKey: true, problem: expect.stringContaining(what) })
    expect(JSON.stringify(result)).not.toContain(text.slice(40, 60))
  })

  it('does not take a shared secret for a private key', () => {
    expect(privateKeyShape('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBeUndefined()
    expect(privateKeyShape(Buffer.alloc(64, 7).toString('base64'))).toBeUndefined()
  })
})
