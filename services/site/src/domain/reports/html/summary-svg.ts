// The summary's pictures as inline SVG: a ring gauge per score, a bar per category, a meter per Core Web Vital. Each
// is an `img` to assistive technology, named by its <title> and aria-label (the sentence with its numbers), and
// carries its numbers as data- attributes. Colours come from CSS classes, so dark mode and print restyle them.
import { escapeHtml } from './escape.js'
import type { BarView, GaugeView, MeterView } from './summary-view.js'

const R = 52
const CIRCUMFERENCE = 2 * Math.PI * R
const BAR_WIDTH = 300
const METER_WIDTH = 300

const fixed = (n: number): string => String(Math.round(n * 100) / 100)
const share = (score: number, max: number): number => max <= 0 ? 0 : Math.min(1, Math.max(0, score / max))
/** good, fair or poor by share of the maximum: the colour of a gauge or bar */
const tone = (ratio: number): string => ratio >= 0.8 ? 'good' : ratio >= 0.5 ? 'fair' : 'poor'

function arc (ratio: number, cls: string): string {
  // a circle stroked from 12 o'clock clockwise over `ratio` of its length
  return `<circle class="${cls}" cx="60" cy="60" r="${R}" pathLength="${fixed(CIRCUMFERENCE)}" ` +
    `stroke-dasharray="${fixed(CIRCUMFERENCE * ratio)} ${fixed(CIRCUMFERENCE)}" transform="rotate(-90 60 60)"/>`
}

function capMark (cap: number, max: number): string {
  const angle = share(cap, max) * 2 * Math.PI - Math.PI / 2
  const at = (r: number): string => `${fixed(60 + r * Math.cos(angle))} ${fixed(60 + r * Math.sin(angle))}`
  return `<path class="cap" d="M ${at(R - 11)} L ${at(R + 7)}"/>`
}

export function gaugeSvg (g: GaugeView): string {
  const label = escapeHtml(g.text)
  const ratio = share(g.score, g.max)
  const uncapped = g.uncapped !== null && g.uncapped > g.score ? arc(share(g.uncapped, g.max), 'uncapped') : ''
  const cap = g.cap === null ? '' : capMark(g.cap.value, g.max)
  return `<svg class="gauge ${tone(ratio)}" role="img" aria-label="${label}" viewBox="0 0 120 120" width="150" height="150" ` +
    `data-score="${g.score}" data-max="${g.max}"${g.cap === null ? '' : ` data-cap="${g.cap.value}" data-uncapped="${g.uncapped ?? ''}"`}>` +
    `<title>${label}</title><circle class="track" cx="60" cy="60" r="${R}"/>${uncapped}${arc(ratio, 'fill')}${cap}` +
    `<text x="60" y="62" class="big">${g.score}</text><text x="60" y="80" class="small">of ${g.max}</text></svg>`
}

export function barSvg (b: BarView): string {
  const label = escapeHtml(b.text)
  const ratio = share(b.score, b.max)
  return `<svg class="bar ${tone(ratio)}" role="img" aria-label="${label}" viewBox="0 0 ${BAR_WIDTH} 14" preserveAspectRatio="none" ` +
    `data-score="${b.score}" data-max="${b.max}"><title>${label}</title>` +
    `<rect class="track" x="0" y="0" width="${BAR_WIDTH}" height="14" rx="3"/>` +
    `<rect class="fill" x="0" y="0" width="${fixed(BAR_WIDTH * ratio)}" height="14" rx="3"/></svg>`
}

/** A Core Web Vital on a scale to 1.5 times its poor threshold (or the value): good, needs improvement and poor zones. */
export function meterSvg (m: MeterView): string {
  const label = escapeHtml(m.text)
  const end = Math.max(m.poor * 1.5, m.value * 1.05)
  const x = (v: number): string => fixed(share(v, end) * METER_WIDTH)
  return `<svg class="meter" role="img" aria-label="${label}" viewBox="0 0 ${METER_WIDTH} 22" preserveAspectRatio="none" ` +
    `data-value="${m.value}" data-good="${m.good}" data-poor="${m.poor}"><title>${label}</title>` +
    `<rect class="zone-good" x="0" y="6" width="${x(m.good)}" height="10"/>` +
    `<rect class="zone-fair" x="${x(m.good)}" y="6" width="${fixed(Number(x(m.poor)) - Number(x(m.good)))}" height="10"/>` +
    `<rect class="zone-poor" x="${x(m.poor)}" y="6" width="${fixed(METER_WIDTH - Number(x(m.poor)))}" height="10"/>` +
    `<rect class="mark" x="${fixed(Math.max(0, Number(x(m.value)) - 2))}" y="0" width="4" height="22"/></svg>`
}
