import { describe, expect, it } from 'vitest'
import { decodeFramed, describeFraming, framingProblem, type Framing } from '../../../src/domain/providers/framing.js'
import { hmacBase64, hmacHex } from '../../helpers/sign.js'

const HEX: Framing = { prefix: 'sha256=', encoding: 'hex' }
const BASE64: Framing = { prefix: '', encoding: 'base64' }
const hex = hmacHex('key', 'body')
const base64 = hmacBase64('key', 'body')

describe('framing', () => {
  it('describes a framing as people read it', () => {
    expect(describeFraming(HEX)).toBe('sha256=<64 hex digits>')
    expect(describeFraming(BASE64)).toBe('<base64 of 32 bytes, 44 characters>')
  })

  it('decodes exactly the framing: prefix, encoding and a 32-byte digest', () => {
    expect(decodeFramed(`sha256=${hex}`, HEX)?.toString('hex')).toBe(hex)
    expect(decodeFramed(`sha256=${hex.toUpperCase()}`, HEX)?.toString('hex')).toBe(hex)
    expect(decodeFramed(hex, HEX)).toBeUndefined()
    expect(decodeFramed(`sha256=${hex.slice(2)}`, HEX)).toBeUndefined()
    expect(decodeFramed(base64, BASE64)?.toString('base64')).toBe(base64)
    expect(decodeFramed(base64.replace(/=$/, ''), BASE64)).toBeUndefined()
  })

  it.each([
    ['', HEX, 'the value is empty'],
    [hex, HEX, 'the sha256= prefix is missing'],
    [`sha1=${'a'.repeat(40)}`, HEX, 'it carries a sha1 value; Acme signs with sha256'],
    [`v1=${hex}`, HEX, 'it starts with "v1=" where Acme writes sha256='],
    [`sha256=${base64}`, HEX, 'the digest looks like base64; Acme sends hex'],
    [`sha256=${hex.slice(1)}`, HEX, 'the digest is not 64 hex digits'],
    [hex, BASE64, 'the digest looks like hex; Acme sends base64'],
    [base64.replace(/=$/, ''), BASE64, 'the "=" padding is missing'],
    [`sha256=${base64}`, BASE64, 'it starts with "sha256="; Acme sends the bare digest'],
    ['not a digest!', BASE64, 'the digest is not base64 of 32 bytes, 44 characters']
  ])('explains %j against %j', (value, framing, problem) => {
    expect(framingProblem(value, framing, 'Acme')).toBe(problem)
  })

  // 32 bytes: the last base64 character before "=" carries 2 unused bits; another value of them is the same digest.
  it('refuses a base64 digest spelt with unused bits set, and says so', () => {
    const at = base64.length - 2
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
    const stray = base64.slice(0, at) + alphabet[alphabet.indexOf(base64[at]) ^ 1] + base64.slice(at + 1)
    expect(Buffer.from(stray, 'base64').toString('base64')).toBe(base64)
    expect(decodeFramed(stray, BASE64)).toBeUndefined()
    expect(framingProblem(stray, BASE64, 'Acme')).toContain('not canonical base64')
  })

  it('names the URL-safe alphabet', () => {
    const urlSafe = Buffer.from('fb'.repeat(32), 'hex').toString('base64url')
    expect(framingProblem(urlSafe, BASE64, 'Acme')).toContain('URL-safe')
  })
})
