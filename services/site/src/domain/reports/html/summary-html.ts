// The summary drawn at the top of the HTML report: gauges, category bars, gap counts, and, where the page was rendered,
// what a crawler without JavaScript gets beside what a browser shows, and the lab Core Web Vitals as meters. Pure:
// the report (and the renderer's two screenshots, which never enter the JSON answer) in, an HTML fragment out.
import type { Screenshots } from '@utility-apis/renderer'
import type { SiteReport } from '../../report.js'
import { escapeHtml } from './escape.js'
import { barSvg, gaugeSvg, meterSvg } from './summary-svg.js'
import { summaryView, type SummaryView } from './summary-view.js'

export const SUMMARY_STYLE = `
.summary{display:grid;gap:16px;margin:8px 0 24px}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:12px 16px;break-inside:avoid}
.card h2{margin:0 0 8px;font-size:17px}
.gauges{display:flex;gap:24px;flex-wrap:wrap}.gauges figure{margin:0;text-align:center}
.gauges figcaption{color:#57606a;font-size:13px;max-width:200px}
svg.gauge circle{fill:none;stroke-width:12}svg.gauge .track{stroke:#e6e9ed}svg.gauge .uncapped{stroke:#c9b8f0;stroke-dasharray:4 3}
svg.gauge .cap{stroke:#8250df;stroke-width:3}svg.gauge text{text-anchor:middle;fill:currentColor}
svg.gauge .big{font-size:30px;font-weight:700}svg.gauge .small{font-size:11px}
svg.gauge.good .fill{stroke:#1a7f37}svg.gauge.fair .fill{stroke:#bf8700}svg.gauge.poor .fill{stroke:#cf222e}
svg.bar.good .fill{fill:#1a7f37}svg.bar.fair .fill{fill:#bf8700}svg.bar.poor .fill{fill:#cf222e}
.bars{display:grid;grid-template-columns:max-content 1fr max-content;gap:6px 12px;align-items:center}
svg.bar{width:100%;height:14px;display:block}svg.bar .track{fill:#e6e9ed}
.counts{display:flex;gap:8px;flex-wrap:wrap;margin:0;padding:0;list-style:none}
.counts li{border-radius:12px;padding:2px 10px;border:1px solid #d0d7de}.counts .high{border-color:#cf222e}.counts .medium{border-color:#bf8700}
.meters{display:grid;grid-template-columns:max-content 1fr max-content;gap:6px 12px;align-items:center}
svg.meter{width:100%;height:22px;display:block}.zone-good{fill:#b7e4c0}.zone-fair{fill:#f5dd9a}.zone-poor{fill:#f4b7b7}.mark{fill:#1b1f23}
.shots{display:grid;grid-template-columns:repeat(2,minmax(0,300px));gap:16px}.shots figure{margin:0}
.shots img{width:100%;height:auto;border:1px solid #d0d7de;border-radius:4px;background:#fff}
.shots figcaption{font-size:13px;color:#57606a}
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
@media print{body{background:#fff}main{max-width:none;padding:0}.card,.score,.gap{border-color:#999}}
@media (prefers-color-scheme:dark){
body{background:#0d1117;color:#e6edf3}.sub,.score span,.badge,.gauges figcaption,.shots figcaption{color:#9da7b3}
.card,.score,.gap,table{background:#161b22;border-color:#30363d}th{background:#21262d}th,td{border-color:#30363d}
svg.gauge .track,svg.bar .track{stroke:#30363d;fill:#30363d}svg.gauge circle.track{fill:none}.mark{fill:#e6edf3}
.zone-good{fill:#1f5130}.zone-fair{fill:#5c4813}.zone-poor{fill:#6e2424}}
`

const gauge = (g: SummaryView['gauges'][number]): string =>
  `<figure id="gauge-${g.id}">${gaugeSvg(g)}<figcaption>${escapeHtml(g.label)}` +
  `${g.cap === null ? '' : `<br>capped at ${g.cap.value} (${escapeHtml(g.cap.codes.join(', '))}), ${g.uncapped ?? ''} before caps`}</figcaption></figure>`

function barsCard (view: SummaryView): string {
  const rows = view.bars.map((b) => `<span>${escapeHtml(b.label)}</span>${barSvg(b)}<span class="num">${b.score} / ${b.max}</span>`).join('\n')
  const counts = (['high', 'medium', 'low'] as const).map((s) => `<li class="${s}">${view.gaps[s]} ${s}</li>`).join('')
  return `<div class="card" id="category-bars"><h2>Categories</h2><div class="bars">\n${rows}\n</div></div>` +
    `<div class="card" id="gap-counts" aria-label="${escapeHtml(view.gapsText)}"><h2>Gaps by severity</h2><ul class="counts">${counts}</ul></div>`
}

function metersCard (view: SummaryView): string {
  if (view.meters === null) return ''
  const rows = view.meters.map((m) => `<span>${escapeHtml(m.label)}</span>${meterSvg(m)}` +
    `<span class="num">${m.value}${m.unit === '' ? '' : ` ${m.unit}`} (${escapeHtml(m.rating)})</span>`).join('\n')
  return `<div class="card" id="vitals-meters"><h2>Lab Core Web Vitals</h2><div class="meters">\n${rows}\n</div></div>`
}

function verdictOf (report: SiteReport): string {
  const gap = report.gaps.find((g) => g.code === 'content_requires_javascript')
  if (gap !== undefined) return `content_requires_javascript: ${gap.evidence}`
  const r = report.rendering
  const home = r.status === 'measured' ? r.pages[0]?.comparison?.requires_javascript : undefined
  if (home === null) return 'Whether the homepage needs JavaScript is undetermined: its render was cut short.'
  return 'The homepage\'s content does not need JavaScript: a crawler without it reads the same text.'
}

function shotsCard (report: SiteReport, shots: Screenshots | null): string {
  if (shots === null || (shots.raw === null && shots.rendered === null)) return ''
  const figure = (jpeg: Buffer | null, id: string, caption: string): string => jpeg === null
    ? `<figure id="${id}"><figcaption>${caption}: no screenshot (it did not fit in time or size)</figcaption></figure>`
    : `<figure id="${id}"><img alt="${caption}" src="data:image/jpeg;base64,${jpeg.toString('base64')}"><figcaption>${caption}</figcaption></figure>`
  return '<div class="card" id="crawler-vs-browser"><h2>What a crawler without JavaScript gets, and what a browser shows</h2>' +
    `<p id="js-verdict">${escapeHtml(verdictOf(report))}</p><div class="shots">` +
    figure(shots.raw, 'shot-raw', 'The homepage without JavaScript (as most AI crawlers read it)') +
    figure(shots.rendered, 'shot-rendered', 'The homepage rendered in Chromium with JavaScript') + '</div></div>'
}

export function summaryHtml (report: SiteReport, shots: Screenshots | null): string {
  const view = summaryView(report)
  return `<section id="summary" class="summary" aria-label="Summary">
<div class="card"><h2>Scores</h2><div class="gauges">${view.gauges.map(gauge).join('')}</div></div>
${barsCard(view)}
${shotsCard(report, shots)}
${metersCard(view)}
</section>`
}
