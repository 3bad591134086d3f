import { describe, expect, it } from 'vitest'
import { extractMetadata, parseRobotsDirectives } from '../src/index.js'

const metaOf = (html: string, url = 'https://news.test/world/story.html') => extractMetadata(html, url)

describe('OpenGraph and Twitter tags', () => {
  it('strips the og: prefix, keeps article: keys whole, and lets the first non-empty value win', () => {
    const meta = metaOf(`
      <meta property="og:title" content="">
      <meta property="og:title" content="Floods reach the delta">
      <meta property="og:title" content="Second title">
      <meta property="OG:Type" content="article">
      <meta property="article:published_time" content="2026-05-01T08:00:00Z">
      <meta property="article:author" content="Maria Silva">
      <meta property="article:publisher" content="/about/newsroom">
      <meta name="og:description" content="Named with name= instead of property=">`)
    expect(meta.openGraph).toEqual({
      title: 'Floods reach the delta',
      type: 'article',
      'article:published_time': '2026-05-01T08:00:00Z',
      'article:author': 'Maria Silva',
      'article:publisher': 'https://news.test/about/newsroom',
      description: 'Named with name= instead of property='
    })
  })

  it('absolutises URL-valued tags only', () => {
    const meta = metaOf(`
      <meta property="og:image" content="../img/flood.jpg"><meta property="og:image:width" content="1200">
      <meta property="og:url" content="//news.test/world/story.html"><meta property="og:logo" content="/logo.png">
      <meta name="twitter:image:src" content="/img/card.jpg"><meta name="twitter:site" content="@newstest">`)
    expect(meta.openGraph).toEqual({
      image: 'https://news.test/img/flood.jpg',
      'image:width': '1200',
      url: 'https://news.test/world/story.html',
      logo: 'https://news.test/logo.png'
    })
    expect(meta.twitter).toEqual({ 'image:src': 'https://news.test/img/card.jpg', image: 'https://news.test/img/card.jpg', site: '@newstest' })
  })

  it('reads a meta that carries both name and property', () => {
    const meta = metaOf('<meta name="description" property="og:description" content="Both at once">')
    expect(meta.description).toBe('Both at once')
    expect(meta.openGraph.description).toBe('Both at once')
  })
})

describe('named metas', () => {
  it('reads the first msapplication-TileColor, whatever the case of its name', () => {
    expect(metaOf('<meta name="msapplication-TileColor" content="#2b5797"><meta name="msapplication-tilecolor" content="#000">').tileColor).toBe('#2b5797')
    expect(metaOf('<title>No tile</title>').tileColor).toBeNull()
  })

  it('reads charset from <meta charset> or from an http-equiv content-type', () => {
    expect(metaOf('<meta charset=" UTF-8 ">').charsetDeclared).toBe('utf-8')
    expect(metaOf('<meta http-equiv="Content-Type" content="text/html; charset=Windows-1252">').charsetDeclared).toBe('windows-1252')
    expect(metaOf('<title>none</title>').charsetDeclared).toBeNull()
  })

  it('ignores blank content and keeps the first description', () => {
    expect(metaOf('<meta name="description" content="  "><meta name="description" content="Real one"><meta name="description" content="Later">').description).toBe('Real one')
  })
})

describe('parseRobotsDirectives', () => {
  it('lowercases, trims and splits on commas, keeping the comma inside an unavailable_after date', () => {
    expect(parseRobotsDirectives(' NoIndex ,NOFOLLOW,, max-snippet:50 ')).toEqual(['noindex', 'nofollow', 'max-snippet:50'])
    expect(parseRobotsDirectives('noarchive, unavailable_after: Monday, 01-Jun-2026 10:00:00 CET, nosnippet'))
      .toEqual(['noarchive', 'unavailable_after: monday, 01-jun-2026 10:00:00 cet', 'nosnippet'])
  })

  it('keeps each directive of an agent once, in the order first given, across its metas', () => {
    const meta = metaOf('<meta name="robots" content="noindex, noarchive, noindex"><meta name="robots" content="nofollow, noarchive">')
    expect(meta.robotsByAgent).toEqual([{ agent: 'robots', directives: ['noindex', 'noarchive', 'nofollow'] }])
  })

  it('collects robots metas per agent and merges robots with googlebot', () => {
    const meta = metaOf('<meta name="robots" content="noindex"><meta name="Googlebot" content="noindex, nofollow"><meta name="bingbot" content="nosnippet">')
    expect(meta.robots).toEqual(['noindex', 'nofollow'])
    expect(meta.robotsByAgent).toEqual([
      { agent: 'robots', directives: ['noindex'] },
      { agent: 'googlebot', directives: ['noindex', 'nofollow'] },
      { agent: 'bingbot', directives: ['nosnippet'] }
    ])
  })
})
