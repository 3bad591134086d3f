import { describe, expect, it } from 'vitest'
import { looksLikeHtml, parseLlmsTxt } from '../../src/domain/llms-txt.js'

describe('llms.txt shape', () => {
  it('reads a file in the order the proposal gives', () => {
    const body = [
      '# Acme Widgets', '', '> Acme makes industrial widgets and documents them here.', '',
      'Some free text.', '', '## Docs', '- [Quick start](/docs/start.md): first steps', '- [API](https://acme.example/api.md)',
      '', '## Optional', '- [History](/history.md)'
    ].join('\n')
    const shape = parseLlmsTxt(body, 'https://acme.example/llms.txt')
    expect(shape).toMatchObject({
      title: 'Acme Widgets',
      h1First: true,
      summary: 'Acme makes industrial widgets and documents them here.',
      sections: [{ title: 'Docs', links: 2 }, { title: 'Optional', links: 1 }],
      optionalSection: true,
      lighthousePass: true,
      problems: []
    })
    expect(shape.links.map((l) => l.url)).toEqual([
      'https://acme.example/docs/start.md', 'https://acme.example/api.md', 'https://acme.example/history.md'
    ])
  })

  it('lists what is missing', () => {
    const shape = parseLlmsTxt('Welcome\n# Late title\nno links', 'https://a.example/llms.txt')
    expect(shape.lighthousePass).toBe(false)
    expect(shape.problems).toEqual([
      'the H1 title is not the first line',
      'no blockquote summary (a line starting with "> ")',
      'no markdown links ([name](url))',
      'only 29 characters'
    ])
  })

  it('reads links and sections as the markdown has them, titles, odd spacing and unclosed links included', () => {
    const body = '# T\n> s\n##   Docs   \n- [A]( /a.md "A title" ) and [B](/b.md)[C](/c.md\n[[D](/d.md) [E] (/e.md) [F](/f g.md)\n##    \n'
    const shape = parseLlmsTxt(body, 'https://a.example/llms.txt')
    expect(shape.sections).toEqual([{ title: 'Docs', links: 3 }])
    expect(shape.links.map((l) => [l.text, l.url])).toEqual([
      ['A', 'https://a.example/a.md'], ['B', 'https://a.example/b.md'], ['D', 'https://a.example/d.md']
    ])
  })

  it('reads a hostile file of 240 KB whole: unclosed links, brackets, a heading\'s run of spaces', () => {
    // each took seconds to minutes by regex (18 s for the first: every `[` rescanned the rest of its line)
    for (const line of ['[a]('.repeat(60_000), '['.repeat(240_000), '## x' + ' '.repeat(240_000) + 'y']) {
      const shape = parseLlmsTxt(`# T\n${line}\n[last](/last.md)`, 'https://a.example/llms.txt')
      expect([shape.title, shape.links.map((l) => l.url)]).toEqual(['T', ['https://a.example/last.md']])
    }
    expect(parseLlmsTxt('# T\n' + '[a](/x) '.repeat(30_000), 'https://a.example/llms.txt').links).toHaveLength(30_000)
  })

  it('recognises an HTML page served in its place', () => {
    expect(looksLikeHtml('<!DOCTYPE html><html>', 'text/plain')).toBe(true)
    expect(looksLikeHtml('# Title', 'text/html; charset=utf-8')).toBe(true)
    expect(looksLikeHtml('# Title', 'text/markdown')).toBe(false)
  })
})
