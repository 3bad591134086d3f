// The rendering and performance sections of the HTML and Markdown reports.
import { cut, cutUrl } from '../evidence-text.js'
import type { Metric } from '../rendering/rendering-facts.js'
import type { SiteReport } from '../report.js'
import type { SectionView } from './view-model.js'

const percent = (share: number): string => `${Math.round(share * 100)}%`
const verdict = (requires: boolean | null): string => requires === null ? ', undetermined (cut short)' : requires ? ', needs JavaScript' : ''

export function renderingSection (report: SiteReport): SectionView {
  const r = report.rendering
  const base = { id: 'rendering', title: 'What scripts add (rendered in Chromium)' }
  if (r.status === 'disabled') return { ...base, intro: 'Rendering is disabled on this server: only the raw HTML was read.' }
  if (r.status === 'failed') return { ...base, intro: `Rendering failed: ${r.reason}.` }
  return {
    ...base,
    intro: `${r.pages.length} pages rendered with JavaScript on (${r.device}) and compared with the HTML the server sent. ` +
      `Crawlers that do not run scripts: ${r.crawlers.without_javascript.join(', ')}; crawlers that do: ${r.crawlers.with_javascript.join(', ')}. ` +
      `Sources: ${r.crawlers.sources.map((s) => s.url).join(', ')}.`,
    table: {
      head: ['Page', 'Main text only after scripts', 'Links only after scripts', 'Headings only after scripts', 'Head changed by scripts'],
      code: [0],
      rows: r.pages.map((p) => {
        const c = p.comparison
        const page = `${cutUrl(p.final_url)}${p.stopped === null ? '' : ` (stopped: ${p.stopped})`}`
        if (c === null) return [page, p.error ?? 'not compared', '', '', '']
        return [
          page,
          `${percent(c.words.only_rendered_share)} (${c.words.only_rendered} of ${c.words.rendered} words)${verdict(c.requires_javascript)}`,
          `${c.links.only_rendered} of ${c.links.rendered} (navigation ${c.links.navigation_only_rendered} of ${c.links.navigation_rendered})`,
          c.headings.only_rendered.map((h) => cut(h, 80)).join('; ') || 'none',
          // the head fields are the page's own text (a title, a JSON-LD summary): each side cut
          c.head_changes.map((h) => `${h.field}: ${cut(h.raw ?? 'none', 80)} -> ${cut(h.rendered ?? 'none', 80)}`).join('; ') || 'none'
        ]
      })
    }
  }
}

const metricCell = (m: Metric, unit: string): string =>
  m.value === null ? 'not measured' : `${m.value}${unit} (${(m.rating ?? '').replace('_', ' ')})`

export function performanceSection (report: SiteReport): SectionView {
  const p = report.performance
  const base = { id: 'performance', title: 'Lab Core Web Vitals (not scored)' }
  if (p.status === 'not_measured') return { ...base, intro: `Not measured: ${p.reason}.` }
  return {
    ...base,
    intro: `${p.url} under ${p.device} (${p.viewport}, ${p.cpu_slowdown}x CPU slowdown; network ${p.network}). Lighthouse thresholds.`,
    table: {
      head: ['Metric', 'Value', 'Good up to', 'Poor above'],
      rows: [
        ['Largest Contentful Paint', metricCell(p.lcp_ms, ' ms'), `${p.lcp_ms.good} ms`, `${p.lcp_ms.poor} ms`],
        ['Cumulative Layout Shift', metricCell(p.cls, ''), String(p.cls.good), String(p.cls.poor)],
        ['Total Blocking Time', metricCell(p.tbt_ms, ' ms'), `${p.tbt_ms.good} ms`, `${p.tbt_ms.poor} ms`]
      ]
    }
  }
}
