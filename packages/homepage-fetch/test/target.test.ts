import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkHttpUrl, parseTarget, TARGET_INPUT_CODES, TargetInputError, type HomepageTarget, type TargetInputCode, type TargetOptions } from '../src/target.js'

const PATH = { keep: 'path' } as const

function codeOf (input: string): TargetInputCode | undefined {
  try {
    parseTarget(input)
  } catch (error) {
    if (error instanceof TargetInputError) return error.code
    throw error
  }
  return undefined
}

describe('parseTarget, origin only (brand)', () => {
  it('tries https then http for a bare domain', () => {
    expect(parseTarget(' example.com ')).toEqual({
      input: 'example.com',
      domain: 'example.com',
      candidates: ['https://example.com/', 'http://example.com/'],
      bare: true
    })
  })

  it('lowercases, drops the trailing dot, the path and the query of a bare domain', () => {
    expect(parseTarget('  WWW.Example.COM./about?x=1 ')).toMatchObject({
      domain: 'www.example.com',
      candidates: ['https://www.example.com/', 'http://www.example.com/']
    })
  })

  it('keeps the scheme and port of a URL but reports the hostname alone', () => {
    expect(parseTarget('HTTP://Shop.Example.com:8080/cart#top')).toMatchObject({
      domain: 'shop.example.com',
      candidates: ['http://shop.example.com:8080/'],
      bare: false
    })
  })

  it('keeps a port given with a bare domain for both schemes', () => {
    expect(parseTarget('example.com:8443').candidates).toEqual(['https://example.com:8443/', 'http://example.com:8443/'])
  })

  it('converts an internationalised domain to punycode', () => {
    expect(parseTarget('Bücher.de').domain).toBe('xn--bcher-kva.de')
    expect(parseTarget('https://мойдомен.рф/').domain).toBe('xn--d1acklchcc.xn--p1ai')
  })

  it('treats a protocol-relative URL as a bare domain', () => {
    expect(parseTarget('//example.org/x').candidates).toEqual(['https://example.org/', 'http://example.org/'])
  })

  it('canonicalises IP literals in any notation so the address rule sees the real address', () => {
    expect(parseTarget('2130706433').domain).toBe('127.0.0.1')
    expect(parseTarget('http://0x7f000001/').domain).toBe('127.0.0.1')
    expect(parseTarget('0177.0.0.1').domain).toBe('127.0.0.1')
    expect(parseTarget('[::ffff:127.0.0.1]')).toMatchObject({
      domain: '::ffff:7f00:1', candidates: ['https://[::ffff:7f00:1]/', 'http://[::ffff:7f00:1]/']
    })
  })
})

describe('parseTarget, path kept (site)', () => {
  it('tries a bare domain over https, then http, keeping its path and query but not its fragment', () => {
    expect(parseTarget(' Example.COM ', PATH)).toEqual({
      input: 'Example.COM', domain: 'example.com', candidates: ['https://example.com/', 'http://example.com/'], bare: true
    })
    expect(parseTarget('example.com/blog?x=1#top', PATH).candidates)
      .toEqual(['https://example.com/blog?x=1', 'http://example.com/blog?x=1'])
  })

  it('keeps a full URL as given, scheme and port included, and reports the host alone', () => {
    expect(parseTarget('http://www.Example.com:8080/a', PATH)).toEqual({
      input: 'http://www.Example.com:8080/a', domain: 'www.example.com', candidates: ['http://www.example.com:8080/a'], bare: false
    })
  })

  it('turns international names into punycode', () => {
    expect(parseTarget('bücher.example.', PATH).domain).toBe('xn--bcher-kva.example')
  })

  it('accepts IP literals, which then meet the public-address rule', () => {
    expect(parseTarget('http://203.0.113.9/', PATH).domain).toBe('203.0.113.9')
  })
})

// Where brand and site answered differently before they shared this module: one answer for both now
describe('one answer for brand and site', () => {
  it.each([{}, PATH])('drops a trailing dot from what is fetched, not only from the domain (%j)', (options) => {
    // site fetched https://example.com./, whose Host header and certificate name many servers do not serve
    expect(parseTarget('example.com./', options).candidates).toEqual(['https://example.com/', 'http://example.com/'])
  })

  it.each([{}, PATH])('accepts an underscore at either end of a label, as DNS and browsers do (%j)', (options) => {
    // site refused a_.example.com; brand accepted it
    expect(parseTarget('a_.example.com', options).domain).toBe('a_.example.com')
    expect(parseTarget('_dmarc.example.com', options).domain).toBe('_dmarc.example.com')
  })

  it.each(['https://user:secret@example.com/', 'user@example.com', 'https://example.com:443@evil.example/', 'mailto:a@b.example'])(
    'refuses credentials instead of quietly fetching the host after the @ (%s)', (input) => {
      // brand dropped them and fetched the host after the @, which is not the site its caller read
      expect(codeOf(input)).toBe('credentials')
    })

  it.each([{}, PATH])('reports an IPv6 host without brackets (%j)', (options) => {
    // site reported "[::1]", brand "::1"
    expect(parseTarget('http://[::1]:8080/x', options).domain).toBe('::1')
  })

  it('accepts a space in the path, percent-encoded as a browser does, and refuses one in the host', () => {
    // brand refused any whitespace, site encoded it in the path: only the host cannot hold one
    expect(parseTarget('example.com/about us', PATH).candidates[0]).toBe('https://example.com/about%20us')
    expect(parseTarget('example.com/about us').candidates[0]).toBe('https://example.com/')
    expect(codeOf('exa mple.com')).toBe('whitespace')
    expect(codeOf('https://exa\tmple.com/')).toBe('whitespace')
  })
})

describe('refusals', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['exa mple.com', 'whitespace'],
    ['a..b.com', 'bad_host'],
    ['-bad.example.com', 'bad_host'],
    ['bad-.example.com', 'bad_host'],
    ['https://-bad-.example', 'bad_host'],
    ['exa$mple.com', 'bad_host'],
    [`${'a'.repeat(64)}.com`, 'bad_host'],
    ['https://', 'bad_url'],
    ['example.com:99999', 'bad_url'],
    ['xn--zz.de', 'bad_url'],
    ['ftp://example.com', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['gopher://127.0.0.1:6379/', 'scheme'],
    ['https://user:pw@example.com/', 'credentials']
  ])('refuses %j as %s', (input, code) => {
    expect(codeOf(input)).toBe(code)
  })

  it('words each cause as the service asks, keeping the code', () => {
    const error = (() => { try { parseTarget('ftp://x.example', { messages: { scheme: 'url must use http or https' } }) } catch (e) { return e } })()
    expect(error).toBeInstanceOf(TargetInputError)
    expect(error).toMatchObject({ code: 'scheme', message: 'url must use http or https', echoInput: true })
  })

  it('never echoes an input with credentials', () => {
    expect(() => checkHttpUrl(new URL('https://u:p@x.example/'))).toThrow(expect.objectContaining({ code: 'credentials', echoInput: false }))
  })

  it('names every cause with one snake_case word', () => {
    for (const code of TARGET_INPUT_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/)
  })
})

describe('any input', () => {
  const inputs = fc.oneof(
    fc.webUrl({ authoritySettings: { withUserInfo: true, withPort: true, withIPv4: true, withIPv6: true }, withQueryParameters: true, withFragments: true }),
    fc.domain(),
    fc.tuple(fc.constantFrom('', 'http://', 'HTTPS://', '//', 'ftp://', ' '), fc.string({ maxLength: 30 }), fc.constantFrom('', '.', '/x y', ':8080', '@b.example'))
      .map((parts) => parts.join('')),
    fc.string({ maxLength: 40 })
  )

  it('is read alike by brand and site: the same refusal, or the same host fetched on every candidate', () => {
    fc.assert(fc.property(inputs, (input) => {
      const attempt = (options: TargetOptions): HomepageTarget | TargetInputError => {
        try {
          return parseTarget(input, options)
        } catch (error) {
          if (error instanceof TargetInputError) return error
          throw error
        }
      }
      const origin = attempt({})
      const path = attempt(PATH)
      if (origin instanceof TargetInputError || path instanceof TargetInputError) {
        expect([origin instanceof TargetInputError && origin.code, path instanceof TargetInputError && path.code])
          .toEqual([expect.any(String), (origin as TargetInputError).code])
        return
      }
      expect({ ...path, candidates: [] }).toEqual({ ...origin, candidates: [] })
      for (const candidate of [...origin.candidates, ...path.candidates]) {
        const url = new URL(candidate)
        expect(url.hostname.replace(/^\[|\]$/g, '')).toBe(origin.domain)
        expect([url.protocol, url.username, url.password, url.hash]).toEqual([url.protocol.startsWith('https') ? 'https:' : 'http:', '', '', ''])
      }
      expect(origin.candidates.every((candidate) => new URL(candidate).pathname === '/' && new URL(candidate).search === '')).toBe(true)
    }), { numRuns: 2000 })
  })
})
