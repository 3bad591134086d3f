// The summary at the top of the report as numbers and sentences: the two score gauges, a bar per category, the gaps
// by severity and the lab Core Web Vitals. The HTML draws each as a picture whose accessible label is the sentence;
// the Markdown report prints the sentences themselves, so both say the same numbers.
import type { Metric } from '../../rendering/rendering-facts.js'
import type { SiteReport } from '../../report.js'
import type { Severity } from '../../scoring/check.js'
import { CATEGORY_NAMES } from '../report-view.js'

export interface GaugeView {
  id: 'technical' | 'aeo'
  label: string
  score: number
  max: number
  /** AEO only: the lowest cap that applied, and the score before caps */
  cap: { value: number, codes: string[] } | null
  uncapped: number | null
  text: string
}

export interface BarView { id: string, label: string, score: number, max: number, text: string }

export interface MeterView { id: 'lcp' | 'cls' | 'tbt', label: string, value: number, unit: string, good: number, poor: number, rating: string, text: string }

export interface SummaryView {
  gauges: GaugeView[]
  bars: BarView[]
  gaps: Record<Severity, number>
  gapsText: string
  /** null: not measured (the reason is in the performance section) */
  meters: MeterView[] | null
}

const SEVERITIES: Severity[] = ['high', 'medium', 'low']

function aeoGauge (report: SiteReport): GaugeView {
  const aeo = report.aeo_authority_score
  const lowest = aeo.caps_applied.reduce<number | null>((low, c) => low === null || c.cap < low ? c.cap : low, null)
  const cap = lowest === null ? null : { value: lowest, codes: aeo.caps_applied.filter((c) => c.cap === lowest).map((c) => c.code) }
  const capText = cap === null ? 'no cap applied' : `capped at ${cap.value} by ${cap.codes.join(', ')}, ${aeo.uncapped_score} before caps`
  return {
    id: 'aeo',
    label: 'AEO authority score',
    score: aeo.score,
    max: 100,
    cap,
    uncapped: aeo.uncapped_score,
    text: `AEO authority score: ${aeo.score} of 100 (${capText})`
  }
}

function meter (id: MeterView['id'], label: string, m: Metric, unit: string): MeterView | null {
  if (m.value === null) return null
  const rating = (m.rating ?? '').replace('_', ' ')
  const shown = `${m.value}${unit === '' ? '' : ` ${unit}`}`
  const limits = `good up to ${m.good}${unit === '' ? '' : ` ${unit}`}, poor above ${m.poor}${unit === '' ? '' : ` ${unit}`}`
  return { id, label, value: m.value, unit, good: m.good, poor: m.poor, rating, text: `${label}: ${shown}, ${rating} (${limits})` }
}

function meters (report: SiteReport): MeterView[] | null {
  const p = report.performance
  if (p.status !== 'measured') return null
  const list = [
    meter('lcp', 'Largest Contentful Paint', p.lcp_ms, 'ms'),
    meter('cls', 'Cumulative Layout Shift', p.cls, ''),
    meter('tbt', 'Total Blocking Time', p.tbt_ms, 'ms')
  ]
  const measured = list.filter((m): m is MeterView => m !== null)
  return measured.length === 0 ? null : measured
}

export function summaryView (report: SiteReport): SummaryView {
  const gaps = { high: 0, medium: 0, low: 0 }
  for (const gap of report.gaps) gaps[gap.severity]++
  return {
    gauges: [
      {
        id: 'technical',
        label: 'Technical crawl score',
        score: report.technical_crawl_score,
        max: report.max_score,
        cap: null,
        uncapped: null,
        text: `Technical crawl score: ${report.technical_crawl_score} of ${report.max_score}`
      },
      aeoGauge(report)
    ],
    bars: Object.entries(report.category_scores).map(([id, c]) => {
      const label = CATEGORY_NAMES[id] ?? id
      return { id, label, score: c.score, max: c.max, text: `${label}: ${c.score} of ${c.max}` }
    }),
    gaps,
    gapsText: `Gaps: ${report.gaps.length} (${SEVERITIES.map((s) => `${gaps[s]} ${s}`).join(', ')})`,
    meters: meters(report)
  }
}

/** The summary as plain sentences, one a line: the Markdown report's text equivalent of the pictures. */
export function summaryLines (view: SummaryView): string[] {
  return [
    ...view.gauges.map((g) => g.text),
    ...view.bars.map((b) => `${b.text} (${b.max === 0 ? 0 : Math.round(b.score / b.max * 100)}%)`),
    view.gapsText,
    ...(view.meters ?? []).map((m) => `Lab ${m.text}`)
  ]
}
