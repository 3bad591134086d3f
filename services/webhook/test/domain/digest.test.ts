import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { decodeBase64, decodeBase64Key, decodeBase64Loose, decodeHex, digestsEqual, fingerprint, hmac } from '../../src/domain/digest.js'

describe('digest helpers', () => {
  it('decodes hex case-insensitively and strictly', () => {
    expect(decodeHex('0aFF')).toEqual(Buffer.from([0x0a, 0xff]))
    expect(decodeHex('0AFF')).toEqual(decodeHex('0aff'))
    for (const bad of ['', 'abc', '0g', 'zz', ' 0a', '0a ']) expect(decodeHex(bad)).toBeUndefined()
  })

  it('decodes padded standard base64 only, and reads the other forms loosely for the diagnosis', () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xfe, 0x01])
    expect(decodeBase64('+//+AQ==')).toEqual(bytes)
    for (const bad of ['', '+//+AQ', '-__-AQ==', '+//+AQ=', 'a===']) expect(decodeBase64(bad)).toBeUndefined()
    expect(decodeBase64Loose('+//+AQ==')).toEqual({ bytes, variant: 'padded' })
    expect(decodeBase64Loose('+//+AQ')).toEqual({ bytes, variant: 'unpadded' })
    expect(decodeBase64Loose('-__-AQ')).toEqual({ bytes, variant: 'url-safe' })
    expect(decodeBase64Loose('a')).toBeUndefined()
  })

  // The last character of a text whose bytes are not a multiple of 3 carries unused bits: every value of them decodes
  // to the same bytes (Buffer ignores them), but only the zero one is the encoding of those bytes.
  it('reads a signature only in its canonical spelling, whatever the unused bits of the last character', () => {
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
    for (const length of [31, 32, 33]) {
      const bytes = createHmac('sha512', 'k').update('canonical').digest().subarray(0, length)
      const text = bytes.toString('base64')
      const at = text.replace(/=+$/, '').length - 1
      const spellings = [...ALPHABET].map((char) => text.slice(0, at) + char + text.slice(at + 1))
      const same = spellings.filter((spelling) => Buffer.from(spelling, 'base64').equals(bytes))
      expect(same.length).toBe(length % 3 === 0 ? 1 : length % 3 === 1 ? 16 : 4)
      expect(same.filter((spelling) => decodeBase64(spelling) !== undefined)).toEqual([text])
      const unpadded = same.map((spelling) => spelling.replace(/=+$/, ''))
      expect(unpadded.filter((spelling) => decodeBase64Loose(spelling) !== undefined)).toEqual([text.replace(/=+$/, '')])
      const urlSafe = unpadded.map((spelling) => spelling.replace(/\+/g, '-').replace(/\//g, '_'))
      expect(urlSafe.filter((spelling) => decodeBase64Loose(spelling) !== undefined)).toEqual([bytes.toString('base64url')])
    }
    expect(decodeBase64Loose('-__-AR')).toBeUndefined()
    expect(decodeBase64Loose('-__-AQ')).toEqual({ bytes: Buffer.from([0xfb, 0xff, 0xfe, 0x01]), variant: 'url-safe' })
  })

  it('reads a key in any spelling the libraries decode, saying which alphabet it was in', () => {
    const bytes = Buffer.from([0xfb, 0xff, 0xfe, 0x01])
    expect(decodeBase64Key('+//+AR==')).toEqual({ bytes, variant: 'padded' })
    expect(decodeBase64Key('+//+AR')).toEqual({ bytes, variant: 'unpadded' })
    expect(decodeBase64Key('-__-AQ')).toEqual({ bytes, variant: 'url-safe' })
    for (const bad of ['', 'a', '+//+AQ=', 'a===', ' +//+AQ==']) expect(decodeBase64Key(bad)).toBeUndefined()
  })

  it('computes the HMAC of prefix + body without concatenating them', () => {
    const body = Buffer.from('{"a":1}')
    expect(hmac('sha256', 'k', body, '123.')).toEqual(createHmac('sha256', 'k').update('123.{"a":1}').digest())
    expect(hmac('sha1', 'k', body)).toEqual(createHmac('sha1', 'k').update(body).digest())
  })

  it('hashes a string body as exactly the bytes of its UTF-8 Buffer, lone surrogates included', () => {
    for (const text of ['café ☕ 🚀', '\ud800 lone', 'x\udfff']) {
      expect(hmac('sha256', 'k', text, 't.')).toEqual(createHmac('sha256', 'k').update('t.').update(Buffer.from(text, 'utf8')).digest())
    }
  })

  it('compares digests of any lengths without throwing', () => {
    const a = Buffer.from('00112233', 'hex')
    expect(digestsEqual(a, Buffer.from('00112233', 'hex'))).toBe(true)
    expect(digestsEqual(a, Buffer.from('00112234', 'hex'))).toBe(false)
    expect(digestsEqual(a, Buffer.from('001122', 'hex'))).toBe(false)
  })

  it('shows only the first four bytes of a digest', () => {
    expect(fingerprint(Buffer.from('00112233445566', 'hex'))).toBe('00112233')
  })
})
