import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { githubRequest, stripeRequest } from '../services/webhook/bench/index.js'
import { cpuMicros, measureAt, median, ROOT, startServerProcess, stopServerProcess, type HttpCase, type ServerProcess } from './harness.js'

// `pnpm bench:side-by-side <other checkout> [words]`: this checkout's routes against another's (the previous commit, built in a
// worktree: docs/benchmarks.md), in one run. Each case starts both servers, warms both, then measures them in turn for
// ROUNDS rounds, the order turning each round; twice, with new processes (one process's JIT and memory layout moved a
// case's CPU per request by up to 5% against another process of the very same code). Reported: the server's CPU time per request (from /proc, which other load
// moves far less than throughput) and the throughput, each as this checkout's over the other's. A case whose CPU per
// request grew by more than 5% fails: issue 35's "no ratio more than 5% lower".
const ROUNDS = 6
const SECONDS = 3
const LIMIT = 1.05
const KEY = { 'x-api-key': 'bench-key' }

type Case = Omit<HttpCase, 'entry'> & { name: string, entry: string }
const CASES: Case[] = [
  { name: 'kit, authenticated route, memory quota', entry: 'bench/kit-server.ts', method: 'POST', path: '/v1/echo', body: '{"n":1}' },
  { name: 'webhook verify, stripe, 1 KB', entry: 'services/webhook/bench/server.ts', method: 'POST', path: '/v1/webhooks/verify', body: stripeRequest(1024) },
  { name: 'webhook verify, github, 1 KB', entry: 'services/webhook/bench/server.ts', method: 'POST', path: '/v1/webhooks/verify', body: githubRequest(1024) },
  {
    name: 'sla calculate, sla_due_at 60 minutes',
    entry: 'services/sla/bench/server.ts',
    method: 'POST',
    path: '/v1/business-days/calculate',
    // the SLA bench's own 60-minute case
    body: JSON.stringify({ operation: 'sla_due_at', calendar: 'us-federal', timezone: 'America/New_York', start_at: '2026-03-06T16:00:00', minutes: 60 })
  }
]

interface Sample { rate: number, cpu: number }

async function sample (server: ServerProcess, spec: Omit<HttpCase, 'entry'>): Promise<Sample> {
  const before = cpuMicros(server.child.pid)
  const result = await measureAt(server.url, spec)
  const after = cpuMicros(server.child.pid)
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${server.url}${spec.path}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { rate: result.requestsPerSecond, cpu: ((after ?? 0) - (before ?? 0)) / result.total }
}

async function compareOnce (benchCase: Case, other: string): Promise<Record<'this' | 'other', Sample[]>> {
  const spec = { method: benchCase.method, path: benchCase.path, headers: KEY, body: benchCase.body, durationSeconds: SECONDS }
  const first = await startServerProcess(join(ROOT, benchCase.entry))
  let second: ServerProcess
  try {
    second = await startServerProcess(join(other, benchCase.entry))
  } catch (error) {
    // the first server is still running: stopped here, since the finally below is not reached
    await stopServerProcess(first.child)
    throw error
  }
  const servers = { this: first, other: second }
  const samples: Record<'this' | 'other', Sample[]> = { this: [], other: [] }
  try {
    for (const side of ['this', 'other'] as const) await measureAt(servers[side].url, { ...spec, durationSeconds: 2 })
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 === 0 ? ['this', 'other'] as const : ['other', 'this'] as const) samples[side].push(await sample(servers[side], spec))
    }
  } finally {
    await stopServerProcess(servers.this.child)
    await stopServerProcess(servers.other.child)
  }
  return samples
}

async function compare (benchCase: Case, other: string): Promise<Record<'this' | 'other', Sample[]>> {
  const first = await compareOnce(benchCase, other)
  const second = await compareOnce(benchCase, other)
  return { this: [...first.this, ...second.this], other: [...first.other, ...second.other] }
}

const other = process.argv[2] === undefined ? undefined : resolve(process.argv[2])
if (other === undefined || !existsSync(join(other, 'bench', 'harness.ts'))) {
  console.error('usage: pnpm bench:side-by-side <path of another checkout of this repository, installed and built>')
  process.exit(2)
}
// `pnpm bench:side-by-side <checkout> sla`: only the cases whose name holds the words given
const words = process.argv.slice(3)
const rows = []
for (const benchCase of CASES.filter((c) => words.every((word) => c.name.includes(word)))) {
  const samples = await compare(benchCase, other)
  const cpu = (side: 'this' | 'other') => median(samples[side].map((s) => s.cpu))
  const rate = (side: 'this' | 'other') => median(samples[side].map((s) => s.rate))
  const cpuRatio = cpu('this') / cpu('other')
  rows.push({
    case: benchCase.name,
    'CPU us/request (other -> this)': `${cpu('other').toFixed(1)} -> ${cpu('this').toFixed(1)}`,
    'CPU ratio': cpuRatio.toFixed(3),
    'req/s (other -> this)': `${rate('other')} -> ${rate('this')}`,
    'req/s ratio': (rate('this') / rate('other')).toFixed(3),
    result: cpuRatio <= LIMIT ? 'pass' : 'FAIL'
  })
}
console.table(rows)
console.log(`2 x ${ROUNDS} rounds of ${SECONDS} s per side, medians; against ${other}; node ${process.version}; 127.0.0.1`)
if (rows.some((row) => row.result !== 'pass')) process.exitCode = 1
