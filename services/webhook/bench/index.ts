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

export async function run (ctx: BenchContext): Promise<BenchReport[]> {
  const base = ctx.baseline.requestsPerSecond
  const small = await ctx.http('webhook verify 1 KB', spec(stripeRequest(1024)))
  const large = await ctx.http('webhook verify 200 KB', spec(stripeRequest(200 * 1024)))
  const diagnosed = await ctx.http('webhook verify 1 KB, mismatch with near-miss diagnosis', spec(stripeRequest(1024, true)))
  return [
    {
      name: 'verify, stripe, 1 KB payload, valid',
      value: small.requestsPerSecond,
      unit: 'req/s',
      ratio: round(small.requestsPerSecond / base),
      target: '>= 0.8',
      pass: small.requestsPerSecond / base >= 0.8 && small.non2xx === 0 && small.errors === 0
    },
    {
      name: 'verify, stripe, 200 KB payload, valid',
      value: large.requestsPerSecond,
      unit: 'req/s',
      ratio: round(large.requestsPerSecond / base),
      pass: large.non2xx === 0 && large.errors === 0
    },
    {
      name: 'verify, stripe, 1 KB payload, mismatch + near-miss diagnosis',
      value: diagnosed.requestsPerSecond,
      unit: 'req/s',
      ratio: round(diagnosed.requestsPerSecond / base),
      pass: diagnosed.non2xx === 0 && diagnosed.errors === 0
    }
  ]
}
