import type { BenchContext, BenchReport } from '../../../bench/harness.js'
import { cleanText } from '../src/domain/text.js'
import { corpus, type CorpusCase } from '../test/fixtures/corpus.js'
import { answerMetascraper, answerOurs, createMetascraperFor, extractOurs, origin, type Answer } from './contenders.js'

// In-process comparison of @utility-apis/html-metadata (plus the brand rules) with metascraper on the fixture corpus:
// extraction speed page by page, and how often each gets the brand name, title, description and logo right.

const PER_PAGE_MS = 150
const FIELDS = ['brand', 'title', 'description', 'logo'] as const
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits

/** Mean milliseconds per call of `work`, after one warm-up call, over about `budgetMs`. */
async function meanMs (work: () => unknown, budgetMs: number): Promise<number> {
  await work()
  let calls = 0
  const started = performance.now()
  while (performance.now() - started < budgetMs || calls < 3) {
    await work()
    calls++
  }
  return (performance.now() - started) / calls
}

// metascraper turns straight quotes into typographic ones; that is a matter of style, not a wrong answer
const text = (value: string) => cleanText(value).replace(/[‘’]/g, "'").replace(/[“”]/g, '"')

function same (field: typeof FIELDS[number], actual: string | null, expected: string | null): boolean {
  if (expected === null) return actual === null || cleanText(actual) === ''
  if (actual === null) return false
  if (field !== 'logo') return text(actual) === text(expected)
  // URL spelling differences (metascraper normalises URLs) are not errors
  const key = (href: string) => { const u = new URL(href); return `${u.hostname.replace(/^www\./, '')}${u.pathname}${u.search}` }
  try { return key(actual) === key(expected) } catch { return false }
}

function expectedAnswer (entry: CorpusCase): Answer {
  const expected = entry.expected(origin)
  return { brand: expected.brand_name, title: expected.title, description: expected.description, logo: expected.logo_hint }
}

export async function run (_ctx: BenchContext): Promise<BenchReport[]> {
  let current = corpus[0]
  const scrape = createMetascraperFor(() => current)

  // accuracy
  const correct = { ours: { brand: 0, title: 0, description: 0, logo: 0 }, metascraper: { brand: 0, title: 0, description: 0, logo: 0 } }
  const misses: string[] = []
  for (const entry of corpus) {
    current = entry
    const expected = expectedAnswer(entry)
    const answers = { ours: await answerOurs(entry), metascraper: await answerMetascraper(scrape, entry) }
    for (const tool of ['ours', 'metascraper'] as const) {
      for (const field of FIELDS) {
        if (same(field, answers[tool][field], expected[field])) correct[tool][field]++
        else misses.push(`${tool} ${entry.name} ${field}: ${JSON.stringify(answers[tool][field])}`)
      }
    }
  }

  // throughput, page by page, both tools on the same bytes
  const speedups: number[] = []
  let oursTotal = 0
  let theirsTotal = 0
  for (const entry of corpus) {
    current = entry
    const ours = await meanMs(() => extractOurs(entry), PER_PAGE_MS)
    const theirs = await meanMs(async () => await answerMetascraper(scrape, entry), PER_PAGE_MS)
    speedups.push(theirs / ours)
    oursTotal += ours
    theirsTotal += theirs
  }
  const geomean = Math.exp(speedups.reduce((sum, s) => sum + Math.log(s), 0) / speedups.length)
  const pages = corpus.length

  if (process.env.BENCH_VERBOSE !== undefined) for (const miss of misses) console.log(`  miss: ${miss}`)
  const accuracy = (tool: 'ours' | 'metascraper', field: typeof FIELDS[number]): BenchReport => ({
    name: `accuracy, ${field}, ${tool === 'ours' ? 'html-metadata + brand rules' : 'metascraper'}`,
    value: correct[tool][field],
    unit: `of ${pages} pages`,
    target: tool === 'ours' ? '>= metascraper' : undefined,
    pass: tool === 'metascraper' || correct.ours[field] >= correct.metascraper[field]
  })
  return [
    {
      name: `extraction speedup vs metascraper, geometric mean of ${pages} pages`,
      value: round(geomean),
      unit: 'x',
      target: '>= 5',
      pass: geomean >= 5
    },
    {
      name: 'extraction speedup vs metascraper, one pass over the corpus (time-weighted: the 3 MB page dominates)',
      value: round(theirsTotal / oursTotal),
      unit: 'x',
      pass: true
    },
    { name: 'html-metadata, decode + extract, corpus pages', value: round(pages / (oursTotal / 1000), 1), unit: 'pages/s', pass: true },
    { name: 'metascraper, corpus pages', value: round(pages / (theirsTotal / 1000), 1), unit: 'pages/s', pass: true },
    ...FIELDS.flatMap((field) => [accuracy('ours', field), accuracy('metascraper', field)])
  ]
}
