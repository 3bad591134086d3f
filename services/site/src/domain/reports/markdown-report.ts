// The report as Markdown, for tickets and for LLM tools: the same view as the HTML page. Text from the
// site is escaped so it stays text: Markdown syntax is backslash-escaped and HTML's < > & become
// entities (Markdown renderers pass raw HTML through), and table cells keep to one line.
import { summaryLines, summaryView } from './html/summary-view.js'
import { reportView } from './report-view.js'
import type { SectionView } from './view-model.js'
import type { SiteReport } from '../report.js'

// inline syntax anywhere (emphasis, code, links, tables, strikethrough), block syntax at the start; > is an entity
const INLINE = /[\\`*_[\]|~]/g
const BLOCK_START = /^(#|[-+=]|\d+(?=[.)]))/
const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' }

export function escapeMarkdown (text: string): string {
  const oneLine = text.replace(/[\r\n]+/g, ' ')
  const escaped = oneLine.replace(INLINE, (c) => `\\${c}`).replace(BLOCK_START, (start) => /\d/.test(start) ? `${start}\\` : `\\${start}`)
  return escaped.replace(/[&<>]/g, (c) => HTML[c])
}

function section (s: SectionView): string {
  const lines = [`## ${escapeMarkdown(s.title)}`, '']
  if (s.intro !== undefined) lines.push(escapeMarkdown(s.intro), '')
  for (const item of s.items ?? []) {
    lines.push(`- **${escapeMarkdown(item.title)}** (${escapeMarkdown(item.badge)})`)
    for (const line of item.lines) lines.push(`  ${escapeMarkdown(line)}`)
  }
  if (s.items !== undefined && s.items.length > 0) lines.push('')
  if (s.table !== undefined) {
    lines.push(`| ${s.table.head.map(escapeMarkdown).join(' | ')} |`, `|${s.table.head.map(() => ' --- ').join('|')}|`)
    for (const row of s.table.rows) lines.push(`| ${row.map(escapeMarkdown).join(' | ')} |`)
    lines.push('')
  }
  return lines.join('\n')
}

export function renderMarkdownReport (report: SiteReport): string {
  const view = reportView(report)
  return [
    `# ${escapeMarkdown(view.title)}`,
    '',
    escapeMarkdown(view.subtitle),
    '',
    ...view.scores.map((s) => `- **${escapeMarkdown(s.label)}**: ${escapeMarkdown(s.value)} (${escapeMarkdown(s.note)})`),
    '',
    '## Summary',
    '',
    // the text equivalent of the HTML report's gauges, bars and meters
    ...summaryLines(summaryView(report)).map((line) => `- ${escapeMarkdown(line)}`),
    '',
    ...view.sections.map(section)
  ].join('\n')
}
