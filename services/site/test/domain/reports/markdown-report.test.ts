// The Markdown report, read back through markdown-it (a CommonMark renderer, with raw HTML allowed as
// Markdown allows it): a hostile site's text must come out as text, and every gap and table row intact.
import MarkdownIt from 'markdown-it'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { escapeMarkdown, renderMarkdownReport } from '../../../src/domain/reports/markdown-report.js'
import { harness, type Harness } from '../../fixtures/analyze.js'
import { HOSTILE, HOSTILE_TITLE, hostileSite } from '../../fixtures/sites/hostile.js'
import { WEAK, WEAK_HOSTS, weakSite } from '../../fixtures/sites/weak.js'

const markdown = new MarkdownIt({ html: true, linkify: false })
/** The text a reader sees: the rendered HTML without its tags, entities decoded. */
const visible = (html: string): string => html.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&')

let h: Harness
beforeAll(async () => { h = await harness([...WEAK_HOSTS, HOSTILE], (o) => ({ ...weakSite(o), ...hostileSite() })) })
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
    expect(escapeMarkdown('# a | b *c* [d](e) <i>\nf')).toBe('\\# a \\| b \\*c\\* \\[d\\](e) &lt;i&gt; f')
    expect(visible(markdown.renderInline(escapeMarkdown('1. _x_ `y` ~~z~~ & <b>')))).toBe('1. _x_ `y` ~~z~~ & <b>')
  })
})
