import { describe, expect, it } from 'vitest'
import { lintRobotsTxt } from '../../../src/domain/robots/robots-lint.js'

describe('Lighthouse-style robots.txt lint', () => {
  it('accepts a valid file with comments, blank lines and the safelisted directives', () => {
    const body = [
      '# hello', '', 'User-agent: *', 'Disallow: /private/ # inline', 'Allow: /private/open$',
      'Crawl-delay: 5', 'Content-Signal: search=yes, ai-train=no', 'Sitemap: https://a.example/sitemap.xml',
      'Host: a.example', 'Clean-param: ref /shop'
    ].join('\r\n')
    expect(lintRobotsTxt(body)).toEqual({ valid: true, errors: [], warnings: [] })
  })

  it('reports each faulty line with its number, content and the Lighthouse message', () => {
    const body = [
      'Disallow: /early',          // 1: before any user-agent
      'User-agent:',                // 2: empty agent
      'User-agent: FooBot',         // 3
      'Disallow private',           // 4: no colon
      'Allow: private',             // 5: bad start
      'Disallow: /a$b',             // 6: $ in the middle
      'Noarchive: /x',              // 7: unknown directive
      'Sitemap: /sitemap.xml',      // 8: relative
      'Sitemap: mailto:a@b.example' // 9: wrong protocol
    ].join('\n')
    const lint = lintRobotsTxt(body)
    expect(lint.errors).toEqual([
      { line: 1, content: 'Disallow: /early', message: 'No user-agent specified' },
      { line: 2, content: 'User-agent:', message: 'No user-agent specified' },
      // Google reads a two-word line without its colon, and so does the matcher: its value is still checked
      { line: 4, content: 'Disallow private', message: 'Pattern should either be empty, start with "/" or "*"' },
      { line: 5, content: 'Allow: private', message: 'Pattern should either be empty, start with "/" or "*"' },
      { line: 7, content: 'Noarchive: /x', message: 'Unknown directive' },
      { line: 8, content: 'Sitemap: /sitemap.xml', message: 'Invalid sitemap URL' },
      { line: 9, content: 'Sitemap: mailto:a@b.example', message: 'Invalid sitemap URL protocol' }
    ])
    expect(lint.warnings).toEqual([
      { line: 4, content: 'Disallow private', message: 'No colon: read as "disallow: private", as Google reads it; other crawlers may ignore the line' },
      // Lighthouse's error, but the matcher applies it, as Google does
      { line: 6, content: 'Disallow: /a$b', message: '"$" before the end of the pattern: read as the character "$" itself, as Google reads it; other crawlers may not' }
    ])
    expect(lint.valid).toBe(false)
  })

  // issue 16, defect 7, then issue 25: a lenient line was an error the matcher still applied; now what the matcher
  // applies is a warning saying how it is read, and what it ignores an error
  it('warns about the lines the matcher applies and errs on the lines it ignores, so lint and verdicts agree', async () => {
    const { parseRobotsTxt } = await import('../../../src/domain/robots/robots-parse.js')
    const { matchRobots } = await import('../../../src/domain/robots/robots-match.js')
    const body = 'User-agent *\nDissallow: /private\nDisallow /also private\n'
    const lint = lintRobotsTxt(body)
    expect(lint.warnings.map((e) => [e.line, e.message])).toEqual([
      [1, 'No colon: read as "user-agent: *", as Google reads it; other crawlers may ignore the line'],
      [2, 'Misspelt directive "Dissallow": read as "disallow: /private", as Google reads it; other crawlers ignore the line']
    ])
    expect(lint.errors.map((e) => [e.line, e.message])).toEqual([[3, 'Syntax not understood']])
    const parsed = parseRobotsTxt(body)
    expect(matchRobots(parsed, 'Googlebot', 'https://a.example/private/x')).toMatchObject({ allowed: false, group: 'global', rule: { line: 2 } })
    expect(matchRobots(parsed, 'Googlebot', 'https://a.example/also')).toMatchObject({ allowed: true, rule: null })
  })

  it('lints a file opening with part of a BOM as the matcher reads it: the bytes skipped, every line as written', async () => {
    const { testRobots } = await import('../../../src/domain/robots/robots-tester.js')
    const body = Buffer.concat([Buffer.from([0xef, 0xbb]), Buffer.from('User-agent: *\nDisallow: /private\n')])
    const tested = testRobots(body, 'parsed', 'https://a.example/private/x', ['googlebot'])
    expect(tested.results[0]).toMatchObject({ allowed: false, matched_rule: { line: 2 } })
    expect(tested.lint).toEqual({ valid: true, errors: [], warnings: [] })
  })
})
