import { describe, expect, it } from 'vitest'
import { extractMetadata } from '../src/index.js'

const linksOf = (body: string, url = 'https://www.shop.test/products/') => extractMetadata(body, url).links

describe('links', () => {
  it('applies the Lighthouse crawlable-anchors rules', () => {
    const cases: Array<[string, boolean]> = [
      ['<a href="/ok">ok</a>', true],
      ['<a href="javascript:void(0)">void</a>', false],
      ['<a href="javascript: void (0);">spaced void</a>', false],
      ['<a onclick="go()">no href</a>', false],
      ['<a href="file:///etc/passwd">file</a>', false],
      ['<a href="http://[::1">unparseable</a>', false],
      ['<a href="mailto:a@b.test">mail</a>', true],
      ['<a href="javascript:void(0)" role="button">role</a>', true],
      ['<a id="section-2"></a>', true],
      ['<a name="top"></a>', true],
      ['<a aria-current="page">Current page</a>', true],
      ['<a aria-current="page" target="_blank">Current page with target</a>', false],
      ['<a href="">empty</a>', true],
      ['<a href="file:///x" name="n">named file</a>', false]
    ]
    for (const [html, crawlable] of cases) {
      expect({ html, crawlable: linksOf(html)[0].crawlable }).toEqual({ html, crawlable })
    }
  })

  it('resolves hrefs and marks same-host links internal, www or not', () => {
    const links = linksOf('<a href="../about">About</a><a href="https://shop.test/cart">Cart</a><a href="//cdn.shop.test/x">CDN</a>' +
      '<a href="https://other.test/">Other</a><a href="tel:+15550100">Call</a><a href="">Self</a>')
    expect(links.map((l) => [l.href, l.internal])).toEqual([
      ['https://www.shop.test/about', true],
      ['https://shop.test/cart', true],
      ['https://cdn.shop.test/x', false],
      ['https://other.test/', false],
      ['tel:+15550100', false],
      ['https://www.shop.test/products/', true]
    ])
  })

  it('uses visible text, then aria-label, then an image alt, then title for the link text', () => {
    const links = linksOf('<a href="/a">  Read\n the   <b>guide</b> </a><a href="/b" aria-label="Open cart"><svg></svg></a>' +
      '<a href="/"><img src="logo.png" alt="Shop home"></a><a href="/c" title="Close"></a><a href="/d"></a>')
    expect(links.map((l) => l.text)).toEqual(['Read the guide', 'Open cart', 'Shop home', 'Close', ''])
  })

  it('lowercases rel', () => {
    expect(linksOf('<a href="/x" rel="NoFollow  Sponsored">x</a>')[0].rel).toBe('nofollow sponsored')
  })
})

describe('anchor places', () => {
  it('tells the site\'s chrome from bylines, quotes and article bodies', () => {
    const meta = extractMetadata(`<!doctype html><body class="single-author no-quote">
<header><a href="https://x.com/site">X</a></header>
<article><header class="entry-header"><a href="https://x.com/inarticleheader">w</a></header>
<div class="byline"><a href="https://x.com/writer">Writer</a></div><p><a href="https://x.com/subject">subject</a></p></article>
<div class="c-assetAuthor_twitter"><a href="https://x.com/author2">a</a></div>
<blockquote><a href="https://x.com/quoted">q</a></blockquote>
<div class="site-footer__social"><a href="https://x.com/site2">X</a></div>
<footer><div class="comment"><a href="https://x.com/commenter">c</a></div><a href="https://x.com/me" rel="author">me</a></footer>
<nav><a href="/">Home</a></nav></body>`, 'https://site.test/')
    expect(meta.links.map((link) => [link.href, link.place])).toEqual([
      ['https://x.com/site', 'chrome'],
      ['https://x.com/inarticleheader', 'content'],
      ['https://x.com/writer', 'person'],
      ['https://x.com/subject', 'content'],
      ['https://x.com/author2', 'person'],
      ['https://x.com/quoted', 'person'],
      ['https://x.com/site2', 'chrome'],
      ['https://x.com/commenter', 'person'],
      ['https://x.com/me', 'person'],
      ['https://site.test/', 'chrome']
    ])
    expect(meta.socialProfiles?.find((p) => p.url === 'https://x.com/site')).toMatchObject({ source: 'anchor', place: 'chrome' })
  })
})
