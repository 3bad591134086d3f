// A job's status as a page a person leaves open: a progress bar, the rate, the estimated finish, the failures by
// code and links to the results. While the job runs the page reloads itself (a meta refresh: no script). Pure: the
// JSON status in, an HTML string out; every value is escaped, and the only links are our own paths.
import { escapeHtml, HTML_PAGE_CSP } from '@utility-apis/service-kit'
import type { CallbackStatus, JobStatus } from '../types.js'

/** A job's failed items by error code, every one written so far (the job counts them as its items are written). */
export type FailureCounts = Record<string, number>

const REFRESH_SECONDS = 5

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f6f7f9;color:#1b1f23}
main{max-width:760px;margin:0 auto;padding:24px}h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:0 0 8px}.sub{color:#57606a;margin:0 0 16px}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:12px 16px;margin:12px 0;break-inside:avoid}
svg.progress{width:100%;height:22px;display:block}.track{fill:#e6e9ed}.done{fill:#1a7f37}.failed{fill:#cf222e}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}dt{color:#57606a}dd{margin:0}
table{border-collapse:collapse}th,td{border:1px solid #d0d7de;padding:4px 10px;text-align:left}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
@media print{body{background:#fff}}
@media (prefers-color-scheme:dark){body{background:#0d1117;color:#e6edf3}.card{background:#161b22;border-color:#30363d}
.sub,dt{color:#9da7b3}.track{fill:#30363d}th,td{border-color:#30363d}a{color:#58a6ff}}
`

const percent = (part: number, whole: number): string => whole <= 0 ? '0' : String(Math.floor(part / whole * 1000) / 10)
/** Our own path (the results URL the engine builds), never a URL of another origin or scheme. */
const ownPath = (url: string): string | null => /^\/(?!\/)[^\s"'<>\\]*$/.test(url) ? url : null

function progress (s: JobStatus): string {
  const label = `${s.done} of ${s.total} items done (${percent(s.done, s.total)}%), ${s.failed} failed`
  const width = (n: number): string => s.total <= 0 ? '0' : String(Math.round(n / s.total * 1000) / 10)
  return `<svg class="progress" id="progress" role="img" aria-label="${escapeHtml(label)}" viewBox="0 0 100 10" preserveAspectRatio="none" ` +
    `data-done="${s.done}" data-total="${s.total}" data-failed="${s.failed}"><title>${escapeHtml(label)}</title>` +
    `<rect class="track" x="0" y="0" width="100" height="10"/><rect class="done" x="0" y="0" width="${width(s.done - s.failed)}" height="10"/>` +
    `<rect class="failed" x="${width(s.done - s.failed)}" y="0" width="${width(s.failed)}" height="10"/></svg><p id="progress-text">${escapeHtml(label)}</p>`
}

function callbackText (callback: CallbackStatus): string {
  const attempts = `${callback.attempts} attempt${callback.attempts === 1 ? '' : 's'}`
  return callback.last_error === null ? `${callback.state} (${attempts})` : `${callback.state} (${attempts}, last: ${callback.last_error})`
}

function facts (s: JobStatus): string {
  const rows: Array<[string, string, string | null | undefined]> = [
    ['state', 'State', s.status],
    ['items-per-second', 'Items per second', s.items_per_second === null ? undefined : String(s.items_per_second)],
    ['estimated-finish', 'Estimated finish', s.estimated_finish_at],
    ['charged', 'Units charged', String(s.charged)],
    ['callback', 'Callback', s.callback === null ? undefined : callbackText(s.callback)],
    ['created', 'Created', s.created_at],
    ['started', 'Started', s.started_at ?? 'not yet'],
    ['finished', 'Finished', s.finished_at ?? (s.status === 'cancelled' ? 'cancelled' : 'not yet')]
  ]
  return '<dl>' + rows.filter((r): r is [string, string, string] => typeof r[2] === 'string')
    .map(([id, label, value]) => `<dt>${label}</dt><dd id="${id}">${escapeHtml(value)}</dd>`).join('') + '</dl>'
}

function failures (s: JobStatus, counts: FailureCounts, running: boolean): string {
  if (s.failed === 0) return `<p id="failures-none">${running ? 'No item has failed so far.' : 'No item failed.'}</p>`
  const entries = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  const rows = entries.map(([code, n]) => `<tr><td class="code">${escapeHtml(code)}</td><td class="count">${n}</td></tr>`).join('')
  // a job whose first failures were written before they were counted by code: said, not left out of the sum
  const uncounted = s.failed - entries.reduce((sum, [, n]) => sum + n, 0)
  const more = entries.length > 0 ? ' more' : ''
  const note = uncounted > 0 ? `<p id="failures-uncounted">${uncounted}${more} failed items were written before failures were counted by code.</p>` : ''
  if (entries.length === 0) return note
  return `<p>${running ? 'Every item that failed so far' : 'Every item that failed'}, by error code:</p>` +
    `<table id="failures"><thead><tr><th>Code</th><th>Items</th></tr></thead><tbody>${rows}</tbody></table>${note}`
}

function results (s: JobStatus): string {
  const path = ownPath(s.results_url)
  if (path === null) return ''
  const href = escapeHtml(path)
  return `<ul><li><a id="results-json" href="${href}">Results as JSON</a> (page by page, <code>?cursor=</code>)</li>` +
    `<li><a id="results-ndjson" href="${href}" type="application/x-ndjson">Results as NDJSON</a> (ask with <code>Accept: application/x-ndjson</code>)</li></ul>`
}

export function renderJobPage (s: JobStatus, counts: FailureCounts = {}): string {
  const running = s.status === 'queued' || s.status === 'running'
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${HTML_PAGE_CSP}">
${running ? `<meta http-equiv="refresh" content="${REFRESH_SECONDS}">\n` : ''}<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(`Job ${s.id}: ${s.status}, ${percent(s.done, s.total)}%`)}</title><style>${STYLE}</style></head>
<body><main>
<h1>Job <code id="job-id">${escapeHtml(s.id)}</code></h1>
<p class="sub">${running ? `This page reloads every ${REFRESH_SECONDS} s while the job runs.` : 'The job is over: this page no longer reloads.'}</p>
<section class="card"><h2>Progress</h2>${progress(s)}${facts(s)}</section>
<section class="card"><h2>Failures by code</h2>${failures(s, counts, running)}</section>
<section class="card"><h2>Results</h2>${results(s)}</section>
</main></body></html>
`
}
