import { describe, expect, it } from 'vitest'
import { TargetInputError } from '@utility-apis/homepage-fetch'
import { parseTarget } from '../../../src/domain/collect/target.js'

describe('parseTarget', () => {
  it('tries a bare domain over https, then http, keeping its path', () => {
    expect(parseTarget(' Example.COM ')).toEqual({ input: 'Example.COM', domain: 'example.com', candidates: ['https://example.com/', 'http://example.com/'], bare: true })
    expect(parseTarget('example.com/blog?x=1#top').candidates).toEqual(['https://example.com/blog?x=1', 'http://example.com/blog?x=1'])
  })

  it('keeps a full URL as given, scheme and port included, and reports the host alone', () => {
    expect(parseTarget('http://www.Example.com:8080/a')).toEqual({ input: 'http://www.Example.com:8080/a', domain: 'www.example.com', candidates: ['http://www.example.com:8080/a'], bare: false })
  })

  it('turns international names into punycode and drops a trailing dot', () => {
    expect(parseTarget('bücher.example.').domain).toBe('xn--bcher-kva.example')
  })

  it.each(['ftp://example.com', 'https://user:pw@example.com/', 'exa mple.com', 'https://-bad-.example', ''])('rejects %j', (input) => {
    expect(() => parseTarget(input)).toThrow(TargetInputError)
  })

  it('fetches a name given with a trailing dot without it, as brand does', () => {
    // site fetched https://example.com./, whose Host header and certificate name many servers do not serve
    expect(parseTarget('example.com./about').candidates).toEqual(['https://example.com/about', 'http://example.com/about'])
  })

  it('accepts an underscore at the end of a label, as brand, DNS and browsers do', () => {
    expect(parseTarget('a_.example.com').domain).toBe('a_.example.com')
  })

  it('reports an IPv6 host without brackets, as brand does', () => {
    expect(parseTarget('http://[2001:db8::1]:8080/x')).toMatchObject({ domain: '2001:db8::1', candidates: ['http://[2001:db8::1]:8080/x'] })
  })

  it('accepts IP literals, which then meet the public-address rule', () => {
    expect(parseTarget('http://203.0.113.9/').domain).toBe('203.0.113.9')
  })
})
