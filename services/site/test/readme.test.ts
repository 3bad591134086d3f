// The service's README is the scoring model's documentation: its tables and lists must say what the code does.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FETCHED_CRAWLERS } from '../src/domain/ai-crawlers.js'
import { WITH_JAVASCRIPT, WITHOUT_JAVASCRIPT } from '../src/domain/rendering/javascript-crawlers.js'
import { PAGE_LIMITS, RENDER_BUDGET, RENDERED_SAMPLE } from '../src/domain/rendering/observe-rendering.js'
import { TOP_GAPS } from '../src/domain/report.js'
import { PARTS } from '../src/domain/scoring/aeo/aeo-parts.js'
import { CAPS } from '../src/domain/scoring/aeo/aeo-score.js'
import { GAP_CODES } from '../src/domain/scoring/gaps.js'
import { CATEGORIES } from '../src/domain/scoring/technical-score.js'

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
/** The text of a `## ` section, its lines joined by single spaces. */
const section = (title: string): string => README.split(`\n## ${title}\n`)[1].split('\n## ')[0].replace(/\s+/g, ' ')

describe('services/site/README.md', () => {
  it('lists every check with its points, category by category, in the order of the code', () => {
    const rows = [...README.matchAll(/^\| (\*\*)?([a-z_.]+)(\*\*)? \| (\*\*)?(\d+)(\*\*)? \|/gm)].map((m) => [m[2], Number(m[5])])
    const expected = Object.entries(CATEGORIES).flatMap(([id, category]) => [[id, category.max], ...category.checks.map((c) => [c.id, c.max])])
    expect(rows).toEqual(expected)
  })

  it('says what each category is worth, as the code does', () => {
    const points = Object.entries(CATEGORIES).map(([id, category]) => `${id} ${category.max}`).join(', ')
    expect(section('The technical crawl score')).toContain(`Six categories, 100 points: ${points}, always.`)
  })

  it('names the AEO parts\' points per group and every cap with its value, lowest first', () => {
    const aeo = section('The AEO authority score')
    const groups = { entity_clarity: 'Entity clarity', answer_depth: 'answer depth', eeat_proof: 'E-E-A-T proof', citability: 'citability' }
    for (const [group, name] of Object.entries(groups)) {
      const points = PARTS.filter((part) => part.group === group).reduce((n, part) => n + part.max, 0)
      expect(aeo).toContain(`${name} ${points} (`)
    }
    expect([...aeo.matchAll(/`([a-z_]+_cap)` (\d+)/g)].map((m) => [m[1], Number(m[2])])).toEqual(CAPS.map((cap) => [cap.code, cap.cap]))
  })

  it('names every gap code and no other, in the order ties are listed, and how many top_gaps are', () => {
    const gaps = section('Gaps')
    expect(gaps).toContain(`\`top_gaps\` are the first ${TOP_GAPS}.`)
    const listed = gaps.split('branch on: ')[1].split('.')[0]
    expect(listed).toBe(GAP_CODES.map((code) => `\`${code}\``).join(', '))
  })

  it('names every crawler fetched as', () => {
    const crawlers = README.split('## What AI crawlers really get')[1].split('##')[0].replace(/\s+/g, ' ')
    for (const crawler of FETCHED_CRAWLERS) expect(crawlers, crawler.token).toContain(crawler.token)
  })

  it('names the crawlers with and without JavaScript and the rendering budgets the code uses', () => {
    const section = README.split('## What scripts add: rendering (optional)')[1].split('\n## ')[0].replace(/\s+/g, ' ')
    expect(section).toContain(`${Object.keys(WITHOUT_JAVASCRIPT).join(', ')}: Vercel and MERJ`)
    for (const [token, source] of Object.entries(WITH_JAVASCRIPT)) expect(section).toContain(`${token}: ${source.url}`)
    expect(section).toContain(`up to ${RENDERED_SAMPLE} sampled pages`)
    expect(section).toContain(`the whole step ${RENDER_BUDGET.timeMs / 1000} s`)
    expect(section).toContain(`${RENDER_BUDGET.requests} requests and ${RENDER_BUDGET.bytes / 1024 / 1024} MiB`)
    expect(section).toContain(`each page ${PAGE_LIMITS.timeoutMs / 1000} s, ${PAGE_LIMITS.maxRequests} requests and ${PAGE_LIMITS.maxBytes / 1024 / 1024} MiB`)
  })
})
