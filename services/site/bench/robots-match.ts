import type { BenchReport } from '../../../bench/harness.js'
import { matchRobots } from '../src/domain/robots/robots-match.js'
import { parseRobotsTxt } from '../src/domain/robots/robots-parse.js'
import { fillRobotsTxt } from '../test/fixtures/robots-files.js'

// Hostile robots.txt files of the largest size read (500 KiB), each against the same ordinary file of that size: a
// 2,000-character URL matched for one agent, and a file parsed. The matcher the linear one replaced spent about 15 s on
// the many-wildcard file where an ordinary file takes milliseconds (a ratio near 0.0003); a trailing-space regex took
// 2 s a line. Ratios of the same run, so a busy machine moves both sides alike.
const RUNS = 15
// Untimed runs first: the first calls of a matcher run before the JIT has compiled it, and an ordinary file's
// millisecond is where that showed (ratios of 0.10 to 0.25 from run to run without them)
const WARM_UP_RUNS = 5
const URL_2000 = `https://a.example/${'a'.repeat(2000)}`
/** The slowest hostile case may take this many times the ordinary file, no more. */
const MIN_RATIO = 0.02

const fill = fillRobotsTxt

function medianMs (work: () => unknown): number {
  for (let i = 0; i < WARM_UP_RUNS; i++) work()
  const runs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now()
    work()
    runs.push(performance.now() - started)
  }
  return runs.sort((a, b) => a - b)[RUNS >> 1]
}

const ordinary = fill((i) => `Disallow: /${i.toString(36)}/${'b'.repeat(60)}\n`)
const HOSTILE_MATCH: Array<[string, string]> = [
  ['many-wildcard rules', fill(() => `Disallow: /${'a*'.repeat(40)}b\n`)],
  ['30,000 pieces the path lacks', fill((i) => `Disallow: /*${i.toString(36)}z\n`)],
  ['long needles', fill((i) => `Disallow: /*${'a'.repeat(200 + (i % 50))}b*c\n`)]
]
const HOSTILE_PARSE = fill(() => `Disallow: /a${' '.repeat(16_000)}x\n`)

function report (name: string, ordinaryMs: number, hostile: Array<[string, number]>): BenchReport {
  const [worstName, worstMs] = hostile.reduce((a, b) => b[1] > a[1] ? b : a)
  const ratio = Math.round(ordinaryMs / worstMs * 1000) / 1000
  return {
    name: `${name}, ordinary 500 KiB file over the slowest hostile one (${worstName}: ${worstMs.toFixed(1)} ms, ordinary ${ordinaryMs.toFixed(1)} ms)`,
    value: Math.round(worstMs * 10) / 10,
    unit: 'ms',
    ratio,
    target: `>= ${MIN_RATIO}`,
    pass: ratio >= MIN_RATIO
  }
}

export function robotsMatchReports (): BenchReport[] {
  const match = (text: string): number => {
    const parsed = parseRobotsTxt(text)
    return medianMs(() => matchRobots(parsed, 'Googlebot', URL_2000))
  }
  return [
    report('robots.txt match, 2,000-character URL', match(ordinary), HOSTILE_MATCH.map(([label, text]) => [label, match(text)])),
    report('robots.txt parse', medianMs(() => parseRobotsTxt(ordinary)), [['16,000 inner spaces a line', medianMs(() => parseRobotsTxt(HOSTILE_PARSE))]])
  ]
}
