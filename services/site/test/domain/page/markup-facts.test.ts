import { load } from 'cheerio/slim'
import { describe, expect, it } from 'vitest'
import { markupFacts } from '../../../src/domain/page/markup-facts.js'

describe('markupFacts', () => {
  it('keeps hreflang hrefs as written: absolute ones resolved, relative ones as the page wrote them', () => {
    const $ = load('<head><link rel="alternate" hreflang="de" href="/de/"><link rel="Alternate" hreflang="en" href="https://a.example/"></head>')
    expect(markupFacts($, 'https://a.example/x').hreflang).toEqual([
      { hreflang: 'de', href: '/de/', relative: true },
      { hreflang: 'en', href: 'https://a.example/', relative: false }
    ])
  })

  it('counts hidden images and 1x1 pixels apart from content images', () => {
    const $ = load('<body><img src="a.jpg" alt="A"><img src="b.jpg"><img src="p.gif" width="1" height="1"><noscript><img src="n.gif"></noscript>' +
      '<div style="display:none"><img src="d.gif"></div><img src="w.gif" width="1"><img alt="no source"></body>')
    // w.gif is 1 wide but has no height: it is not declared a pixel
    expect(markupFacts($, 'https://a.example/').images).toEqual({ total: 3, with_alt: 1, hidden: 3 })
  })

  it('counts an image marked decorative by its role as having its alt, as Lighthouse does', () => {
    const $ = load('<body><img src="a.jpg" role="presentation"><img src="b.jpg" role="none"><img src="c.jpg" role="img"></body>')
    expect(markupFacts($, 'https://a.example/').images).toEqual({ total: 3, with_alt: 2, hidden: 0 })
  })

  it('walks a deeply nested page without recursion', () => {
    const $ = load(`${'<div>'.repeat(20_000)}<img src="deep.jpg" alt="">${'</div>'.repeat(20_000)}`)
    expect(markupFacts($, 'https://a.example/').images).toEqual({ total: 1, with_alt: 1, hidden: 0 })
  })
})
