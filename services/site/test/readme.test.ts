// The service's README is the scoring model's documentation: its tables and lists must say what the code does.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FETCHED_CRAWLERS } from '../src/domain/ai-crawlers.js'
import { WITH_JAVASCRIPT, WITHOUT_JAVASCRIPT } from '../src/domain/rendering/javascript-crawlers.js'
import { PAGE_LIMITS, RENDER_BUDGET, RENDERED_SAMPLE } from '../src/domain/rendering/observe-rendering.js'
import { GAP_CODES } from '../src/domain/scoring/gaps.js'
import { CATEGORIES } from '../src/domain/scoring/technical-score.js'

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

describe('services/site/README.md', () => {
  it('lists every check with its points, category by category, in the order of the code', () => {
    const rows = [...README.matchAll(/^\| (\*\*)?([a-z_.]+)(\*\*)? \| (\*\*)?(\d+)(\*\*)? \|/gm)].map((m) => [m[2], Number(m[5])])
    const expected = Object.entries(CATEGORIES).flatMap(([id, category]) => [[id, category.max], ...category.checks.map((c) => [c.id, c.max])])
    expect(rows).toEqual(expected)
  })

  it('names every gap code, in table order, and every crawler fetched as', () => {
    const gaps = README.split('## Gaps')[1].split('##')[0].split('branch on:')[1]
    expect([...gaps.matchAll(/`([a-z_0-9]+)`/g)].map((m) => m[1]).filter((c) => GAP_CODES.includes(c))).toEqual(GAP_CODES)
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
