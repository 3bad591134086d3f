import { median, type BenchContext, type BenchReport } from '../../../bench/harness.js'
import { cleanText } from '../src/domain/text.js'
import { corpus, type CorpusCase } from '../test/fixtures/corpus.js'
import { logoRoundTrips } from './logo-round-trips.js'
import { answerMetascraper, answerOurs, createMetascraperFor, extractOurs, origin, type Answer } from './contenders.js'

// In-process comparison of @utility-apis/html-metadata (plus the brand rules) with metascraper on the fixture corpus:
// extraction speed page by page, and how often each gets the brand name, title, description and logo right.

const PER_PAGE_MS = 150
const PASS_ROUNDS = 5
const OUR_PASS_MS = 300
const FIELDS = ['brand', 'title', 'description', 'logo'] as const
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits

/**
 * Mean milliseconds per call of `work`, after one warm-up call (which also absorbs garbage the other tool left
 * behind), over about `budgetMs` and at least `minCalls` calls.
 */
async function meanMs (work: () => unknown, budgetMs: number, minCalls = 3): Promise<number> {
  await work()
  let calls = 0
  const started = performance.now()
  while (performance.now() - started < budgetMs || calls < minCalls) {
    await work()
    calls++
  }
  return (performance.now() - started) / calls
}

// metascraper turns straight quotes into typographic ones; that is a matter of style, not a wrong answer
const text = (value: string) => cleanText(value).replace(/[‘’]/g, "'").replace(/[“”]/g, '"')

const mb = (entry: CorpusCase) => round(entry.page.body.length / 2 ** 20, 1)

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

  const ours = (entry: CorpusCase) => extractOurs(entry)
  const theirs = async (entry: CorpusCase) => await answerMetascraper(scrape, entry)

  // throughput, page by page, both tools on the same bytes
  const speedups: number[] = []
  const largest = corpus.reduce((a, b) => b.page.body.length > a.page.body.length ? b : a)
  let largestMs = { ours: 0, theirs: 0 }
  for (const entry of corpus) {
    current = entry
    const o = await meanMs(() => ours(entry), PER_PAGE_MS)
    const t = await meanMs(async () => await theirs(entry), PER_PAGE_MS)
    speedups.push(t / o)
    if (entry === largest) largestMs = { ours: o, theirs: t }
  }
  const geomean = Math.exp(speedups.reduce((sum, s) => sum + Math.log(s), 0) / speedups.length)
  const pages = corpus.length

  // throughput over whole passes (time-weighted, so the 3 MB page dominates): the median of several rounds, each
  // timing both tools back to back, in alternating order, so a burst of load on a shared machine skews one round
  // instead of the figure
  const pass = (work: (entry: CorpusCase) => unknown) => async () => {
    for (const entry of corpus) {
      current = entry
      await work(entry)
    }
  }
  const oursMs: number[] = []
  const theirsMs: number[] = []
  const ratios: number[] = []
  for (let r = 0; r < PASS_ROUNDS; r++) {
    let o: number
    let t: number
    if (r % 2 === 0) {
      o = await meanMs(pass(ours), OUR_PASS_MS)
      t = await meanMs(pass(theirs), 0, 1)
    } else {
      t = await meanMs(pass(theirs), 0, 1)
      o = await meanMs(pass(ours), OUR_PASS_MS)
    }
    oursMs.push(o)
    theirsMs.push(t)
    ratios.push(t / o)
    if (process.env.BENCH_PASSES !== undefined) console.log(`round ${r}: ours ${o.toFixed(1)} ms, metascraper ${t.toFixed(1)} ms`)
  }
  const passRatio = median(ratios)

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
      name: `extraction speedup vs metascraper, one pass over the ${pages}-page corpus (time-weighted, median of ${PASS_ROUNDS} rounds)`,
      value: round(passRatio),
      unit: 'x',
      target: '>= 5',
      pass: passRatio >= 5
    },
    {
      name: `extraction speedup vs metascraper, geometric mean of ${pages} per-page speedups`,
      value: round(geomean),
      unit: 'x',
      pass: true
    },
    { name: 'html-metadata, decode + extract, one corpus pass (median)', value: round(median(oursMs), 1), unit: 'ms', pass: true },
    { name: 'metascraper, one corpus pass (median)', value: round(median(theirsMs), 1), unit: 'ms', pass: true },
    { name: `html-metadata, the ${mb(largest)} MB page`, value: round(largestMs.ours, 1), unit: 'ms', pass: true },
    { name: `metascraper, the ${mb(largest)} MB page`, value: round(largestMs.theirs, 1), unit: 'ms', pass: true },
    ...FIELDS.flatMap((field) => [accuracy('ours', field), accuracy('metascraper', field)]),
    ...await logoRoundTrips()
  ]
}
