import { fileURLToPath } from 'node:url'
import moment from 'moment-business-time'
import { BASELINE_ENTRY, median, type BenchContext, type BenchReport } from '../../../bench/harness.js'
import { dueAt } from '../src/domain/business-time.js'
import { formatDate, formatWallTime, parseLocalDateTime } from '@utility-apis/civil-date'
import { holidaysObservedIn } from '../src/domain/holidays.js'
import { formatZonedTime, resolveWallTime } from '../src/domain/time-zone.js'

const ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url))
// The kit's own trivial authenticated route: what any service pays before its handler runs
const KIT_ENTRY = fileURLToPath(new URL('../../../bench/kit-server.ts', import.meta.url))
const ROUNDS = 3
const ZONE = 'America/New_York'

const request = (minutes: number) => JSON.stringify({
  operation: 'sla_due_at', calendar: 'us-federal', timezone: ZONE, start_at: '2026-03-06T16:00:00', minutes
})

const spec = (minutes: number) => ({
  entry: ENTRY,
  method: 'POST' as const,
  path: '/v1/business-days/calculate',
  headers: { 'x-api-key': 'bench-key' },
  body: request(minutes),
  durationSeconds: 3
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

// Seeded inputs: starts anywhere in 2026-2027 at whole minutes, SLA sizes from 15 minutes to two weeks
function inputs (count: number): Array<{ start: string, minutes: number }> {
  let seed = 42
  const next = () => { seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31; return seed / 2 ** 31 }
  const from = Date.UTC(2026, 0, 1) / 1000
  const sizes = [15, 60, 240, 480, 960, 2400, 4800]
  return Array.from({ length: count }, () => ({
    start: formatWallTime(from + Math.floor(next() * 730 * 1440) * 60),
    minutes: sizes[Math.floor(next() * sizes.length)]
  }))
}

function ours (zone: string) {
  return ({ start, minutes }: { start: string, minutes: number }) => {
    const begin = resolveWallTime(zone, parseLocalDateTime(start) ?? 0)
    return formatZonedTime(dueAt({ zone, calendar: 'us-federal' }, begin, minutes))
  }
}

/**
 * moment-business-time with the same 09:00-17:00 Monday-Friday hours and the same observed holidays, for the years
 * the inputs reach (it tests every listed holiday on every day it visits, so a longer list would slow it unfairly).
 * It works in the host's zone, so ours runs in that zone too and both see the same wall times.
 */
function theirs (firstYear: number, lastYear: number) {
  const hours = ['09:00:00', '17:00:00']
  const holidays: string[] = []
  for (let year = firstYear; year <= lastYear; year++) {
    for (const holiday of holidaysObservedIn('us-federal', year)) holidays.push(formatDate(holiday.observed))
  }
  moment.updateLocale('en', { workinghours: { 0: null, 1: hours, 2: hours, 3: hours, 4: hours, 5: hours, 6: null }, holidays })
  return ({ start, minutes }: { start: string, minutes: number }) =>
    moment(start, 'YYYY-MM-DDTHH:mm:ss').addWorkingTime(minutes, 'minutes').format('YYYY-MM-DDTHH:mm:ssZ')
}

export async function run (ctx: BenchContext): Promise<BenchReport[]> {
  // Throughput is compared with bare Fastify receiving the very same request, measured again in every round, and with
  // the kit's trivial route. Short and long requests alternate, so a burst of noise on a shared machine does not land
  // on one side only.
  const kit = await ctx.http('kit trivial route', { entry: KIT_ENTRY, method: 'POST', path: '/v1/echo', headers: { 'x-api-key': 'bench-key' }, body: '{"n":1}', durationSeconds: 3 })
  const short: number[] = []
  const long: number[] = []
  const baseRatios: number[] = []
  const longRatios: number[] = []
  let failures = 0
  for (let i = 0; i < ROUNDS; i++) {
    const base = await ctx.http('bare Fastify, same request', { ...spec(60), entry: BASELINE_ENTRY })
    const first = i % 2 === 0 ? 60 : 1_000_000
    const a = await ctx.http(`sla_due_at, ${first} minutes`, spec(first))
    const b = await ctx.http(`sla_due_at, ${1_000_060 - first} minutes`, spec(1_000_060 - first))
    const [s, l] = first === 60 ? [a, b] : [b, a]
    short.push(s.requestsPerSecond)
    long.push(l.requestsPerSecond)
    baseRatios.push(round(s.requestsPerSecond / base.requestsPerSecond))
    longRatios.push(round(l.requestsPerSecond / base.requestsPerSecond))
    failures += s.non2xx + s.errors + l.non2xx + l.errors
  }
  const httpCost = median(short) / median(long)

  const oursNy = ours(ZONE)
  const cases = inputs(600)
  const perShort = timeCalls(cases.map((c) => ({ start: c.start, minutes: 60 })), oursNy, 400)
  const perLong = timeCalls(cases.map((c) => ({ start: c.start, minutes: 1_000_000 })), oursNy, 400)

  const hostZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  const mine = ours(hostZone)
  const reference = theirs(2026, 2028)
  const agree = cases.filter((c) => mine(c) === reference(c)).length
  const oursMean = timeCalls(cases, mine, 500)
  const theirsMean = timeCalls(cases, reference, 1500)
  const speedup = theirsMean / oursMean
  const oneMillion = { start: '2026-03-06T16:00:00', minutes: 1_000_000 }
  const referenceMillion = theirs(2026, 2034)
  const sameMillion = referenceMillion(oneMillion) === mine(oneMillion)
  const theirsMillion = timeCalls([oneMillion], referenceMillion, 500)
  const oursMillion = timeCalls([oneMillion], mine, 100)

  return [
    {
      name: `calculate sla_due_at, 60 minutes (median ratio of ${ROUNDS} rounds against the same request: ${baseRatios.join(', ')})`,
      value: median(short),
      unit: 'req/s',
      ratio: median(baseRatios),
      target: '>= 0.8',
      pass: median(baseRatios) >= 0.8 && failures === 0
    },
    {
      name: `calculate sla_due_at, 60 minutes / the kit's trivial authenticated route (${kit.requestsPerSecond} req/s)`,
      value: round(median(short) / kit.requestsPerSecond),
      unit: 'x',
      pass: failures === 0
    },
    {
      name: `calculate sla_due_at, 1,000,000 minutes (median ratio of ${ROUNDS} rounds: ${longRatios.join(', ')})`,
      value: median(long),
      unit: 'req/s',
      ratio: median(longRatios),
      pass: failures === 0
    },
    {
      name: 'cost of a 1,000,000-minute request / a 60-minute one (HTTP)',
      value: round(httpCost),
      unit: 'x',
      target: '<= 1.5',
      pass: httpCost <= 1.5
    },
    {
      name: `cost of 1,000,000 / 60 minutes in-process (${round(perLong, 1)} / ${round(perShort, 1)} us)`,
      value: round(perLong / perShort),
      unit: 'x',
      target: '<= 1.5',
      pass: perLong / perShort <= 1.5
    },
    {
      name: `in-process speed-up over moment-business-time, ${cases.length} inputs of 15 min to 2 weeks (${round(theirsMean, 1)} / ${round(oursMean, 1)} us; ${agree} answers agree)`,
      value: round(speedup, 1),
      unit: 'x',
      target: '>= 10',
      pass: speedup >= 10 && agree === cases.length
    },
    {
      name: `one 1,000,000-minute due date, moment-business-time / ours (${round(theirsMillion / 1000, 1)} ms / ${round(oursMillion, 1)} us; ${sameMillion ? 'same answer' : 'answers differ'})`,
      value: round(theirsMillion / oursMillion, 0),
      unit: 'x',
      pass: true
    }
  ]
}
