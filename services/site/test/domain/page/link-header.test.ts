import { describe, expect, it } from 'vitest'
import { markdownAlternateOf, parseLinkHeader } from '../../../src/domain/page/link-header.js'

describe('Link header', () => {
  it('reads each link with its relations and type, resolved against the page', () => {
    const header = '</index.md>; rel="alternate"; type="text/markdown", <https://a.example/llms.txt>; rel=describedby, </style.css>; rel="preload stylesheet"'
    expect(parseLinkHeader(header, 'https://a.example/page')).toEqual([
      { href: 'https://a.example/index.md', rel: ['alternate'], type: 'text/markdown' },
      { href: 'https://a.example/llms.txt', rel: ['describedby'], type: null },
      { href: 'https://a.example/style.css', rel: ['preload', 'stylesheet'], type: null }
    ])
  })

  it('finds the markdown alternate, if any', () => {
    expect(markdownAlternateOf('</p.md>; rel=alternate; type=text/markdown', 'https://a.example/p')).toBe('https://a.example/p.md')
    expect(markdownAlternateOf('</feed>; rel=alternate; type=application/rss+xml', 'https://a.example/')).toBeNull()
    expect(markdownAlternateOf(undefined, 'https://a.example/')).toBeNull()
  })
})
