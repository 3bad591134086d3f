import { createHmac } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import type { BenchContext, BenchReport } from '../../../bench/harness.js'

const ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url))
const SECRET = 'whsec_bench_secret'
const TIMESTAMP = 1_700_000_000

/** A pretty-printed Stripe-like event of about `bytes` bytes, and a verify request for it. */
function stripeRequest (bytes: number, tamper = false): string {
  const filler = 'x'.repeat(Math.max(0, bytes - 200))
  const payload = JSON.stringify({ id: 'evt_bench', object: 'event', type: 'charge.succeeded', data: { object: { description: filler } } }, null, 2)
  const v1 = createHmac('sha256', SECRET).update(`${TIMESTAMP}.${payload}`).digest('hex')
  return JSON.stringify({
    provider: 'stripe',
    payload: tamper ? `${payload}\n` : payload,
    headers: { 'Stripe-Signature': `t=${TIMESTAMP},v1=${v1}` },
    secret: SECRET,
    now_epoch_seconds: TIMESTAMP
  })
}

const spec = (body: string) => ({
  entry: ENTRY,
  method: 'POST' as const,
  path: '/v1/webhooks/verify',
  headers: { 'x-api-key': 'bench-key' },
  body,
  durationSeconds: 5
})

const round = (value: number) => Math.round(value * 100) / 100

// Each case is compared with bare Fastify receiving the very same request (body bytes included) in the same run, so
// the ratio is what verification and the kit cost, not what moving a bigger body costs.
export async function run (ctx: BenchContext): Promise<BenchReport[]> {
  const cases = [
    { name: 'verify, stripe, 1 KB payload, valid', body: stripeRequest(1024), target: 0.8 },
    { name: 'verify, stripe, 200 KB payload, valid', body: stripeRequest(200 * 1024) },
    { name: 'verify, stripe, 1 KB payload, mismatch + near-miss diagnosis', body: stripeRequest(1024, true) }
  ]
  const reports: BenchReport[] = []
  for (const c of cases) {
    const base = await ctx.baselineFor(spec(c.body))
    const result = await ctx.http(c.name, spec(c.body))
    const ratio = round(result.requestsPerSecond / base.requestsPerSecond)
    reports.push({
      name: `${c.name} (baseline with the same request: ${base.requestsPerSecond} req/s)`,
      value: result.requestsPerSecond,
      unit: 'req/s',
      ratio,
      target: c.target === undefined ? undefined : `>= ${c.target}`,
      pass: (c.target === undefined || ratio >= c.target) && result.non2xx === 0 && result.errors === 0
    })
  }
  return reports
}
