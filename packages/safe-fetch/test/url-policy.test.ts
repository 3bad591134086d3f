import { describe, expect, test } from 'vitest'
import { resolvePolicy } from '../src/policy.js'
import { checkUrl } from '../src/url-policy.js'
import type { FetchError } from '../src/index.js'

const strict = resolvePolicy()
const fixtures = resolvePolicy({ allowCidrs: ['127.0.0.1/32'] })

function refusal (input: string, policy = strict): FetchError {
  try {
    checkUrl(input, policy)
  } catch (error) {
    return error as FetchError
  }
  throw new Error(`${input} was accepted`)
}

describe('checkUrl', () => {
  test.each([
    'http://127.0.0.1/', 'http://2130706433/', 'http://0x7f000001/', 'http://0177.0.0.1/', 'http://127.1/',
    'http://[::1]/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0/', 'http://0/', 'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/', 'http://10.0.0.1/', 'https://192.168.0.1/', 'http://[fe80::1]/', 'http://100.100.100.200/'
  ])('refuses the IP literal in %s before connecting', (input) => {
    const error = refusal(input)
    expect(error.code).toBe('FETCH_ERR_BLOCKED')
    expect(error.message).toBe('Target address is not allowed')
    expect(error.address).not.toBeNull()
  })

  test.each(['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'gopher://example.com/', 'ws://example.com/'])(
    'refuses the scheme of %s', (input) => {
      expect(refusal(input).code).toBe('FETCH_ERR_SCHEME')
    })

  test.each([
    ['http://user:secret@example.com/', 'http://example.com/'],
    ['https://user@example.com/a', 'https://example.com/a'],
    ['http://:secret@example.com/', 'http://example.com/']
  ])('refuses credentials in %s and does not repeat them', (input, shown) => {
    const error = refusal(input)
    expect(error.code).toBe('FETCH_ERR_CREDENTIALS')
    expect(error.url).toBe(shown)
    expect(error.message).not.toContain('secret')
  })

  test.each(['', 'not a url', 'http://', 'http://exa mple.com/', '//example.com/'])('refuses the malformed URL %j', (input) => {
    expect(refusal(input).code).toBe('FETCH_ERR_BAD_URL')
  })

  test('a public literal is refused on a non-default port and accepted on the default one', () => {
    expect(refusal('http://93.184.216.34:8080/')).toMatchObject({ code: 'FETCH_ERR_BLOCKED', message: 'Target port is not allowed' })
    expect(checkUrl('http://93.184.216.34:80/', strict).href).toBe('http://93.184.216.34/')
    expect(checkUrl('https://[2606:4700:4700::1111]/', strict).hostname).toBe('[2606:4700:4700::1111]')
  })

  test('an allow-listed literal is accepted on any port', () => {
    expect(checkUrl('http://127.0.0.1:8080/x', fixtures).href).toBe('http://127.0.0.1:8080/x')
    expect(refusal('http://127.0.0.2:8080/x', fixtures).code).toBe('FETCH_ERR_BLOCKED')
  })

  test('host names pass (they are judged at connect time), fragments are dropped, relative input resolves', () => {
    expect(checkUrl('HTTP://Example.COM/a?b=1#frag', strict).href).toBe('http://example.com/a?b=1')
    expect(checkUrl('../c', strict, 'https://example.com/a/b/').href).toBe('https://example.com/a/c')
    expect(checkUrl('http://bücher.example/', strict).hostname).toBe('xn--bcher-kva.example')
  })
})
