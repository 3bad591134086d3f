import { describe, expect, it } from 'vitest'
import { compareRender } from '../../../src/domain/rendering/compare-render.js'
import { pageView } from '../../../src/domain/rendering/page-view.js'

const URL = 'https://example.com/'
const view = (html: string) => pageView(Buffer.from(html), 'text/html; charset=utf-8', URL)!
const nav = (n: number): string => `<nav>${Array.from({ length: n }, (_, i) => `<a href="/p${i}">Page ${i}</a>`).join('')}</nav>`

describe('compareRender', () => {
  it('counts rendered words the raw HTML lacks, each raw occurrence matching once', () => {
    const c = compareRender(view('<p>red red blue</p>'), view('<p>red red red blue green</p>'))
    expect(c.words).toEqual({ raw: 3, rendered: 5, only_rendered: 2, only_rendered_share: 0.4 })
  })

  it('needs JavaScript from 20 words and a quarter of the text, or from half the navigation (3 links or more)', () => {
    const text = (n: number): string => `<p>${Array.from({ length: n }, (_, i) => `w${i}`).join(' ')}</p>`
    expect(compareRender(view(text(60)), view(text(80))).requires_javascript).toBe(true)
    expect(compareRender(view(text(70)), view(text(80))).requires_javascript).toBe(false)
    expect(compareRender(view(text(0)), view(text(19))).requires_javascript).toBe(false)
    expect(compareRender(view(nav(3)), view(nav(6))).links).toMatchObject({ navigation_rendered: 6, navigation_only_rendered: 3 })
    expect(compareRender(view(nav(3)), view(nav(6))).requires_javascript).toBe(true)
    expect(compareRender(view(nav(4)), view(nav(6))).requires_javascript).toBe(false)
  })

  it('lists what scripts change in the head, and only that', () => {
    const raw = view('<head><title>A</title><meta name="robots" content="noindex"></head><body><h1>One</h1></body>')
    const rendered = view(`<head><title>A</title><link rel="canonical" href="/c"><script type="application/ld+json">{"@type":"Organization"}</script>
      </head><body><h1>One</h1><h2>Two</h2></body>`)
    const c = compareRender(raw, rendered)
    expect(c.head_changes).toEqual([
      { field: 'canonical', raw: null, rendered: 'https://example.com/c' },
      { field: 'robots', raw: 'noindex', rendered: null },
      { field: 'json_ld', raw: null, rendered: 'Organization' }
    ])
    expect(c.headings).toEqual({ raw: 1, rendered: 2, only_rendered: ['h2 Two'] })
  })

  it('reads adjacent elements as separate words', () => {
    expect(view('<h1>Shell Widgets</h1><p>the shell</p>').words).toEqual(['shell', 'widgets', 'the', 'shell'])
  })
})
