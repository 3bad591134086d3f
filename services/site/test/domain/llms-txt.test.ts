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

  it('recognises an HTML page served in its place', () => {
    expect(looksLikeHtml('<!DOCTYPE html><html>', 'text/plain')).toBe(true)
    expect(looksLikeHtml('# Title', 'text/html; charset=utf-8')).toBe(true)
    expect(looksLikeHtml('# Title', 'text/markdown')).toBe(false)
  })
})
