// The report as Markdown, for tickets and for LLM tools: the same view as the HTML page. Text from the
// site is escaped with backslashes (CommonMark lets one stand before any ASCII punctuation), so the raw
// text keeps its bytes (`&` stays `&`, not `&amp;`), a renderer shows it exactly, and nothing in it becomes
// HTML, an entity or a link; URL cells are code spans, neither escaped nor autolinked. Cells keep to one line.
import { summaryLines, summaryView } from './html/summary-view.js'
import { reportView } from './report-view.js'
import type { SectionView, TableView } from './view-model.js'
import type { SiteReport } from '../report.js'

// inline syntax anywhere: emphasis, code, links, tables, strikethrough, raw HTML and autolinks (< >), entities (&),
// and the @ of an email address a renderer's linkify would link
const INLINE = /[\\`*_[\]|~<>&@]/g
// what else makes a renderer's linkify see an address (www.evil.example, help@evil.example, http://..., //1.2.3.4/):
// a dot before a letter inside a word (a top-level domain, www.1.example) and the second slash of `//`; escaped, the
// text is no longer one word for it to link. A dot between digits (1.5, a time) is left alone: no address ends so.
const LINK_PARTS = /(?<=[\p{L}\p{N}-])\.(?=\p{L})|(?<=\p{L})\.(?=\p{N})|(?<=\/)\//gu
const BLOCK_START = /^(#|[-+=]|\d+(?=[.)]))/

/** `text` as Markdown that renders as exactly that text; `linkable` leaves addresses for a renderer to link. */
export function escapeMarkdown (text: string, linkable = false): string {
  const oneLine = text.replace(/[\r\n]+/g, ' ').replace(INLINE, (c) => `\\${c}`)
  return (linkable ? oneLine : oneLine.replace(LINK_PARTS, (c) => `\\${c}`))
    .replace(BLOCK_START, (start) => /\d/.test(start) ? `${start}\\` : `\\${start}`)
}

/**
 * A URL as a code span: shown as written, never escaped nor linked. The fence is one backtick longer than the
 * longest run inside; a space pads content that starts or ends with a backtick (CommonMark strips one each side).
 * A table row is split into cells before its code spans are read, and renderers disagree on a backslash before an
 * escaped pipe (`\\|` ends the cell in micromark and marked, not in markdown-it): both are percent-encoded, which
 * a URL reads the same, so no text of a site can end its cell.
 */
export function codeSpan (text: string): string {
  const oneLine = text.replace(/[\r\n]+/g, ' ').replace(/[\\|]/g, (c) => c === '|' ? '%7C' : '%5C')
  const longest = Math.max(0, ...(oneLine.match(/`+/g) ?? []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  const pad = oneLine.startsWith('`') || oneLine.endsWith('`') || /^ .* $/.test(oneLine) ? ' ' : ''
  return `${fence}${pad}${oneLine}${pad}${fence}`
}

function tableLines (t: TableView): string[] {
  const cell = (text: string, column: number): string => t.code?.includes(column) === true ? codeSpan(text) : escapeMarkdown(text)
  return [
    `| ${t.head.map((h) => escapeMarkdown(h)).join(' | ')} |`,
    `|${t.head.map(() => ' --- ').join('|')}|`,
    ...t.rows.map((row) => `| ${row.map(cell).join(' | ')} |`)
  ]
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
    lines.push(...tableLines(s.table), '')
  }
  return lines.join('\n')
}

export function renderMarkdownReport (report: SiteReport): string {
  const view = reportView(report)
  return [
    // the title names the host the caller asked for (a hostname parseTarget checked), not one the site chose
    `# ${escapeMarkdown(view.title, true)}`,
    '',
    escapeMarkdown(view.subtitle),
    '',
    // before the scores: they stand on less than the whole site
    ...(view.notice === null ? [] : [`> **${escapeMarkdown(view.notice)}**`, '']),
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
