// The Markdown report, read back through markdown-it (a CommonMark renderer, with raw HTML allowed as
// Markdown allows it): a hostile site's text must come out as text, and every gap and table row intact.
import MarkdownIt from 'markdown-it'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeSpan, escapeMarkdown, renderMarkdownReport } from '../../../src/domain/reports/markdown-report.js'
import { harness, type Harness } from '../../fixtures/analyze.js'
import { html as page, text, urlset, words } from '../../fixtures/html.js'
import { HOSTILE, HOSTILE_TITLE, hostileSite } from '../../fixtures/sites/hostile.js'
import { WEAK, WEAK_HOSTS, weakSite } from '../../fixtures/sites/weak.js'

const markdown = new MarkdownIt({ html: true, linkify: false })
// as a ticket system or chat renders it: raw HTML allowed and addresses in text turned into links
// (fuzzy links too: www.example.com and example.com, as GitHub links them)
const linkifying = new MarkdownIt({ html: true, linkify: true })
linkifying.linkify.set({ fuzzyLink: true })
const AMP = 'amp.test'
const AMP_URL = (origin: string): string => `${origin}/a?x=1&y=1`
const ampSite = (origin: string): Record<string, ReturnType<typeof page>> => ({
  '/': page(`<!doctype html><html lang="en"><head><title>Ampersands in URLs</title></head><body><p>${words(200)}</p></body></html>`),
  '/robots.txt': text(`User-agent: *\nSitemap: ${origin}/sitemap.xml\n`),
  '/sitemap.xml': text(urlset([{ loc: AMP_URL(origin).replace(/&/g, '&amp;') }]), 'application/xml'),
  '/a': page('<!doctype html><title>A page</title>')
})
/** The text a reader sees: the rendered HTML without its tags, entities decoded. */
const visible = (html: string): string => html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&')

let h: Harness
beforeAll(async () => { h = await harness([...WEAK_HOSTS, HOSTILE, AMP], (o) => ({ ...weakSite(o), ...hostileSite(), [AMP]: ampSite(o(AMP)) })) })
afterAll(async () => { await h.close() })

describe('the Markdown report', () => {
  it('keeps a hostile site\'s markup as text once rendered', async () => {
    const report = (await h.analyze(h.server.origin(HOSTILE))).body
    const html = markdown.render(renderMarkdownReport(report))
    expect(html).not.toMatch(/<(script|img|iframe|b)\b/i)
    expect(visible(html)).toContain(HOSTILE_TITLE)
  })

  it('lists every gap with its evidence, and one table row per check', async () => {
    const report = (await h.analyze(h.server.origin(WEAK))).body
    const md = renderMarkdownReport(report)
    const html = markdown.render(md)
    const text = visible(html)
    for (const gap of report.gaps) {
      expect(text, gap.code).toContain(gap.code)
      expect(text, gap.code).toContain(gap.evidence)
    }
    expect(text).toContain(`Technical crawl score: ${report.technical_crawl_score} / ${report.max_score}`)
    const checks = html.split('<h2>Every check</h2>')[1].split('</table>')[0]
    expect(checks.match(/<tr>/g)?.length).toBe(report.score_breakdown.length + 1)
  })

  it('says in words what the HTML summary draws: both scores, the cap, each category\'s share and the gaps by severity', async () => {
    const report = (await h.analyze(h.server.origin(WEAK))).body
    const summary = visible(markdown.render(renderMarkdownReport(report))).split('Summary\n')[1].trim().split('\n\n')[0]
    const aeo = report.aeo_authority_score
    const cap = aeo.caps_applied[0]
    const counts = { high: 0, medium: 0, low: 0 } as Record<string, number>
    for (const gap of report.gaps) counts[gap.severity]++
    expect(summary.split('\n')).toEqual([
      `Technical crawl score: ${report.technical_crawl_score} of ${report.max_score}`,
      `AEO authority score: ${aeo.score} of 100 (capped at ${cap.cap} by ${cap.code}, ${aeo.uncapped_score} before caps)`,
      ...Object.values<any>(report.category_scores).map((c) => expect.stringMatching(new RegExp(`^[A-Za-z ]+: ${c.score} of ${c.max} \\(${Math.round(c.score / c.max * 100)}%\\)$`))),
      `Gaps: ${report.gaps.length} (${counts.high} high, ${counts.medium} medium, ${counts.low} low)`
    ])
  })

  it('escapes what would be Markdown or HTML, and keeps each value on one line', () => {
    expect(escapeMarkdown('# a | b *c* [d](e) <i>\nf')).toBe('\\# a \\| b \\*c\\* \\[d\\](e) \\<i\\> f')
    expect(visible(markdown.renderInline(escapeMarkdown('1. _x_ `y` ~~z~~ & <b>')))).toBe('1. _x_ `y` ~~z~~ & <b>')
  })

  it.each([
    '"Account locked: sign in at www.evil-phish.com/login" (52 characters)',
    'mail help@evil-phish.com or see evil-phish.com now',
    'https://shop.example.com/p?id=1&ref=2 (HTTP 404)',
    'http://127.0.0.1:4000/x and //127.0.0.1/y at 00:00:00.000, 1.5 MB, www.1.example',
    '<b>bold</b> &amp; &lt;i&gt; &#60;x&#62; <https://evil.example/> <help@evil.example>',
    '[click](javascript:alert(1)) ![img](https://evil.example/x.png) *a* _b_ `c` ~~d~~ \\ | e',
    '1. # > - + = item'
  ])('renders %j as exactly that text, neither HTML nor a link', (value) => {
    for (const md of [`| a |\n| --- |\n| ${escapeMarkdown(value)} |`, `- **x** (y)\n  ${escapeMarkdown(value)}`, escapeMarkdown(value)]) {
      const html = linkifying.render(md)
      expect(html).not.toMatch(/<a\b|<(b|i|img|x|script)\b|<https?:/i)
      expect(visible(html)).toContain(value)
    }
    // the raw text is the value with backslashes before some punctuation, nothing else: no entity to decode
    expect(escapeMarkdown(value).replace(/\\(.)/g, '$1')).toBe(value)
  })

  it('shows a URL cell as a code span: as written in the raw text and once rendered (| and \\ percent-encoded), never a link', () => {
    for (const url of ['https://a.example/a?x=1&y=1', 'https://a.example/`x``y`', '`https://a.example/|pipe', 'https://a.example/ ', 'https://a.example/a\\b']) {
      const html = linkifying.render(`| URL |\n| --- |\n| ${codeSpan(url)} |`)
      expect(html).not.toMatch(/<a\b/)
      const cell = html.split('<td>')[1].split('</td>')[0]
      expect(cell).toMatch(/^<code>.*<\/code>$/)
      expect(visible(cell)).toBe(url.replaceAll('|', '%7C').replaceAll('\\', '%5C'))
    }
  })

  it('keeps a URL in its cell however a renderer reads a backslash before a pipe', () => {
    // WHATWG URLs keep \ | [ ( ! in a query: `\|` escaped as `\\|` ended the cell in micromark and marked, and what
    // followed rendered as an image beacon and a javascript: link
    const url = 'https://evil.test/s?\\|![p](http://127.0.0.2/p.png)[Click](javascript:alert(1))\\|'
    const span = codeSpan(url)
    // no pipe for a row splitter to find, and no backslash to escape one
    expect(span).not.toMatch(/[|\\]/)
    const html = linkifying.render(`| URL | Status |\n| --- | --- |\n| ${span} | 404 |`)
    expect(html).not.toMatch(/<a\b|<img\b/)
    expect(html.split('<td>').slice(1).map((cell) => visible(cell.split('</td>')[0]))).toEqual([url.replaceAll('|', '%7C').replaceAll('\\', '%5C'), '404'])
  })

  it('keeps a sitemap URL with & as written in the raw Markdown', async () => {
    const report = (await h.analyze(h.server.origin(AMP))).body
    const md = renderMarkdownReport(report)
    const url = AMP_URL(h.server.origin(AMP))
    expect(report.sitemap_qa.sampled.map((s: { url: string }) => s.url)).toContain(url)
    expect(md).toContain(`| \`${url}\` |`)
    expect(md).not.toContain('&amp;')
    const html = linkifying.render(md)
    expect(html).toContain(`<code>${url.replace(/&/g, '&amp;')}</code>`)
    expect(html).not.toContain('&amp;amp;')
  })
})
