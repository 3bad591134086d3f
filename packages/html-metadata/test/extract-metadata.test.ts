import { load } from 'cheerio/slim'
import { describe, expect, it } from 'vitest'
import { extractMetadata, extractMetadataFromDocument, parseDocument } from '../src/index.js'
import { readFixture } from './fixture.js'

describe('extractMetadata on a legacy uppercase page with <base href>', () => {
  const meta = extractMetadata(readFixture('legacy-uppercase.html'), 'http://www.mueller-werkzeug.test/index.html')

  it('resolves the base against the final URL and every relative, root-relative and protocol-relative URL against the base', () => {
    expect(meta.baseUrl).toBe('https://static.mueller-werkzeug.test/shop/')
    expect(meta.canonical).toBe('https://static.mueller-werkzeug.test/index.html')
    expect(meta.icons).toEqual([
      { href: 'https://static.mueller-werkzeug.test/shop/favicon.ico', rel: 'shortcut icon', sizes: null, type: null },
      { href: 'https://static.mueller-werkzeug.test/touch/apple-152.png', rel: 'apple-touch-icon', sizes: '152x152', type: null },
      { href: 'https://cdn.mueller-werkzeug.test/apple-pre.png', rel: 'apple-touch-icon-precomposed', sizes: null, type: null }
    ])
    expect(meta.links[0]).toMatchObject({ href: 'https://static.mueller-werkzeug.test/shop/index.html', text: 'Müller Werkzeug', internal: false })
  })

  it('reads uppercase tags and attributes, decoding entities once', () => {
    expect(meta.title).toBe('Müller Werkzeug – Qualität seit 1921')
    expect(meta.description).toBe('Handwerkzeuge aus Solingen & Remscheid.')
    expect(meta.lang).toBe('de-DE')
    expect(meta.charsetDeclared).toBe('iso-8859-1')
    expect(meta.robots).toEqual(['index', 'follow'])
    expect(meta.headings).toEqual([{ level: 1, text: 'Werkzeug für Profis' }])
  })

  it('finds the social link, the table-layout logo and the copyright holder', () => {
    expect(meta.socialLinks).toEqual(['https://facebook.com/MuellerWerkzeug'])
    expect(meta.logoCandidates).toEqual([{ src: 'https://static.mueller-werkzeug.test/shop/img/logo.gif', source: 'header-img', alt: 'Müller Werkzeug' }])
    expect(meta.copyrightHolder).toBe('Müller Werkzeug GmbH')
  })
})

describe('extractMetadata on a documentation article (site-intelligence observations)', () => {
  const meta = extractMetadata(readFixture('docs-article.html'), 'https://keystone.test/docs/rotate-keys?ref=nav')

  it('reads the head metadata', () => {
    expect(meta).toMatchObject({
      title: 'How to rotate API keys safely – Keystone Docs',
      description: 'A step-by-step guide to rotating API keys without downtime.',
      lang: 'en-GB',
      charsetDeclared: 'utf-8',
      viewport: 'width=device-width, initial-scale=1',
      applicationName: 'Keystone',
      appleMobileWebAppTitle: 'Keystone Docs',
      canonical: 'https://keystone.test/docs/rotate-keys',
      canonicals: ['https://keystone.test/docs/rotate-keys', 'https://keystone.test/docs/rotate-api-keys'],
      manifestUrl: null,
      metaRefresh: null
    })
  })

  it('merges robots and googlebot directives and keeps every agent apart', () => {
    expect(meta.robots).toEqual(['max-snippet:-1', 'max-image-preview:large', 'unavailable_after: saturday, 25-jun-2030 15:00:00 gmt', 'noarchive'])
    expect(meta.robotsByAgent).toContainEqual({ agent: 'gptbot', directives: ['noindex', 'nofollow'] })
  })

  it('lists hreflang, markdown and feed alternates, and icons including "alternate icon" and mask-icon', () => {
    expect(meta.alternates).toEqual([
      { href: 'https://keystone.test/docs/rotate-keys', hreflang: 'en', type: null },
      { href: 'https://keystone.test/de/docs/rotate-keys', hreflang: 'de', type: null },
      { href: 'https://keystone.test/docs/rotate-keys', hreflang: 'x-default', type: null },
      { href: 'https://keystone.test/docs/rotate-keys.md', hreflang: null, type: 'text/markdown' },
      { href: 'https://keystone.test/changelog.xml', hreflang: null, type: 'application/rss+xml' },
      { href: 'https://keystone.test/blog/atom.xml', hreflang: null, type: 'application/atom+xml' }
    ])
    expect(meta.feeds).toEqual(['https://keystone.test/changelog.xml', 'https://keystone.test/blog/atom.xml'])
    expect(meta.icons.map((i) => i.rel)).toEqual(['alternate icon', 'icon', 'mask-icon'])
    expect(meta.icons[1]).toEqual({ href: 'https://keystone.test/favicon.svg', rel: 'icon', sizes: null, type: 'image/svg+xml' })
    expect(meta.icons[2].color).toBe('#5bbad5')
  })

  it('reads headings, images (lazy sources too), times, forms, buttons and structure', () => {
    expect(meta.headings).toEqual([
      { level: 1, text: 'How to rotate API keys safely' },
      { level: 2, text: 'Before you start' },
      { level: 2, text: 'Steps' },
      { level: 4, text: 'Edge cases' }
    ])
    expect(meta.images).toEqual([
      { src: 'https://keystone.test/img/keystone.svg', alt: 'Keystone' },
      { src: 'http://images.keystone.test/diagram.png', alt: 'Rotation diagram' },
      { src: 'https://keystone.test/img/spacer.gif', alt: null },
      { src: 'https://keystone.test/img/lazy-screenshot.png', alt: '' }
    ])
    expect(meta.times).toEqual(['2026-03-02', '2026-04-10T09:30:00Z'])
    expect(meta.forms).toBe(1)
    // <input type=submit>, <button>, <div role=button>, <a role=button>
    expect(meta.buttons).toBe(4)
    expect(meta.mainText).toMatchObject({ hasMain: true, hasArticle: true, lists: 2, tables: 1 })
    expect(meta.mainText.firstParagraph).toBe('Rotating a key means issuing a new key, moving every client to it, and only then revoking the old one.')
  })

  it('reports links with their crawlability and ignores <template> content', () => {
    expect(meta.links.map((l) => [l.href, l.crawlable, l.internal])).toEqual([
      ['https://keystone.test/', true, true],
      ['https://keystone.test/docs', true, true],
      ['https://keystone.test/pricing', true, true],
      ['https://keystone.test/blog', true, true],
      ['javascript:void(0)', false, false],
      [null, false, false],
      ['https://keystone.test/docs/rotate-keys?ref=nav#top', true, true],
      [null, true, false],
      ['file:///C:/keys.txt', false, false],
      ['mailto:docs@keystone.test', true, false],
      [null, true, false],
      ['https://github.com/keystone/cli', true, false],
      [null, false, false],
      ['https://keystone.test/terms', true, true]
    ])
    expect(meta.links[11]).toEqual({ href: 'https://github.com/keystone/cli', text: 'CLI on GitHub', rel: 'nofollow noopener', crawlable: true, internal: false, place: 'content' })
  })

  it('flags mixed content on an https page and finds the header logo', () => {
    expect(meta.mixedContent).toEqual(['http://cdn.keystone.test/legacy.css', 'http://images.keystone.test/diagram.png'])
    expect(meta.logoCandidates).toEqual([{ src: 'https://keystone.test/img/keystone.svg', source: 'header-img', alt: 'Keystone' }])
    expect(meta.copyrightHolder).toBeNull()
  })
})

describe('extractMetadata on a single-page app with metadata in <body>', () => {
  const meta = extractMetadata(readFixture('body-metadata.html'), 'https://pocketinvoice.test/app/')

  it('finds meta and link tags placed in the body, first occurrence winning', () => {
    expect(meta.description).toBe('Tiny invoices for freelancers.')
    expect(meta.openGraph).toEqual({
      site_name: 'Pocket Invoice',
      'image:url': 'https://pocketinvoice.test/app/cards/og.png',
      image: 'https://pocketinvoice.test/app/cards/og.png'
    })
    expect(meta.twitter).toEqual({ card: 'summary_large_image', title: 'Pocket Invoice', image: 'https://pocketinvoice.test/cards/home.png' })
    expect(meta.canonical).toBe('https://pocketinvoice.test/')
    expect(meta.manifestUrl).toBe('https://pocketinvoice.test/site.webmanifest')
    expect(meta.themeColor).toBe('#0f766e')
    expect(meta.themeColors).toEqual([
      { color: '#0f766e', media: '(prefers-color-scheme: light)' },
      { color: '#134e4a', media: '(prefers-color-scheme: dark)' }
    ])
  })

  it('never takes an SVG <title> for the page title, even when the HTML title is empty', () => {
    expect(meta.title).toBeNull()
  })

  it('counts no main text when the page only has a noscript notice', () => {
    expect(meta.mainText).toEqual({ words: 0, hasMain: false, hasArticle: false, lists: 0, tables: 0, firstParagraph: null })
    expect(meta.lang).toBeNull()
  })
})

describe('extractMetadataFromDocument', () => {
  it('gives the same result from a document parsed once, which stays usable for other queries', () => {
    const html = readFixture('docs-article.html')
    const url = 'https://keystone.test/docs/rotate-keys'
    const doc = parseDocument(html)
    expect(extractMetadataFromDocument(doc, url)).toEqual(extractMetadata(html, url))
    expect(extractMetadataFromDocument(doc, url).title).toBe('How to rotate API keys safely – Keystone Docs')
    const $ = load(doc as Parameters<typeof load>[0])
    expect($('article h2').map((_, el) => $(el).text()).get()).toEqual(['Before you start', 'Steps'])
  })
})

describe('extractMetadata details', () => {
  it('takes the first HTML title, not an SVG title placed before it', () => {
    const html = '<html><body><svg><title>Chart of sales</title></svg><title>Quarterly report</title></body></html>'
    expect(extractMetadata(html, 'https://a.test/').title).toBe('Quarterly report')
  })

  it('collapses whitespace and decodes entities exactly once', () => {
    const html = '<title>\n  Tom &amp;amp;\tJerry&nbsp;&nbsp;Shop \n</title>'
    expect(extractMetadata(html, 'https://a.test/').title).toBe('Tom &amp; Jerry Shop')
  })

  it('resolves a relative <base href> and ignores a javascript: one', () => {
    const relative = '<base href="/en/"><link rel="icon" href="icon.png">'
    expect(extractMetadata(relative, 'https://a.test/x/y').icons[0].href).toBe('https://a.test/en/icon.png')
    const script = '<base href="javascript:alert(1)"><link rel="icon" href="icon.png">'
    expect(extractMetadata(script, 'https://a.test/x/y').icons[0].href).toBe('https://a.test/x/icon.png')
  })

  it('uses the first <base href> only', () => {
    const html = '<base target="_blank"><base href="https://cdn.a.test/v1/"><base href="https://other.test/"><img src="a.png">'
    expect(extractMetadata(html, 'https://a.test/').images).toEqual([{ src: 'https://cdn.a.test/v1/a.png', alt: null }])
  })

  it('parses a meta refresh against the base URL', () => {
    expect(extractMetadata(readFixture('meta-refresh.html'), 'https://old.example.test/start').metaRefresh)
      .toEqual({ delaySeconds: 3, url: 'https://old.example.test/welcome/' })
  })

  it('throws a TypeError when the page URL is not absolute', () => {
    expect(() => extractMetadata('<title>x</title>', '/relative')).toThrow(TypeError)
  })

  it('reports microdata, RDFa and legacy plugins', () => {
    const html = '<div itemscope itemtype="https://schema.org/Product"></div><div vocab="https://schema.org/" typeof="Person"></div><object data="movie.swf"></object><embed src="x.swf">'
    expect(extractMetadata(html, 'https://a.test/')).toMatchObject({ microdata: true, rdfa: true, plugins: 2 })
    expect(extractMetadata('<p>plain</p>', 'https://a.test/')).toMatchObject({ microdata: false, rdfa: false, plugins: 0 })
  })

  it('parses a 3 MB page to its last byte', () => {
    const card = (i: number): string => `<article class="card"><h2>Product ${i}</h2><p>Hand-made item number ${i} with a ` +
      `long description that keeps going for a while, as catalogue pages do &amp; more.</p><a href="/p/${i}">View product ${i}</a>` +
      `<img src="/img/${i}.jpg" alt="Product ${i}"></article>\n`
    const cards: string[] = []
    let size = 0
    for (let i = 0; size < 3 * 1024 * 1024; i++) {
      cards.push(card(i))
      size += cards[i].length
    }
    const html = `<!doctype html><html><head><title>Catalogue</title></head><body><h1>All products</h1>${cards.join('')}` +
      '<footer><p>© 2026 Big Catalogue Ltd. All rights reserved.</p></footer></body></html>'
    expect(html.length).toBeGreaterThan(3 * 1024 * 1024)
    const meta = extractMetadata(html, 'https://catalogue.test/')
    expect(meta.title).toBe('Catalogue')
    expect(meta.headings).toHaveLength(cards.length + 1)
    expect(meta.links).toHaveLength(cards.length)
    expect(meta.links.at(-1)?.href).toBe(`https://catalogue.test/p/${cards.length - 1}`)
    expect(meta.images).toHaveLength(cards.length)
    expect(meta.copyrightHolder).toBe('Big Catalogue Ltd.')
  })

  it('survives 30,000 nested elements, read as deep as MAX_DEPTH (dom.ts): the text nested deeper is not read', () => {
    const html = `<title>Deep</title><p>top text</p>${'<div>'.repeat(30_000)}<p>bottom text here</p>${'</div>'.repeat(30_000)}`
    const meta = extractMetadata(html, 'https://a.test/')
    expect(meta.title).toBe('Deep')
    expect(meta.mainText.words).toBe(2)
  })
})
