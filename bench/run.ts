import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { BASELINE_ENTRY, measureHttp, median, ratio, ROOT, type BenchContext, type BenchReport, type HttpCase, type HttpResult } from './harness.js'

// `pnpm bench [service...]`: the bare-Fastify baseline, the kit's overhead, then each service's own cases.
const only = process.argv.slice(2)
const here = (file: string) => join(ROOT, 'bench', file)
const echo: Omit<HttpCase, 'entry'> = { method: 'POST', path: '/v1/echo', body: JSON.stringify({ n: 1 }) }
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
// The kit's two ratios sit closest to their targets, so they get the most samples.
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
  for (const store of ['memory', 'redis'] as const) {
    const ratios = rounds.map((r) => ratio(r[store], r.base))
    const target = store === 'memory' ? 0.85 : 0.6
    results.push({
      group: 'kit',
      name: `kit, authenticated route, ${store === 'memory' ? 'memory' : 'Redis'} quota (median of rounds ${ratios.join(', ')})`,
      value: median(rounds.map((r) => r[store].requestsPerSecond)),
      unit: 'req/s',
      ratio: median(ratios),
      target: `>= ${target}`,
      pass: median(ratios) >= target && rounds.every((r) => r[store].non2xx === 0)
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
if (results.some((r) => !r.pass)) process.exitCode = 1
