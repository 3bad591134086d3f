import { describe, expect, it } from 'vitest'
import { TargetInputError } from '@utility-apis/homepage-fetch'
import { normalizeDomainInput } from '../../src/domain/normalize-domain.js'

describe('normalizeDomainInput', () => {
  it('tries https then http for a bare domain', () => {
    expect(normalizeDomainInput('example.com')).toEqual({
      input: 'example.com',
      domain: 'example.com',
      candidates: ['https://example.com/', 'http://example.com/'],
      bare: true
    })
  })

  it('lowercases, drops the trailing dot, the path and the query of a bare domain', () => {
    expect(normalizeDomainInput('  WWW.Example.COM./about?x=1 ').domain).toBe('www.example.com')
  })

  it('keeps the scheme and port of a URL but reports the hostname alone', () => {
    expect(normalizeDomainInput('HTTP://Shop.Example.com:8080/cart#top')).toEqual({
      input: 'HTTP://Shop.Example.com:8080/cart#top',
      domain: 'shop.example.com',
      candidates: ['http://shop.example.com:8080/'],
      bare: false
    })
  })

  it('keeps a port given with a bare domain for both schemes', () => {
    expect(normalizeDomainInput('example.com:8443').candidates)
      .toEqual(['https://example.com:8443/', 'http://example.com:8443/'])
  })

  it('refuses credentials rather than fetch the host after the @, which is not the site the caller read', () => {
    // before the parser was shared with site, brand dropped them and profiled evil.example here
    for (const input of ['https://user:secret@example.com/', 'https://example.com:443@evil.example/']) {
      expect(() => normalizeDomainInput(input)).toThrow(expect.objectContaining({
        code: 'credentials', message: 'domain must not contain credentials', echoInput: false
      }))
    }
  })

  it('converts an internationalised domain to punycode', () => {
    expect(normalizeDomainInput('Bücher.de').domain).toBe('xn--bcher-kva.de')
    expect(normalizeDomainInput('https://мойдомен.рф/').domain).toBe('xn--d1acklchcc.xn--p1ai')
  })

  it('profiles the homepage of a URL with a space in its path, as site reads it; a space in the host is refused', () => {
    // brand refused any whitespace before the parser was shared; only the host cannot hold one
    expect(normalizeDomainInput('https://example.com/about us').candidates).toEqual(['https://example.com/'])
    expect(() => normalizeDomainInput('https://exa mple.com/')).toThrow('domain must not contain whitespace')
  })

  it('treats a protocol-relative URL as a bare domain', () => {
    expect(normalizeDomainInput('//example.org/x').candidates[0]).toBe('https://example.org/')
  })

  it('canonicalises IP literals in any notation so the address rule sees the real address', () => {
    expect(normalizeDomainInput('2130706433').domain).toBe('127.0.0.1')
    expect(normalizeDomainInput('http://0x7f000001/').domain).toBe('127.0.0.1')
    expect(normalizeDomainInput('0177.0.0.1').domain).toBe('127.0.0.1')
    expect(normalizeDomainInput('[::ffff:127.0.0.1]')).toMatchObject({ domain: '::ffff:7f00:1', candidates: ['https://[::ffff:7f00:1]/', 'http://[::ffff:7f00:1]/'] })
  })

  it.each([
    ['', 'domain must not be empty'],
    ['   ', 'domain must not be empty'],
    ['exa mple.com', 'domain must not contain whitespace'],
    ['a..b.com', 'domain is not a valid domain name or URL'],
    ['-bad.example.com', 'domain is not a valid domain name or URL'],
    ['bad-.example.com', 'domain is not a valid domain name or URL'],
    ['exa$mple.com', 'domain is not a valid domain name or URL'],
    ['https://', 'domain is not a valid domain name or URL'],
    [`${'a'.repeat(64)}.com`, 'domain is not a valid domain name or URL'],
    ['example.com:99999', 'domain is not a valid domain name or URL']
  ])('rejects %j', (input, message) => {
    expect(() => normalizeDomainInput(input)).toThrow(expect.objectContaining({ message }))
    expect(() => normalizeDomainInput(input)).toThrow(TargetInputError)
  })

  it.each(['ftp://example.com', 'file:///etc/passwd', 'gopher://127.0.0.1:6379/'])('rejects the non-http scheme of %s', (input) => {
    let error: unknown
    try { normalizeDomainInput(input) } catch (e) { error = e }
    expect(error).toBeInstanceOf(TargetInputError)
    expect(error).toMatchObject({ code: 'scheme', message: "URL scheme should be 'http' or 'https'" })
  })
})
