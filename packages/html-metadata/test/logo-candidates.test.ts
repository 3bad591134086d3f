import { describe, expect, it } from 'vitest'
import { extractMetadata } from '../src/index.js'

const logosOf = (html: string) => extractMetadata(html, 'https://www.acme.test/en/').logoCandidates

describe('logoCandidates', () => {
  it('adds the colour-scheme variants of a header logo inside <picture>, with their media query', () => {
    const html = `<header><a href="/"><picture><source media="(prefers-color-scheme: dark)" srcset="/logo-dark.svg 1x, /logo-dark@2x.svg 2x">
      <source media="(min-width: 800px)" srcset="/logo-wide.svg"><img src="/logo.svg" alt="Acme"></picture></a></header>`
    expect(logosOf(html)).toEqual([
      { src: 'https://www.acme.test/logo.svg', source: 'header-img', alt: 'Acme' },
      { src: 'https://www.acme.test/logo-dark.svg', source: 'header-img', alt: 'Acme', media: '(prefers-color-scheme: dark)' }
    ])
  })

  it('orders explicit declarations first: JSON-LD, itemprop, og:logo, then header images', () => {
    const html = `
      <meta property="og:logo" content="/og-logo.png"><meta property="og:image" content="/share-card.jpg">
      <header><a href="/"><img src="/img/header.svg" alt="Acme"></a></header>
      <div itemscope itemtype="https://schema.org/Organization"><img itemprop="logo" src="micro-logo.png" alt="Acme micro"></div>
      <script type="application/ld+json">{"@type":"NewsArticle","publisher":{"@type":"Organization","name":"Acme News","logo":{"@type":"ImageObject","url":"https://cdn.acme.test/pub.png"}}}</script>
      <script type="application/ld+json">{"@type":"Brand","name":"Acme","logo":["/brand-logo.svg","/other.svg"]}</script>`
    expect(logosOf(html)).toEqual([
      { src: 'https://cdn.acme.test/pub.png', source: 'jsonld', alt: 'Acme News' },
      { src: 'https://www.acme.test/brand-logo.svg', source: 'jsonld', alt: 'Acme' },
      { src: 'https://www.acme.test/en/micro-logo.png', source: 'itemprop', alt: 'Acme micro' },
      { src: 'https://www.acme.test/og-logo.png', source: 'og:logo', alt: null },
      { src: 'https://www.acme.test/img/header.svg', source: 'header-img', alt: 'Acme' }
    ])
  })

  it('accepts a plain string logo and a non-square ImageObject, and never uses og:image', () => {
    expect(logosOf('<meta property="og:image" content="/card.jpg"><script type="application/ld+json">{"@type":"Organization","name":"A","logo":"logo-wide.png"}</script>'))
      .toEqual([{ src: 'https://www.acme.test/en/logo-wide.png', source: 'jsonld', alt: 'A' }])
  })

  it('takes header images only when they look like a logo or link home', () => {
    const html = `<header><img src="/banner-ad.jpg" alt="Spring sale"><div class="site-logo"><img src="/l.png"></div>
      <a href="https://acme.test/"><img src="/home.png" alt=""></a></header>
      <main><h1>Hi</h1><img src="/team-logo-wall.png" alt="Customer logos"></main>`
    expect(logosOf(html).map((c) => c.src)).toEqual(['https://www.acme.test/l.png', 'https://www.acme.test/home.png'])
  })
})
