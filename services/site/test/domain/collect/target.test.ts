import { describe, expect, it } from 'vitest'
import { InvalidTargetError, parseTarget } from '../../../src/domain/collect/target.js'

describe('parseTarget', () => {
  it('tries a bare domain over https, then http, keeping its path', () => {
    expect(parseTarget(' Example.COM ')).toEqual({ input: 'Example.COM', domain: 'example.com', candidates: ['https://example.com/', 'http://example.com/'] })
    expect(parseTarget('example.com/blog?x=1#top').candidates).toEqual(['https://example.com/blog?x=1', 'http://example.com/blog?x=1'])
  })

  it('keeps a full URL as given, scheme and port included, and reports the host alone', () => {
    expect(parseTarget('http://www.Example.com:8080/a')).toEqual({ input: 'http://www.Example.com:8080/a', domain: 'www.example.com', candidates: ['http://www.example.com:8080/a'] })
  })

  it('turns international names into punycode and drops a trailing dot', () => {
    expect(parseTarget('bücher.example.').domain).toBe('xn--bcher-kva.example')
  })

  it.each(['ftp://example.com', 'https://user:pw@example.com/', 'exa mple.com', 'https://-bad-.example', ''])('rejects %j', (input) => {
    expect(() => parseTarget(input)).toThrow(InvalidTargetError)
  })

  it('accepts IP literals, which then meet the public-address rule', () => {
    expect(parseTarget('http://203.0.113.9/').domain).toBe('203.0.113.9')
  })
})
