import { describe, expect, it } from 'vitest'
import { parseRobotsTxt, ROBOTS_MAX_BYTES } from '../../../src/domain/robots/robots-parse.js'
import { getPathParamsQuery, isValidUserAgentToObey, matchRobots } from '../../../src/domain/robots/robots-match.js'
import { escapePattern } from '../../../src/domain/robots/robots-parse.js'
import { escapeCases, matchCases, pathCases, userAgentCases } from './google-robotstxt-cases.js'
import { fillRobotsTxt } from '../../fixtures/robots-files.js'

const allowed = (robots: string | Buffer, agent: string, url: string): boolean =>
  matchRobots(parseRobotsTxt(robots), agent, url).allowed

describe('robots matcher agrees with google/robotstxt robots_test.cc', () => {
  for (const c of matchCases) {
    it(c.name, () => {
      const parsed = parseRobotsTxt(c.robots)
      const got = c.expect.map(([agent, url]) => [agent, url, matchRobots(parsed, agent, url).allowed])
      expect(got).toEqual(c.expect)
    })
  }

  it.each(pathCases)('GetPathParamsQuery(%j) is %j', (url, path) => {
    expect(getPathParamsQuery(url)).toBe(path)
  })

  it.each(escapeCases)('MaybeEscapePattern(%j) is %j', (pattern, escaped) => {
    const octets = Buffer.from(pattern, 'utf8').toString('latin1')
    expect(escapePattern(octets)).toBe(escaped)
  })

  it.each(userAgentCases)('IsValidUserAgentToObey(%j) is %j', (agent, valid) => {
    expect(isValidUserAgentToObey(agent)).toBe(valid)
  })
})

describe('robots.txt lines (ID_LinesNumbersAreCountedCorrectly, BOM, Sitemap)', () => {
  const stats = (body: string | Buffer): { valid: number, unknown: number, lastLine: number } => {
    const { records } = parseRobotsTxt(body)
    return {
      valid: records.filter((r) => r.key !== 'unknown').length,
      unknown: records.filter((r) => r.key === 'unknown').length,
      lastLine: Math.max(0, ...records.map((r) => r.line))
    }
  }
  const files: Array<[string, string]> = [
    ['unix', 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /\n'],
    ['dos', 'User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n'],
    ['mac', 'User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r'],
    ['no final newline', 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\nDisallow: /'],
    ['mixed', 'User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /']
  ]
  it.each(files)('%s line endings: 4 directives, the last on line 6', (_name, body) => {
    expect(stats(body)).toEqual({ valid: 4, unknown: 0, lastLine: 6 })
  })

  const bytes = (...parts: Array<string | number[]>): Buffer =>
    Buffer.concat(parts.map((p) => typeof p === 'string' ? Buffer.from(p) : Buffer.from(p)))
  const rest = 'User-Agent: foo\nAllow: /AnyValue\n'
  it.each([
    ['full BOM', bytes([0xef, 0xbb, 0xbf], rest), 2, 0],
    ['partial BOM (2 octets)', bytes([0xef, 0xbb], rest), 2, 0],
    ['partial BOM (1 octet)', bytes([0xef], rest), 2, 0],
    ['broken BOM makes the first line garbage', bytes([0xef, 0x11, 0xbf], rest), 1, 1],
    ['a BOM in the middle is not skipped', bytes('User-Agent: foo\n', [0xef, 0xbb, 0xbf], 'Allow: /AnyValue\n'), 1, 1]
  ])('%s', (_name, body, valid, unknown) => {
    const s = stats(body as Buffer)
    expect([s.valid, s.unknown]).toEqual([valid, unknown])
  })

  it('a BOM does not hide the first rule from the matcher', () => {
    expect(allowed(bytes([0xef, 0xbb, 0xbf], 'User-agent: FooBot\nDisallow: /\n'), 'FooBot', 'http://foo.bar/')).toBe(false)
  })

  it('Sitemap lines are collected wherever they appear', () => {
    const tail = 'User-Agent: foo\nAllow: /some/path\nUser-Agent: bar\n\n\n'
    expect(parseRobotsTxt(tail + 'Sitemap: http://foo.bar/sitemap.xml\n').sitemaps).toEqual(['http://foo.bar/sitemap.xml'])
    expect(parseRobotsTxt('Sitemap: http://foo.bar/sitemap.xml\n' + tail).sitemaps).toEqual(['http://foo.bar/sitemap.xml'])
  })
})

describe('GoogleOnly_LineTooLong: lines are cut after 8 * 2083 octets', () => {
  const maxLineLen = 2083 * 8
  const grow = (prefix: string, directive: string, fill: string): string => {
    const max = maxLineLen - prefix.length - directive.length + 1
    return prefix + fill.repeat(max - prefix.length)
  }

  it('a cut disallow rule still matches its kept prefix', () => {
    const longline = grow('/x/', 'disallow: ', 'a')
    const robots = `user-agent: FooBot\ndisallow: ${longline}/qux\n`
    expect(allowed(robots, 'FooBot', 'http://foo.bar/fux')).toBe(true)
    expect(allowed(robots, 'FooBot', `http://foo.bar${longline}/fux`)).toBe(false)
  })

  it('cut allow rules match exactly and by their kept prefix', () => {
    const a = grow('/x/', 'allow: ', 'a')
    const b = grow('/x/', 'allow: ', 'b')
    const robots = `user-agent: FooBot\ndisallow: /\nallow: ${a}/qux\nallow: ${b}/qux\n`
    expect(allowed(robots, 'FooBot', 'http://foo.bar/')).toBe(false)
    expect(allowed(robots, 'FooBot', `http://foo.bar${a}/qux`)).toBe(true)
    expect(allowed(robots, 'FooBot', `http://foo.bar${b}/fux`)).toBe(true)
  })
})

describe('RFC 9309 limits and leniencies', () => {
  it('ignores everything after 500 KiB', () => {
    const head = 'user-agent: FooBot\n'
    const padding = '#'.repeat(ROBOTS_MAX_BYTES - head.length - 1) + '\n'
    const late = parseRobotsTxt(head + padding + 'disallow: /\n')
    expect(late.truncated).toBe(true)
    expect(matchRobots(late, 'FooBot', 'http://foo.bar/x').allowed).toBe(true)
    const early = parseRobotsTxt(head + 'disallow: /\n' + padding)
    expect(early.truncated).toBe(true)
    expect(matchRobots(early, 'FooBot', 'http://foo.bar/x').allowed).toBe(false)
  })

  it('a file of exactly 500 KiB is read whole', () => {
    const head = 'user-agent: FooBot\n'
    const rule = 'disallow: /\n'
    const body = head + '#'.repeat(ROBOTS_MAX_BYTES - head.length - rule.length - 1) + '\n' + rule
    expect(Buffer.byteLength(body)).toBe(ROBOTS_MAX_BYTES)
    const parsed = parseRobotsTxt(body)
    expect(parsed.truncated).toBe(false)
    expect(matchRobots(parsed, 'FooBot', 'http://foo.bar/x').allowed).toBe(false)
  })

  it('accepts the common directive typos of the reference parser', () => {
    for (const key of ['useragent', 'user agent']) {
      expect(allowed(`${key}: FooBot\ndisallow: /\n`, 'FooBot', 'http://foo.bar/x')).toBe(false)
    }
    for (const key of ['dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw']) {
      expect(allowed(`user-agent: FooBot\n${key}: /\n`, 'FooBot', 'http://foo.bar/x')).toBe(false)
    }
  })

  it('treats "* " followed by text as the global group', () => {
    expect(allowed('user-agent: * # everyone\ndisallow: /\n', 'FooBot', 'http://foo.bar/x')).toBe(false)
    expect(allowed('user-agent: *bot\ndisallow: /\n', 'FooBot', 'http://foo.bar/x')).toBe(true)
  })

  it('missing colon with more than two words is not a directive', () => {
    expect(allowed('user-agent FooBot\ndisallow / now\n', 'FooBot', 'http://foo.bar/x')).toBe(true)
  })
})

describe('percent-encoded special characters (RFC 9309 section 2.2.3; issue 16, defect 7)', () => {
  const robots = 'User-agent: *\nDisallow: /path/file-with-a-%2A.html\nDisallow: /path/foo-%24\nDisallow: /a$b\n'
  const parsed = parseRobotsTxt(robots)
  it.each([
    ['https://www.example.com/path/file-with-a-*.html', false],
    ['https://www.example.com/path/file-with-a-%2A.html', false],
    ['https://www.example.com/path/file-with-a-x.html', true],
    ['https://www.example.com/path/foo-$', false],
    ['https://www.example.com/path/foo-x', true],
    // a $ before the end of a rule is the character itself, as for Google
    ['https://www.example.com/a$bc', false],
    ['https://www.example.com/ab', true]
  ])('%s allowed: %s', (url, allowedThere) => {
    expect(matchRobots(parsed, 'FooBot', url).allowed).toBe(allowedThere)
  })
})

describe('a literal * or $ in the URL is that character alone (as google/robotstxt compares it)', () => {
  // it was compared as %2A or %24, and the escape's own characters then matched rules the URL never met
  it.each([
    ['Disallow: /*%', 'https://x.example/price$10', true],
    ['Disallow: /*%', 'https://x.example/a*b', true],
    ['Disallow: /*A$', 'https://x.example/foo*', true],
    ['Disallow: /*4$', 'https://x.example/foo$', true],
    ['Disallow: /a%', 'https://x.example/a*', true],
    ['Disallow: /a%2', 'https://x.example/a$', true],
    ['Disallow: /a\nAllow: /a*2', 'https://x.example/a*', false],
    ['Disallow: /a$b', 'https://x.example/a%24b', true],
    // what the escapes name still matches, and an escape matches itself as Google compares it
    ['Disallow: /a%2A', 'https://x.example/a*', false],
    ['Disallow: /a%2a', 'https://x.example/a*', false],
    ['Disallow: /a%2A', 'https://x.example/a%2A', false],
    ['Disallow: /*%24$', 'https://x.example/cost$', false],
    ['Disallow: /a$b', 'https://x.example/a$b', false]
  ])('%j: %s allowed %s', (rules, url, allowedThere) => {
    expect(allowed(`User-agent: *\n${rules}\n`, 'FooBot', url)).toBe(allowedThere)
  })
})

describe('a NUL inside a line (not valid in a robots.txt)', () => {
  it('ends the line there, as google/robotstxt reads each line as a C string', () => {
    expect(allowed('User-agent: *\nDisallow: /a\u0000b\n', 'FooBot', 'https://x.example/ab')).toBe(false)
    expect(allowed('User-agent: *\u0000x\nDisallow: /\n', 'FooBot', 'https://x.example/ab')).toBe(false)
    expect(allowed('User-agent: *\nDisallow: /a\u0000b\n', 'FooBot', 'https://x.example/b')).toBe(true)
  })
})

describe('matched rule reporting', () => {
  const robots = '# comment\nUser-agent: *\nDisallow: /private/\nAllow: /private/open\n\nUser-agent: GPTBot\nDisallow: /\n'
  const parsed = parseRobotsTxt(robots)

  it('names the deciding line, its directive and its text', () => {
    expect(matchRobots(parsed, 'Googlebot', 'https://a.example/private/x')).toEqual({
      allowed: false,
      group: 'global',
      rule: { line: 3, directive: 'disallow', pattern: '/private/', text: 'Disallow: /private/' }
    })
    expect(matchRobots(parsed, 'Googlebot', 'https://a.example/private/open/1').rule?.line).toBe(4)
    expect(matchRobots(parsed, 'gptbot', 'https://a.example/')).toMatchObject({ allowed: false, group: 'specific', rule: { line: 7 } })
  })

  it('reports no rule when nothing matched', () => {
    expect(matchRobots(parsed, 'Googlebot', 'https://a.example/public')).toEqual({ allowed: true, group: 'global', rule: null })
    expect(matchRobots(parseRobotsTxt(''), 'Googlebot', 'https://a.example/')).toEqual({ allowed: true, group: 'none', rule: null })
  })
})

describe('a hostile robots.txt of the maximum size (500 KiB) against a 2,000-character URL', () => {
  const url = `https://a.example/${'a'.repeat(2000)}`
  const fill = fillRobotsTxt
  // What these cost is measured by `pnpm bench site` (bench/robots-match.ts), against an ordinary file of the same size:
  // here, that the answers on them are right.
  it('decides thousands of many-wildcard rules that almost match', () => {
    const parsed = parseRobotsTxt(fill(() => `Disallow: /${'a*'.repeat(40)}b\n`))
    expect(parsed.truncated).toBe(false)
    expect(parsed.records.length).toBeGreaterThan(5000)
    expect(matchRobots(parsed, 'Googlebot', url)).toEqual({ allowed: true, group: 'global', rule: null })
  })

  it('decides tens of thousands of distinct pieces the path lacks, and long needles', () => {
    for (const line of [(i: number) => `Disallow: /*${i.toString(36)}z\n`, (i: number) => `Disallow: /*${'a'.repeat(200 + (i % 50))}b*c\n`]) {
      expect(matchRobots(parseRobotsTxt(fill(line)), 'Googlebot', url).allowed).toBe(true)
    }
  })

  it('still finds the one rule that matches among them', () => {
    const parsed = parseRobotsTxt(fill((i) => i === 3000 ? `Allow: /*${'a'.repeat(1500)}$\n` : `Disallow: /${'a*'.repeat(40)}b\n`))
    expect(matchRobots(parsed, 'Googlebot', url)).toMatchObject({ allowed: true, rule: { line: 3002, directive: 'allow' } })
    expect(matchRobots(parsed, 'Googlebot', `${url}b`)).toMatchObject({ allowed: false, rule: { directive: 'disallow' } })
  })

  it('parses lines of 16,000 inner spaces', () => {
    const parsed = parseRobotsTxt(fill(() => `Disallow: /a${' '.repeat(16_000)}x\n`))
    expect(parsed.records[1]).toMatchObject({ key: 'disallow', value: `/a${' '.repeat(16_000)}x` })
  })
})

describe('wildcard matching agrees with the reference position-set matcher', () => {
  // the reference parser's algorithm (robots.cc Matches), kept here as the oracle
  const reference = (path: string, pattern: string): boolean => {
    let positions = [0]
    for (let p = 0; p < pattern.length; p++) {
      if (pattern[p] === '$' && p === pattern.length - 1) return positions[positions.length - 1] === path.length
      if (pattern[p] === '*') {
        positions = Array.from({ length: path.length - positions[0] + 1 }, (_, i) => positions[0] + i)
        continue
      }
      positions = positions.filter((pos) => pos < path.length && path[pos] === pattern[p]).map((pos) => pos + 1)
      if (positions.length === 0) return false
    }
    return true
  }
  // a fixed-seed xorshift generator, so every run tests the same cases
  let state = 0x9e3779b9
  const random = (n: number): number => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) % n
  }
  const pick = (chars: string, n: number): string => Array.from({ length: n }, () => chars[random(chars.length)]).join('')

  it('on 4,000 random paths and patterns of a, b, * and $', () => {
    let disagreements = 0
    for (let i = 0; i < 4000; i++) {
      const path = '/' + pick('ab', random(12))
      const pattern = '/' + pick('ab**', random(8)) + (random(3) === 0 ? '$' : '')
      const parsed = parseRobotsTxt(`user-agent: *\ndisallow: ${pattern}\n`)
      if (matchRobots(parsed, 'x', `http://e.x${path}`).allowed === reference(path, pattern)) disagreements++
    }
    expect(disagreements).toBe(0)
  })
})
