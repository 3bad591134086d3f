import { describe, expect, it } from 'vitest'
import { lintRobotsTxt } from '../../../src/domain/robots/robots-lint.js'

describe('Lighthouse-style robots.txt lint', () => {
  it('accepts a valid file with comments, blank lines and the safelisted directives', () => {
    const body = [
      '# hello', '', 'User-agent: *', 'Disallow: /private/ # inline', 'Allow: /private/open$',
      'Crawl-delay: 5', 'Content-Signal: search=yes, ai-train=no', 'Sitemap: https://a.example/sitemap.xml',
      'Host: a.example', 'Clean-param: ref /shop'
    ].join('\r\n')
    expect(lintRobotsTxt(body)).toEqual([])
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
    expect(lintRobotsTxt(body)).toEqual([
      { line: 1, content: 'Disallow: /early', message: 'No user-agent specified' },
      { line: 2, content: 'User-agent:', message: 'No user-agent specified' },
      { line: 4, content: 'Disallow private', message: 'Syntax not understood' },
      { line: 5, content: 'Allow: private', message: 'Pattern should either be empty, start with "/" or "*"' },
      { line: 6, content: 'Disallow: /a$b', message: '"$" should only be used at the end of the pattern' },
      { line: 7, content: 'Noarchive: /x', message: 'Unknown directive' },
      { line: 8, content: 'Sitemap: /sitemap.xml', message: 'Invalid sitemap URL' },
      { line: 9, content: 'Sitemap: mailto:a@b.example', message: 'Invalid sitemap URL protocol' }
    ])
  })
})
