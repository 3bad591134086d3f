import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { BASELINE_ENTRY, measureHttp, median, ratio, ROOT, type BenchContext, type BenchReport, type HttpCase, type HttpResult } from './harness.js'

// `pnpm bench [service...]`: the bare-Fastify baseline, the kit's overhead, then each service's own cases. Every ratio
// is also held against bench/baseline.json (the committed figures): more than 10% below it fails.
// `pnpm bench --update-baseline` records this run's ratios there instead.
const updateBaseline = process.argv.includes('--update-baseline')
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const BASELINE_FILE = join(ROOT, 'bench', 'baseline.json')
const REGRESSION = 0.9
const here = (file: string) => join(ROOT, 'bench', file)
const echo: Omit<HttpCase, 'entry'> = { method: 'POST', path: '/v1/echo', body: JSON.stringify({ n: 1 }) }
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
// The kit's two ratios move most from run to run, so they get the most samples.
const KIT_ROUNDS = 5

const results: Array<BenchReport & { group: string }> = []
const baseline = await measureHttp({ entry: BASELINE_ENTRY, ...echo })
results.push({ group: 'baseline', name: 'bare Fastify, trivial JSON route', value: baseline.requestsPerSecond, unit: 'req/s', ratio: 1, pass: true })

const ctx: BenchContext = {
  baseline,
  http: async (_label, spec) => measureHttp(spec)
}

if (only.length === 0 || only.includes('kit')) {
  // Five rounds, each measuring bare Fastify again beside both stores, and the median ratio of the rounds: one burst
  // of noise on a shared machine moves a single five-second sample by several points.
  const headers = { 'x-api-key': 'bench-key' }
  const rounds: Array<{ memory: HttpResult, redis: HttpResult, base: HttpResult }> = []
  for (let round = 0; round < KIT_ROUNDS; round++) {
    const base = round === 0 ? baseline : await measureHttp({ entry: BASELINE_ENTRY, ...echo })
    const memory = await measureHttp({ entry: here('kit-server.ts'), ...echo, headers })
    const redis = await measureHttp({ entry: here('kit-server.ts'), ...echo, headers, env: { BENCH_REDIS_URL: redisUrl } })
    rounds.push({ memory, redis, base })
  }
  // Bare Fastify is the ceiling, reported for information: the contract's per-request work keeps any service below it
  for (const store of ['memory', 'redis'] as const) {
    const ratios = rounds.map((r) => ratio(r[store], r.base))
    results.push({
      group: 'kit',
      name: `kit, authenticated route, ${store === 'memory' ? 'memory' : 'Redis'} quota, of bare Fastify (rounds ${ratios.join(', ')})`,
      value: median(rounds.map((r) => r[store].requestsPerSecond)),
      unit: 'req/s',
      ratio: median(ratios),
      pass: rounds.every((r) => r[store].non2xx === 0)
    })
  }
}

for (const service of ['webhook', 'sla', 'brand', 'site']) {
  if (only.length > 0 && !only.includes(service)) continue
  const file = join(ROOT, 'services', service, 'bench', 'index.ts')
  if (!existsSync(file)) continue
  const mod = await import(pathToFileURL(file).href) as { run: (ctx: BenchContext) => Promise<BenchReport[]> }
  for (const report of await mod.run(ctx)) results.push({ group: service, ...report })
}

// A tool call over MCP against the HTTP route of the same work (issue 37)
if (only.length === 0 || only.includes('mcp')) {
  const mcp = await import(pathToFileURL(here('mcp.ts')).href) as { run: () => Promise<BenchReport[]> }
  for (const report of await mcp.run()) results.push({ group: 'mcp', ...report })
}

// Bulk jobs take minutes: only when asked for by name (`pnpm bench jobs`)
if (only.includes('jobs')) {
  const jobs = await import(pathToFileURL(here('jobs.ts')).href) as { run: () => Promise<BenchReport[]> }
  for (const report of await jobs.run()) results.push({ group: 'jobs', ...report })
}

// A case is known by its name without the figures of its rounds
const caseKey = (r: { group: string, name: string }) => `${r.group}: ${r.name.replace(/ \(.*\)$/, '')}`
const committed = existsSync(BASELINE_FILE) ? JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Record<string, number> : {}
// Ratios to bare Fastify depend on the machine (what a syscall or a wake-up costs against a hash), so the baseline
// keeps the bare rate it was recorded at: a run on a machine several times faster or slower is said to be one.
const BARE_RATE = 'baseline: bare Fastify, trivial JSON route, req/s'
const recordedRate = committed[BARE_RATE]
const machineChanged = recordedRate !== undefined &&
  Math.max(recordedRate, baseline.requestsPerSecond) / Math.min(recordedRate, baseline.requestsPerSecond) > 1.5
for (const r of results) {
  const before = committed[caseKey(r)]
  if (r.ratio === undefined || before === undefined || updateBaseline) continue
  if (r.ratio < before * REGRESSION) {
    r.pass = false
    r.target = `${r.target ?? ''} (regressed: baseline ${before})`.trim()
  }
}
if (updateBaseline) {
  const ratios = Object.fromEntries(results.filter((r) => r.ratio !== undefined && r.group !== 'baseline').map((r) => [caseKey(r), r.ratio]))
  writeFileSync(BASELINE_FILE, JSON.stringify({ ...committed, [BARE_RATE]: baseline.requestsPerSecond, ...ratios }, null, 2) + '\n')
}

const rows = results.map((r) => ({
  group: r.group,
  case: r.name,
  value: `${r.value} ${r.unit}`,
  ratio: r.ratio === undefined ? '' : r.ratio.toFixed(2),
  target: r.target ?? '',
  result: r.pass ? 'pass' : 'FAIL'
}))
console.table(rows)
console.log(`baseline p50 ${baseline.p50Ms} ms, p99 ${baseline.p99Ms} ms; node ${process.version}; 127.0.0.1`)
if (machineChanged) {
  console.log(`bare Fastify answered ${baseline.requestsPerSecond} req/s here against ${recordedRate} when the baseline was ` +
    'recorded: ratios of machines this different are not comparable; compare with the baseline commit built and run ' +
    'on this machine (docs/benchmarks.md, "Side by side")')
}
if (results.some((r) => !r.pass)) process.exitCode = 1
