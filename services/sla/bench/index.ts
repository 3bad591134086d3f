import { fileURLToPath } from 'node:url'
import moment from 'moment-business-time'
import { BASELINE_ENTRY, faultsOf, faultText, median, type BenchContext, type BenchReport } from '../../../bench/harness.js'
import { formatDate, formatWallTime, parseLocalDateTime } from '@utility-apis/civil-date'
import { RequestValidationError } from '@utility-apis/fastapi-errors'
import { findCalendar, type Calendar } from '../src/domain/calendars.js'
import { holidaysObservedIn } from '../src/domain/holidays.js'
import { formatZonedTime, resolveWallTime, zonedTime } from '../src/domain/time-zone.js'
import { dueAfter } from '../src/domain/working-time.js'
import { workCalendarFor } from '../src/routes/work-rules.request.js'
import { calculate } from '../src/routes/calculate.answer.js'
import { parseCalculateRequest } from '../src/routes/calculate.request.js'

const ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url))
// The kit's own trivial authenticated route: what any service pays before its handler runs
const KIT_ENTRY = fileURLToPath(new URL('../../../bench/kit-server.ts', import.meta.url))
const ROUNDS = 3
const ZONE = 'America/New_York'
// The default-schedule route's median ratio to bare Fastify on the build machine before issue 18 (the root README's
// benchmark table): the route must keep at least 0.9 of it
const RATIO_BEFORE_ISSUE_18 = 0.47
const HEADERS = { 'x-api-key': 'bench-key' }

const request = (minutes: number, start = '2026-03-06T16:00:00') => ({
  operation: 'sla_due_at', calendar: 'us-federal', timezone: ZONE, start_at: start, minutes
})

// A due date answered, and every item of a batch: an answer without one would be measured as another path
const answersDueAt = (answer: unknown) =>
  typeof (answer as { due_at?: unknown }).due_at === 'string' ? undefined : `no due_at: ${JSON.stringify(answer).slice(0, 200)}`
const answersEveryItem = (answer: unknown) => {
  const results = (answer as { results?: Array<{ ok?: unknown }> }).results ?? []
  return results.length === 1000 && results.every((item) => item.ok === true) ? undefined : `not 1,000 answers: ${JSON.stringify(answer).slice(0, 200)}`
}

const spec = (minutes: number) => ({
  entry: ENTRY,
  method: 'POST' as const,
  path: '/v1/business-days/calculate',
  headers: HEADERS,
  body: JSON.stringify(request(minutes)),
  durationSeconds: 3,
  expect: answersDueAt
})

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits

/** Mean microseconds per call of `fn` over the inputs, repeated for at least `ms` milliseconds (after a warm-up). */
function timeCalls<T> (inputs: T[], fn: (input: T) => unknown, ms: number): number {
  for (const input of inputs.slice(0, 50)) fn(input)
  let calls = 0
  const started = performance.now()
  do {
    for (const input of inputs) fn(input)
    calls += inputs.length
  } while (performance.now() - started < ms)
  return (performance.now() - started) * 1000 / calls
}

// Seeded: the same inputs every run
function random (seed: number): () => number {
  let state = seed
  return () => { state = (state * 1_103_515_245 + 12_345) % 2 ** 31; return state / 2 ** 31 }
}

/** Starts at whole minutes within `days` after `from` (UTC midnight of an ISO date). */
function starts (count: number, from: string, days: number, seed = 42): string[] {
  const next = random(seed)
  const first = Date.parse(`${from}T00:00:00Z`) / 1000
  return Array.from({ length: count }, () => formatWallTime(first + Math.floor(next() * days * 1440) * 60))
}

/** A calculation as the route runs it: validation, the compiled calendar, the answer; a 422 counts as an answer. */
function answer (body: unknown): unknown {
  try {
    return calculate(parseCalculateRequest(body))
  } catch (error) {
    if (error instanceof RequestValidationError) return error.issues
    throw error
  }
}

const hours = (pairs: string[][]) => ({ mon: pairs, tue: pairs, wed: pairs, thu: pairs, fri: pairs, sat: pairs, sun: pairs })

// The five schedules of issue 18, each with starts where it is hardest: the night shift around both DST changes
const SCHEDULES: Array<{ name: string, fields: Record<string, unknown>, starts: string[] }> = [
  { name: 'default hours, us-federal', fields: { calendar: 'us-federal', timezone: ZONE }, starts: starts(300, '2026-01-01', 730) },
  {
    name: '24/7, us-federal',
    fields: { calendar: 'us-federal', timezone: ZONE, schedule: hours([['00:00', '24:00']]) },
    starts: starts(300, '2026-01-01', 730, 7)
  },
  {
    name: 'night shift 22:00-06:00 across DST, Europe/Berlin',
    fields: { calendar: 'weekdays', timezone: 'Europe/Berlin', schedule: hours([['00:00', '06:00'], ['22:00', '24:00']]) },
    starts: [...starts(150, '2026-03-27', 3, 11), ...starts(150, '2026-10-23', 3, 13)]
  },
  {
    name: 'one hour a week (10,000,000 minutes: the 422 for after 2199)',
    fields: { calendar: 'weekdays', timezone: 'Europe/Berlin', schedule: { mon: [['09:00', '10:00']] } },
    starts: starts(300, '2026-01-01', 730, 17)
  },
  { name: 'DE-BY, default hours', fields: { calendar: 'DE-BY', timezone: 'Europe/Berlin' }, starts: starts(300, '2026-01-01', 730, 19) }
]

/** Short and long requests measured in alternation, five times: the median ratio, as a burst of noise hits one round. */
function spanCosts (): BenchReport[] {
  return SCHEDULES.map(({ name, fields, starts: from }) => {
    const bodies = (minutes: number) => from.map((start) => ({ operation: 'sla_due_at', ...fields, start_at: start, minutes }))
    const [shortBodies, longBodies] = [bodies(60), bodies(10_000_000)]
    const rounds = Array.from({ length: 5 }, (_, i) => {
      const [a, b] = i % 2 === 0 ? [shortBodies, longBodies] : [longBodies, shortBodies]
      const first = timeCalls(a, answer, 150)
      const second = timeCalls(b, answer, 150)
      return i % 2 === 0 ? { short: first, long: second } : { short: second, long: first }
    })
    const ratios = rounds.map((r) => r.long / r.short)
    const cost = median(ratios)
    return {
      name: `cost of 10,000,000 / 60 minutes in-process, ${name} (median of 5 rounds; ${round(median(rounds.map((r) => r.long)), 1)} / ` +
        `${round(median(rounds.map((r) => r.short)), 1)} us)`,
      value: round(cost),
      unit: 'x',
      target: '<= 1.5',
      pass: cost <= 1.5
    }
  })
}

// Split shift Monday to Friday, and the US federal days off of the years the inputs reach as a holiday list
const SPLIT = [['08:00', '12:00'], ['13:00', '17:00']]
const HOLIDAYS = [2026, 2027, 2028].flatMap((year) => holidaysObservedIn('us-federal', year).map((holiday) => formatDate(holiday.observed)))

/**
 * moment-business-time with the same hours and holidays (it tests every listed holiday on every day it visits). It
 * works in the host's zone, so ours runs in that zone too and both see the same wall times.
 */
function theirs () {
  const split = SPLIT.flat().map((time) => `${time}:00`)
  moment.updateLocale('en', { workinghours: { 0: null, 1: split, 2: split, 3: split, 4: split, 5: split, 6: null }, holidays: HOLIDAYS })
  return ({ start, minutes }: { start: string, minutes: number }) =>
    moment(start, 'YYYY-MM-DDTHH:mm:ss').addWorkingTime(minutes, 'minutes').format('YYYY-MM-DDTHH:mm:ssZ')
}

const SPLIT_WEEK = { mon: SPLIT, tue: SPLIT, wed: SPLIT, thu: SPLIT, fri: SPLIT }

/** Our engine configured once with the same hours and holidays, as moment-business-time is: a due date per call. */
function ours (zone: string) {
  const work = workCalendarFor({ timezone: zone, schedule: SPLIT_WEEK, holidays: HOLIDAYS, calendar: 'weekdays' }, findCalendar('weekdays') as Calendar)
  return ({ start, minutes }: { start: string, minutes: number }) =>
    formatZonedTime(zonedTime(zone, dueAfter(work, resolveWallTime(zone, parseLocalDateTime(start) ?? 0), minutes * 60)))
}

/** The same due date as a request: validation of the hours and the holiday list, the cache of calendars, the answer. */
function oursByRequest (zone: string) {
  return ({ start, minutes }: { start: string, minutes: number }) => {
    const body = { operation: 'sla_due_at', calendar: 'weekdays', timezone: zone, start_at: start, minutes, schedule: SPLIT_WEEK, holidays: HOLIDAYS }
    return (calculate(parseCalculateRequest(body)) as { due_at: string }).due_at
  }
}

function againstMomentBusinessTime (): BenchReport[] {
  const next = random(5)
  const sizes = [15, 60, 240, 480, 960, 2400, 4800]
  const cases = starts(600, '2026-01-01', 730, 23).map((start) => ({ start, minutes: sizes[Math.floor(next() * sizes.length)] }))
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const [mine, byRequest, reference] = [ours(zone), oursByRequest(zone), theirs()]
  const agree = cases.filter((c) => mine(c) === reference(c) && byRequest(c) === reference(c)).length
  const oursMean = timeCalls(cases, mine, 500)
  const requestMean = timeCalls(cases, byRequest, 500)
  const theirsMean = timeCalls(cases, reference, 1500)
  const label = `split shift + ${HOLIDAYS.length} holidays, ${cases.length} inputs of 15 min to 2 weeks`
  return [
    {
      name: `in-process speed-up over moment-business-time, both configured once, ${label} (${round(theirsMean, 1)} / ` +
        `${round(oursMean, 2)} us; ${agree} answers agree, also through the request path)`,
      value: round(theirsMean / oursMean, 1),
      unit: 'x',
      target: '>= 100, all agree',
      pass: theirsMean / oursMean >= 100 && agree === cases.length
    },
    {
      name: `the same through the request path, the hours and holidays validated in every body (${round(requestMean, 1)} us)`,
      value: round(theirsMean / requestMean, 1),
      unit: 'x',
      pass: agree === cases.length
    }
  ]
}

/** The in-process cases alone: `tsx --conditions=@utility-apis/source services/sla/bench/index.ts`. */
export function inProcess (): BenchReport[] {
  return [...spanCosts(), ...againstMomentBusinessTime()]
}

interface Rounds {
  short: number[]
  long: number[]
  baseRatios: number[]
  longRatios: number[]
  batchRatios: number[]
  faults: string[]
}

/**
 * ROUNDS rounds of bare Fastify, a short and a long due date (their order turning) and a batch, each on the same
 * request bodies: short and long requests alternate, so a burst of noise on a shared machine does not land on one side only.
 */
async function measureRounds (ctx: BenchContext): Promise<Rounds> {
  const rounds: Rounds = { short: [], long: [], baseRatios: [], longRatios: [], batchRatios: [], faults: [] }
  // A batch of 1,000 due dates against single calls of the same kind, in calculations per second, in every round
  const batchBody = JSON.stringify({ calculations: starts(1000, '2026-01-01', 730, 29).map((start) => request(60, start)) })
  const batchSpec = { ...spec(60), path: '/v1/business-days/calculate/batch', body: batchBody, connections: 4, expect: answersEveryItem }
  for (let i = 0; i < ROUNDS; i++) {
    // bare Fastify answers {"ok":true} to any request: nothing of its body to check, only its errors and statuses
    const base = await ctx.http('bare Fastify, same request', { ...spec(60), entry: BASELINE_ENTRY, expect: undefined })
    const first = i % 2 === 0 ? 60 : 1_000_000
    const a = await ctx.http(`sla_due_at, ${first} minutes`, spec(first))
    const b = await ctx.http(`sla_due_at, ${1_000_060 - first} minutes`, spec(1_000_060 - first))
    const [s, l] = first === 60 ? [a, b] : [b, a]
    rounds.short.push(s.requestsPerSecond)
    rounds.long.push(l.requestsPerSecond)
    rounds.baseRatios.push(round(s.requestsPerSecond / base.requestsPerSecond))
    rounds.longRatios.push(round(l.requestsPerSecond / base.requestsPerSecond))
    const batch = await ctx.http('batch of 1,000 due dates', batchSpec)
    rounds.batchRatios.push(round(batch.requestsPerSecond * 1000 / s.requestsPerSecond, 1))
    rounds.faults.push(...faultsOf({ '60 minutes': s, '1,000,000 minutes': l, batch, 'bare Fastify': base }))
  }
  return rounds
}

export async function run (ctx: BenchContext): Promise<BenchReport[]> {
  // Throughput is compared with bare Fastify receiving the very same request, measured again in every round, and with
  // the kit's trivial route.
  const kit = await ctx.http('kit trivial route', {
    entry: KIT_ENTRY,
    method: 'POST',
    path: '/v1/echo',
    headers: HEADERS,
    body: '{"n":1}',
    durationSeconds: 3,
    expect: (answer: unknown) => (answer as { n?: unknown }).n === 1 ? undefined : `answered ${JSON.stringify(answer)}`
  })
  const kitFault = faultText(faultsOf({ 'kit route': kit }))
  const { short, long, baseRatios, longRatios, batchRatios, faults } = await measureRounds(ctx)
  const fault = faultText(faults)
  const httpCost = median(short) / median(long)
  const batchGain = median(batchRatios)

  const kept = median(baseRatios) / RATIO_BEFORE_ISSUE_18
  return [
    {
      // Bare Fastify is the ceiling, for information; kept throughput is held against the committed baseline
      name: `calculate sla_due_at, 60 minutes, of bare Fastify on the same request (rounds ${baseRatios.join(', ')})`,
      value: median(short),
      unit: 'req/s',
      ratio: median(baseRatios),
      pass: fault === undefined,
      fault
    },
    {
      name: `calculate sla_due_at, default schedule: its ratio to bare Fastify / ${RATIO_BEFORE_ISSUE_18}, the ratio before issue 18`,
      value: round(kept),
      unit: 'x',
      target: '>= 0.9',
      pass: kept >= 0.9 && fault === undefined,
      fault
    },
    {
      name: `calculate sla_due_at, 60 minutes / the kit's trivial authenticated route (${kit.requestsPerSecond} req/s)`,
      value: round(median(short) / kit.requestsPerSecond),
      unit: 'x',
      pass: fault === undefined && kitFault === undefined,
      fault: faultText([fault, kitFault].filter((f) => f !== undefined))
    },
    {
      name: `calculate sla_due_at, 1,000,000 minutes (median ratio of ${ROUNDS} rounds: ${longRatios.join(', ')})`,
      value: median(long),
      unit: 'req/s',
      ratio: median(longRatios),
      pass: fault === undefined,
      fault
    },
    {
      name: 'cost of a 1,000,000-minute request / a 60-minute one (HTTP)',
      value: round(httpCost),
      unit: 'x',
      target: '<= 1.5',
      pass: httpCost <= 1.5 && fault === undefined,
      fault
    },
    {
      name: `batch of 1,000 due dates: calculations per second / single calls' (median of ${ROUNDS} rounds: ${batchRatios.join(', ')})`,
      value: batchGain,
      unit: 'x',
      target: '>= 20',
      pass: batchGain >= 20 && fault === undefined,
      fault
    },
    ...inProcess()
  ]
}
