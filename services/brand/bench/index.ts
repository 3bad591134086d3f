import { median, type BenchContext, type BenchReport } from '../../../bench/harness.js'
import { cleanText } from '../src/domain/clean-text.js'
import { comparableUrl, REAL_PAGE_EXPECTATIONS, type RealPageExpectation } from '../test/fixtures/real-pages-expected.js'
import { loadRealPages, type RealPage } from '../test/helpers/real-pages.js'
import { logoBench } from './logo-bench.js'
import { logoRoundTrips } from './logo-round-trips.js'
import { answerMetascraper, answerOurs, createMetascraperFor, extractOurs, parseOurs, type Answer } from './contenders.js'

// In-process comparison of the brand service's extraction (html-metadata plus the brand rules) with metascraper on
// the 89 saved real pages of test/fixtures/real-pages/: extraction speed page by page and over whole passes,
// and how often each gets the brand name, description and logo right on the 88 pages with judged answers
// (test/fixtures/real-pages-expected.ts says how they were judged).

const PER_PAGE_MS = 150
const PASS_ROUNDS = 5
const OUR_PASS_MS = 300
const FIELDS = ['brand', 'description', 'logo'] as const
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

const mb = (page: RealPage) => round(page.body.length / 2 ** 20, 1)

/** Right answers of a field: one brand, any description the site wrote, any of the site's own logo files; none is null. */
function rightAnswers (field: Field, expected: RealPageExpectation): string[] {
  if (field === 'brand') return [expected.brand]
  return field === 'description' ? expected.descriptions : expected.logos
}

function isRight (field: Field, actual: string | null, expected: RealPageExpectation): boolean {
  const right = rightAnswers(field, expected)
  if (right.length === 0) return actual === null || cleanText(actual) === ''
  if (actual === null) return false
  // URL spelling differences (metascraper normalises URLs) are not errors
  if (field === 'logo') return right.map(comparableUrl).includes(comparableUrl(actual))
  // metascraper cuts long descriptions with an ellipsis: a display choice, not a wrong answer
  const cut = /(?:…|\.\.\.)$/.exec(text(actual)) === null ? null : text(actual).replace(/(?:…|\.\.\.)$/, '')
  return right.some((value) => text(value) === text(actual) || (cut !== null && cut.length >= 40 && text(value).startsWith(cut)))
}

type Scrape = ReturnType<typeof createMetascraperFor>
type Field = typeof FIELDS[number]
type Tool = 'ours' | 'metascraper'

/** The page metascraper is reading: its rules read the URL from here, not from their arguments. */
interface Reading {
  corpus: RealPage[]
  current: RealPage
  scrape: Scrape
}

/** Right answers per tool and field on the judged pages, and what each got wrong. */
async function accuracy (reading: Reading) {
  const correct: Record<Tool, Record<Field, number>> = { ours: { brand: 0, description: 0, logo: 0 }, metascraper: { brand: 0, description: 0, logo: 0 } }
  const misses: string[] = []
  let judged = 0
  for (const entry of reading.corpus) {
    const expected = REAL_PAGE_EXPECTATIONS[entry.name]
    if (expected === undefined) continue
    judged++
    reading.current = entry
    const answers: Record<Tool, Answer> = { ours: await answerOurs(entry), metascraper: await answerMetascraper(reading.scrape, entry) }
    for (const tool of ['ours', 'metascraper'] as const) {
      for (const field of FIELDS) {
        if (isRight(field, answers[tool][field], expected)) correct[tool][field]++
        else misses.push(`${tool} ${entry.name} ${field}: ${JSON.stringify(answers[tool][field])}`)
      }
    }
  }
  return { correct, misses, judged }
}

// extraction is decoding and html-metadata, the counterpart of what metascraper does; the brand rules over it
// (choosing between the signals, describeResponse) are timed as well and reported beside it
const contenders = (reading: Reading) => ({
  ours: async (entry: RealPage) => parseOurs(entry),
  withRules: async (entry: RealPage) => await extractOurs(entry),
  theirs: async (entry: RealPage) => await answerMetascraper(reading.scrape, entry)
})

/** Throughput page by page, both tools on the same bytes: the geometric mean of the speedups, and the largest page's times. */
async function perPage (reading: Reading) {
  const { ours, theirs } = contenders(reading)
  const speedups: number[] = []
  const largest = reading.corpus.reduce((a, b) => b.body.length > a.body.length ? b : a)
  let largestMs = { ours: 0, theirs: 0 }
  for (const entry of reading.corpus) {
    reading.current = entry
    const o = await meanMs(async () => await ours(entry), PER_PAGE_MS)
    const t = await meanMs(async () => await theirs(entry), PER_PAGE_MS)
    speedups.push(t / o)
    if (entry === largest) largestMs = { ours: o, theirs: t }
  }
  return { geomean: Math.exp(speedups.reduce((sum, s) => sum + Math.log(s), 0) / speedups.length), largest, largestMs }
}

/**
 * Throughput over whole passes (time-weighted, so the 3 MB page dominates): several rounds, each timing both tools
 * back to back, in alternating order, so a burst of load on a shared machine skews one round instead of the figure.
 */
async function wholePasses (reading: Reading) {
  const { ours, withRules, theirs } = contenders(reading)
  const pass = (work: (entry: RealPage) => Promise<unknown>) => async () => {
    for (const entry of reading.corpus) {
      reading.current = entry
      await work(entry)
    }
  }
  const rounds: Array<{ o: number, w: number, t: number }> = []
  for (let r = 0; r < PASS_ROUNDS; r++) {
    const timings = { o: 0, w: 0, t: 0 }
    const steps: Array<() => Promise<void>> = [
      async () => { timings.o = await meanMs(pass(ours), OUR_PASS_MS) },
      async () => { timings.w = await meanMs(pass(withRules), OUR_PASS_MS) },
      async () => { timings.t = await meanMs(pass(theirs), 0, 1) }
    ]
    for (const step of r % 2 === 0 ? steps : [...steps].reverse()) await step()
    rounds.push(timings)
    if (process.env.BENCH_PASSES !== undefined) {
      console.log(`round ${r}: extraction ${timings.o.toFixed(1)} ms, with rules ${timings.w.toFixed(1)} ms, metascraper ${timings.t.toFixed(1)} ms`)
    }
  }
  return {
    oursMs: median(rounds.map((r) => r.o)),
    rulesMs: median(rounds.map((r) => r.w)),
    theirsMs: median(rounds.map((r) => r.t)),
    ratio: median(rounds.map((r) => r.t / r.o)),
    rulesRatio: median(rounds.map((r) => r.t / r.w))
  }
}

export async function run (_ctx: BenchContext): Promise<BenchReport[]> {
  const corpus = loadRealPages()
  const reading: Reading = { corpus, current: corpus[0], scrape: createMetascraperFor(() => reading.current) }
  const { correct, misses, judged } = await accuracy(reading)
  const { geomean, largest, largestMs } = await perPage(reading)
  const passes = await wholePasses(reading)
  const pages = corpus.length

  if (process.env.BENCH_VERBOSE !== undefined) for (const miss of misses) console.log(`  miss: ${miss}`)
  const accuracyReport = (tool: Tool, field: Field): BenchReport => ({
    name: `accuracy on the real pages, ${field}, ${tool === 'ours' ? 'extraction and brand rules' : 'metascraper'}`,
    value: correct[tool][field],
    unit: `of ${judged} judged pages`,
    target: tool === 'ours' ? '>= metascraper' : undefined,
    pass: tool === 'metascraper' || correct.ours[field] >= correct.metascraper[field]
  })
  return [
    {
      name: `extraction speedup vs metascraper, one pass over the ${pages}-page corpus (time-weighted, median of ${PASS_ROUNDS} rounds)`,
      value: round(passes.ratio),
      unit: 'x',
      target: '>= 5',
      pass: passes.ratio >= 5
    },
    {
      name: `extraction and the brand rules (the whole in-process profile) vs metascraper, one pass over the ${pages}-page corpus (median)`,
      value: round(passes.rulesRatio),
      unit: 'x',
      pass: true
    },
    { name: `extraction speedup vs metascraper, geometric mean of ${pages} per-page speedups`, value: round(geomean), unit: 'x', pass: true },
    { name: 'extraction (decode, html-metadata), one corpus pass (median)', value: round(passes.oursMs, 1), unit: 'ms', pass: true },
    { name: 'extraction and brand rules, one corpus pass (median)', value: round(passes.rulesMs, 1), unit: 'ms', pass: true },
    { name: 'metascraper, one corpus pass (median)', value: round(passes.theirsMs, 1), unit: 'ms', pass: true },
    { name: `extraction, the ${mb(largest)} MB page`, value: round(largestMs.ours, 1), unit: 'ms', pass: true },
    { name: `metascraper, the ${mb(largest)} MB page`, value: round(largestMs.theirs, 1), unit: 'ms', pass: true },
    ...FIELDS.flatMap((field) => [accuracyReport('ours', field), accuracyReport('metascraper', field)]),
    ...await logoRoundTrips(),
    ...await logoBench()
  ]
}
