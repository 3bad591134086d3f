import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { SitemapBodyDecoder } from '../../../src/domain/sitemap/decode-body.js'
import { parseSitemap, SitemapParser, SITEMAP_MAX_ENTRIES, SITEMAP_NAMESPACE } from '../../../src/domain/sitemap/parse-sitemap.js'

const urlset = (entries: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">${entries}</urlset>`
const rss = (items: string): string => `<rss version="2.0"><channel><title>t</title>${items}</channel></rss>`
const atom = (entries: string): string => `<feed xmlns="http://www.w3.org/2005/Atom">${entries}</feed>`

/** Runs parse-large-feed.ts in a child process whose heap is capped at `heapMb` MiB; its exit and its output. */
async function parseLargeFeeds (heapMb: number): Promise<{ code: number | null, output: string }> {
  const script = fileURLToPath(new URL('./parse-large-feed.ts', import.meta.url))
  const child = spawn(process.execPath, [
    `--max-old-space-size=${heapMb}`, '--max-semi-space-size=2', '--import', 'tsx', '--conditions=@utility-apis/source', script
  ], { stdio: ['ignore', 'pipe', 'ignore'] })
  const parts: Buffer[] = []
  child.stdout.on('data', (part: Buffer) => { parts.push(part) })
  const [code] = await once(child, 'exit') as [number | null]
  return { code, output: Buffer.concat(parts).toString() }
}

describe('parseSitemap', () => {
  it('reads a urlset with locs, escaped ampersands and lastmods', () => {
    const parsed = parseSitemap(urlset(
      '<url><loc>https://a.example/?a=1&amp;b=2</loc><lastmod>2024-05-01</lastmod><priority>0.5</priority></url>' +
      '<url><loc> https://a.example/b </loc><lastmod>2024-05-01T10:00:00+02:00</lastmod></url>' +
      '<url><loc>https://a.example/c</loc><lastmod>yesterday</lastmod></url>'
    ))
    expect(parsed).toEqual({
      kind: 'urlset',
      entryCount: 3,
      invalidLocs: 0,
      errors: [],
      warnings: [],
      entries: [
        { loc: 'https://a.example/?a=1&b=2', lastmod: '2024-05-01', lastmodMs: Date.UTC(2024, 4, 1) },
        { loc: 'https://a.example/b', lastmod: '2024-05-01T10:00:00+02:00', lastmodMs: Date.UTC(2024, 4, 1, 8) },
        { loc: 'https://a.example/c', lastmod: 'yesterday', lastmodMs: null }
      ]
    })
  })

  it('reads a sitemap index and prefixed element names', () => {
    const index = `<sm:sitemapindex xmlns:sm="${SITEMAP_NAMESPACE}"><sm:sitemap><sm:loc>https://a.example/s1.xml</sm:loc>` +
      '<sm:lastmod>2024-01-01</sm:lastmod></sm:sitemap></sm:sitemapindex>'
    const parsed = parseSitemap(index)
    expect(parsed.kind).toBe('sitemapindex')
    expect(parsed.entries.map((e) => e.loc)).toEqual(['https://a.example/s1.xml'])
    expect(parsed.warnings).toEqual([])
  })

  it('reads RSS 2.0 and Atom feeds with their dates', () => {
    const rss = parseSitemap('<rss version="2.0"><channel><title>t</title><item><link>https://a.example/p</link>' +
      '<pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate></item></channel></rss>')
    expect(rss.kind).toBe('rss')
    expect(rss.entries).toEqual([{ loc: 'https://a.example/p', lastmod: 'Mon, 01 Jan 2024 00:00:00 GMT', lastmodMs: Date.UTC(2024, 0, 1) }])
    const atom = parseSitemap('<feed xmlns="http://www.w3.org/2005/Atom"><entry><link rel="self" href="https://a.example/self"/>' +
      '<link href="https://a.example/e"/><updated>2024-03-01T00:00:00Z</updated></entry></feed>')
    expect(atom.kind).toBe('atom')
    expect(atom.entries).toEqual([{ loc: 'https://a.example/e', lastmod: '2024-03-01T00:00:00Z', lastmodMs: Date.UTC(2024, 2, 1) }])
  })

  it('reads a plain-text sitemap, one URL a line', () => {
    const parsed = parseSitemap('https://a.example/1\r\nhttps://a.example/2\n\nnot a url\n')
    expect(parsed.kind).toBe('text')
    expect(parsed.entries.map((e) => e.loc)).toEqual(['https://a.example/1', 'https://a.example/2'])
    expect(parsed.invalidLocs).toBe(1)
  })

  it('rejects HTML, malformed XML and an empty text file', () => {
    expect(parseSitemap('<!doctype html><html><body>Not found</body></html>')).toMatchObject({ kind: null, errors: ['not a sitemap: an HTML page'] })
    expect(parseSitemap('<?xml version="1.0"?><rdf:RDF xmlns:rdf="x"></rdf:RDF>').errors).toEqual(['not a sitemap: unexpected root element <RDF>'])
    const broken = parseSitemap(urlset('<url><loc>https://a.example/</loc>'))
    expect(broken.kind).toBeNull()
    expect(broken.errors[0]).toMatch(/^not well-formed XML/)
    expect(parseSitemap('   ').kind).toBeNull()
  })

  it('stops reading at an element nested deeper than any sitemap or feed: the file is not well-formed as one', () => {
    // 5 MiB of this gzips to 5 KB, and each element left open was an object of the XML parser's (500 MB in all)
    for (const file of [urlset(`<url><loc>https://a.example/</loc></url>${'<a>'.repeat(100_000)}`), `<rss><channel>${'<item>'.repeat(100_000)}`]) {
      const parsed = parseSitemap(file)
      expect(parsed.kind).toBeNull()
      expect(parsed.errors).toEqual([expect.stringMatching(/^not well-formed XML: elements nested deeper than 16 \(line \d\)$/)])
    }
  })

  it('warns about a missing namespace and relative locs', () => {
    const parsed = parseSitemap('<urlset><url><loc>/relative</loc></url><url><loc>https://a.example/</loc></url></urlset>')
    expect(parsed.kind).toBe('urlset')
    expect(parsed.entries).toHaveLength(1)
    expect(parsed.warnings).toEqual([
      '1 entries without an absolute http(s) loc',
      `missing the sitemap namespace ${SITEMAP_NAMESPACE}`
    ])
  })

  it('flags a file over 50,000 entries and keeps only the first 50,000', () => {
    const body = urlset(Array.from({ length: SITEMAP_MAX_ENTRIES + 1 }, (_, i) => `<url><loc>https://a.example/p${i}</loc></url>`).join(''))
    const parsed = parseSitemap(body)
    expect(parsed.entryCount).toBe(50_001)
    expect(parsed.entries).toHaveLength(50_000)
    expect(parsed.entries.at(-1)?.loc).toBe('https://a.example/p49999')
    expect(parsed.errors).toEqual(['over 50000 entries (50001)'])
  })

  it('flags a declared size over 50 MB', () => {
    const parsed = parseSitemap(urlset('<url><loc>https://a.example/</loc></url>'), { declaredBytes: 60_000_000 })
    expect(parsed.errors).toEqual(['over 52428800 bytes uncompressed (60000000)'])
  })

  it('keeps the complete entries of a file cut at the byte cap', () => {
    const parsed = parseSitemap(urlset('<url><loc>https://a.example/1</loc></url><url><loc>https://a.exa'), { truncated: true })
    expect(parsed.kind).toBe('urlset')
    expect(parsed.entries.map((e) => e.loc)).toEqual(['https://a.example/1'])
    expect(parsed.warnings).toContain('cut short (at the size limit, or the file ended early): only the complete entries before the cut were read')
  })

  it('counts RSS and Atom entries past 50,000 as a urlset\'s, keeping the first 50,000', () => {
    const items = Array.from({ length: SITEMAP_MAX_ENTRIES + 2 }, (_, i) => i)
    for (const parsed of [
      parseSitemap(rss(items.map((i) => `<item><link>https://a.example/p${i}</link></item>`).join(''))),
      parseSitemap(atom(items.map((i) => `<entry><link href="https://a.example/p${i}"/></entry>`).join('')))
    ]) {
      expect(parsed.entryCount).toBe(50_002)
      expect(parsed.entries).toHaveLength(50_000)
      expect(parsed.entries.at(-1)?.loc).toBe('https://a.example/p49999')
      expect(parsed.errors).toEqual(['over 50000 entries (50002)'])
    }
  })

  it('takes the same fields of feed items as when feeds were parsed whole', () => {
    // the first channel's items; an item's first <link> (an <atom:link> first has no text: no loc), its <pubDate>,
    // else <updated>; an element repeated or holding only attributes gives no date
    const fromRss = parseSitemap(rss(
      '<item><link> https://a.example/1?a=1&amp;b=2 </link><link>https://a.example/x</link><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate></item>' +
      '<item><atom:link xmlns:atom="http://www.w3.org/2005/Atom" href="https://a.example/x"/><link>https://a.example/2</link></item>' +
      '<item><link><![CDATA[https://a.example/3]]></link><pubDate>a</pubDate><pubDate>b</pubDate><updated>2024-02-01T00:00:00Z</updated></item>' +
      '<item><link>https://a.example/4</link><pubDate when="x"/></item>'
    ))
    expect(fromRss).toMatchObject({ kind: 'rss', entryCount: 4, invalidLocs: 1 })
    expect(fromRss.entries).toEqual([
      { loc: 'https://a.example/1?a=1&b=2', lastmod: 'Mon, 01 Jan 2024 00:00:00 GMT', lastmodMs: Date.UTC(2024, 0, 1) },
      { loc: 'https://a.example/3', lastmod: '2024-02-01T00:00:00Z', lastmodMs: Date.UTC(2024, 1, 1) },
      { loc: 'https://a.example/4', lastmod: null, lastmodMs: null }
    ])
    expect(parseSitemap('<rss><channel><item><link>https://a.example/1</link></item></channel>' +
      '<channel><item><link>https://a.example/2</link></item></channel></rss>').entries.map((e) => e.loc)).toEqual(['https://a.example/1'])
    // Atom: the first link with an href and no rel but alternate, or a bare link by its text; <updated>, else <published>
    const fromAtom = parseSitemap(atom(
      '<entry><link rel="self" href="https://a.example/self"/><link rel="alternate" type="text/html" href="https://a.example/1"/>' +
      '<published>2024-01-01T00:00:00Z</published></entry>' +
      '<entry><link rel="enclosure" href="https://a.example/x.mp3"/><link> https://a.example/2 </link><link href="https://a.example/x"/></entry>' +
      '<entry><link rel="self" href="https://a.example/self"/></entry>'
    ))
    expect(fromAtom).toMatchObject({ kind: 'atom', entryCount: 3, invalidLocs: 1 })
    expect(fromAtom.entries).toEqual([
      { loc: 'https://a.example/1', lastmod: '2024-01-01T00:00:00Z', lastmodMs: Date.UTC(2024, 0, 1) },
      { loc: 'https://a.example/2', lastmod: null, lastmodMs: null }
    ])
  })

  it('decodes the XML escapes of an Atom link\'s href, as of a urlset loc', () => {
    // `&amp;` in a query string was kept as written, a URL the site never had
    const parsed = parseSitemap(atom('<entry><link href="https://a.example/?a=1&amp;b=2&#38;c=3"/></entry>'))
    expect(parsed.entries.map((e) => e.loc)).toEqual(['https://a.example/?a=1&b=2&c=3'])
  })

  it('never expands DOCTYPE entities', () => {
    const body = '<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY a "https://evil.example/">]>' +
      `<urlset xmlns="${SITEMAP_NAMESPACE}"><url><loc>&a;x</loc></url></urlset>`
    const parsed = parseSitemap(body)
    expect(parsed.entries.map((e) => e.loc)).not.toContain('https://evil.example/x')
  })
})

/** Feeds `body` to a decoder in chunks of `size` bytes and returns its text and flags. */
async function decode (body: Buffer, maxBytes: number, size = 7): Promise<{ text: string, gzip: boolean, truncated: boolean, gzipError: string | null }> {
  const parts: string[] = []
  const decoder = new SitemapBodyDecoder((text) => { parts.push(text) }, maxBytes)
  for (let at = 0; at < body.length; at += size) decoder.write(body.subarray(at, at + size))
  await decoder.end()
  return { text: parts.join(''), gzip: decoder.gzip, truncated: decoder.truncated, gzipError: decoder.gzipError }
}

describe('SitemapParser', () => {
  const bodies = [
    urlset('<url><loc>https://a.example/?a=1&amp;b=2</loc><lastmod>2024-05-01</lastmod></url><url><loc><![CDATA[https://a.example/c]]></loc></url>'),
    `\uFEFF  \n<sitemapindex xmlns="${SITEMAP_NAMESPACE}"><sitemap><loc>https://a.example/s.xml</loc></sitemap></sitemapindex>`,
    '<rss version="2.0"><channel><item><link>https://a.example/p</link><pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate></item></channel></rss>',
    'https://a.example/1\r\nhttps://a.example/2\n\nnot a url',
    '<!doctype html><html><body>Not found</body></html>',
    urlset('<url><loc>https://a.example/</loc>'),
    '<urlset><url><loc>/relative</loc></url></urlset>'
  ]

  it('reads a file written a few characters at a time exactly as written at once', () => {
    for (const body of bodies) {
      for (const size of [1, 3, 7]) {
        const parser = new SitemapParser()
        for (let at = 0; at < body.length; at += size) parser.write(body.slice(at, at + size))
        expect(parser.end()).toEqual(parseSitemap(body))
      }
    }
  })

  it('hands entries on as their items close, before the end of the file', () => {
    const seen: string[] = []
    const parser = new SitemapParser((entry) => { seen.push(entry.loc) })
    parser.write(urlset('<url><loc>https://a.example/1</loc></url><url><loc>https://a.example/2</loc></url>').slice(0, -'</urlset>'.length))
    expect(seen).toEqual(['https://a.example/1', 'https://a.example/2'])
    parser.write('</urlset>')
    expect(parser.end()).toMatchObject({ kind: 'urlset', entryCount: 2, entries: [] })
  })

  it('hands RSS and Atom entries on as their items close, before the end of the file', () => {
    for (const [body, kind] of [
      [rss('<item><link>https://a.example/1</link></item><item><link>https://a.example/2</link></item>'), 'rss'],
      [atom('<entry><link href="https://a.example/1"/></entry><entry><link href="https://a.example/2"/></entry>'), 'atom']
    ]) {
      const seen: string[] = []
      const parser = new SitemapParser((entry, entryKind) => { seen.push(`${entryKind} ${entry.loc}`) })
      const end = body.indexOf(kind === 'rss' ? '</channel>' : '</feed>')
      parser.write(body.slice(0, end))
      expect(seen).toEqual([`${kind} https://a.example/1`, `${kind} https://a.example/2`])
      parser.write(body.slice(end))
      expect(parser.end()).toMatchObject({ kind, entryCount: 2, entries: [] })
    }
  })

  it('reads a 5 MiB RSS or Atom feed within a 32 MiB heap, as a urlset: a feed is never held whole or as a tree', async () => {
    // held whole and parsed into a tree, each took over 64 MiB (three such feeds listed in robots.txt: +400 MB)
    const { code, output } = await parseLargeFeeds(32)
    expect(code).toBe(0)
    const over = (n: number): object => ({ entryCount: n, handedOn: 50_000, errors: [`over 50000 entries (${n})`] })
    expect(JSON.parse(output)).toEqual({ rss: { kind: 'rss', ...over(53_612) }, atom: { kind: 'atom', ...over(56_494) } })
  }, 60_000)
})

describe('SitemapBodyDecoder', () => {
  const xml = urlset('<url><loc>https://a.example/caf\u00e9</loc></url>')

  it('passes plain bodies through as text, a character split between chunks joined', async () => {
    expect(await decode(Buffer.from(xml), 1024, 1)).toEqual({ text: xml, gzip: false, truncated: false, gzipError: null })
    expect(await decode(Buffer.from('x'), 1024)).toMatchObject({ text: 'x', gzip: false })
  })

  it('inflates gzip recognised by its magic bytes, even when they arrive one at a time', async () => {
    expect(await decode(gzipSync(xml), 1 << 20, 1)).toEqual({ text: xml, gzip: true, truncated: false, gzipError: null })
  })

  it('stops inflating at the cap', async () => {
    const out = await decode(gzipSync('x'.repeat(1 << 20)), 1000, 4096)
    expect(out.text.length).toBe(1000)
    expect(out.truncated).toBe(true)
    expect(out.gzipError).toBeNull()
  })

  it('reports a damaged gzip stream', async () => {
    const out = await decode(gzipSync(xml).subarray(0, 12), 1 << 20)
    expect(out.gzip).toBe(true)
    expect(out.text.length).toBeLessThan(xml.length)
  })
})
