// The report as one self-contained HTML page: inline styles, no script, no external asset, so it reads
// offline and in a mail client. Every string is escaped, and the page's own Content-Security-Policy
// forbids scripts and requests, so a site whose title carries markup cannot make the report run it.
import type { Screenshots } from '@utility-apis/renderer'
import { escapeHtml } from './html/escape.js'
import { summaryHtml, SUMMARY_STYLE } from './html/summary-html.js'
import { reportView } from './report-view.js'
import type { ItemView, SectionView, TableView } from './view-model.js'
import type { SiteReport } from '../report.js'

/**
 * The policy of the page: its own inline styles and data: images (the screenshots), nothing else (no script, no fetch,
 * no frame). service-kit's HTML_PAGE_CSP, written out here so that the domain code needs no Fastify kit.
 */
export const REPORT_CSP = "default-src 'none'; img-src data: 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f23;margin:0;background:#f6f7f9}
main{max-width:980px;margin:0 auto;padding:24px}
h1{font-size:24px;margin:0 0 4px}h2{font-size:19px;margin:32px 0 8px}
.sub{color:#57606a;margin:0 0 20px;overflow-wrap:anywhere}
.scores{display:flex;gap:16px;flex-wrap:wrap}
.score{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:12px 16px;min-width:220px}
.score b{display:block;font-size:28px}.score span{color:#57606a}
table{border-collapse:collapse;width:100%;background:#fff;font-size:14px}
th,td{border:1px solid #d0d7de;padding:6px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#eef1f4}td:nth-child(2),th:nth-child(2){white-space:nowrap}
.gap{background:#fff;border:1px solid #d0d7de;border-left:4px solid #9a6700;border-radius:6px;padding:8px 12px;margin:8px 0}
.gap.high{border-left-color:#cf222e}.gap.low{border-left-color:#57606a}
.notice{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:8px 12px;margin:0 0 16px;font-weight:600}
.gap h3{font-size:15px;margin:0}.gap p{margin:4px 0;overflow-wrap:anywhere}.badge{color:#57606a;font-weight:normal}
@media (prefers-color-scheme:dark){.notice{background:#3b2e00;border-color:#9e6a03}}
`

function table (t: TableView): string {
  const head = t.head.map((h) => `<th>${escapeHtml(h)}</th>`).join('')
  const rows = t.rows.map((r) => `<tr>${r.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`).join('\n')
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${rows}\n</tbody></table>`
}

function item (i: ItemView): string {
  const severity = i.badge.split(' ')[0]
  return `<div class="gap ${escapeHtml(severity)}"><h3>${escapeHtml(i.title)} <span class="badge">${escapeHtml(i.badge)}</span></h3>` +
    i.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') + '</div>'
}

function section (s: SectionView): string {
  return [
    `<section id="${escapeHtml(s.id)}"><h2>${escapeHtml(s.title)}</h2>`,
    s.intro === undefined ? '' : `<p>${escapeHtml(s.intro)}</p>`,
    (s.items ?? []).map(item).join('\n'),
    s.table === undefined ? '' : table(s.table),
    '</section>'
  ].join('\n')
}

/** `shots`: the homepage's screenshots when the renderer took them (RENDERER=chromium); they are only ever drawn here. */
export function renderHtmlReport (report: SiteReport, shots: Screenshots | null = null): string {
  const view = reportView(report)
  const scores = view.scores.map((s) => `<div class="score"><span>${escapeHtml(s.label)}</span><b>${escapeHtml(s.value)}</b>` +
    `<span>${escapeHtml(s.note)}</span></div>`).join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(view.title)}</title>
<style>${STYLE}${SUMMARY_STYLE}</style></head>
<body><main>
<h1>${escapeHtml(view.title)}</h1>
<p class="sub">${escapeHtml(view.subtitle)}</p>
${view.notice === null ? '' : `<p class="notice" id="incomplete" role="note">${escapeHtml(view.notice)}</p>`}
<div class="scores">${scores}</div>
${summaryHtml(report, shots)}
${view.sections.map(section).join('\n')}
</main></body></html>
`
}
