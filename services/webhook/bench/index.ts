import { createHmac } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { BASELINE_ENTRY, faultsOf, faultText, median, type BenchContext, type BenchReport } from '../../../bench/harness.js'

const ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url))
const PEER = fileURLToPath(new URL('./express-peer.ts', import.meta.url))
const FASTIFY_PEER = fileURLToPath(new URL('./fastify-peer.ts', import.meta.url))
// What a user would run instead must be at least this much slower than the whole service route
const PEER_TARGET = 2.5
const SECRET = 'whsec_bench_secret'
const TIMESTAMP = 1_700_000_000
const GITHUB_SECRET = 'github-bench-secret'

/** A pretty-printed Stripe-like event of about `bytes` bytes, and a verify request for it. */
export function stripeRequest (bytes: number, tamper = false): string {
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

/** A GitHub push-like delivery of about `bytes` bytes: HMAC-SHA256 over the body alone, one secret. */
export function githubRequest (bytes: number): string {
  const commit = { message: 'x'.repeat(Math.max(0, bytes - 120)) }
  const payload = JSON.stringify({ ref: 'refs/heads/main', repository: { full_name: 'octo/bench' }, head_commit: commit })
  const signature = createHmac('sha256', GITHUB_SECRET).update(payload).digest('hex')
  return JSON.stringify({
    provider: 'github',
    payload,
    headers: { 'X-Hub-Signature-256': `sha256=${signature}`, 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958' },
    secret: GITHUB_SECRET
  })
}

/** A check answering anything but `valid` as asked (a 200 either way) would be measured as a different path. */
const answersValid = (valid: boolean) => (answer: unknown) =>
  (answer as { valid?: unknown }).valid === valid ? undefined : `expected valid: ${valid}, answered ${JSON.stringify(answer).slice(0, 200)}`

const spec = (body: string, valid = true) => ({
  entry: ENTRY,
  method: 'POST' as const,
  path: '/v1/webhooks/verify',
  headers: { 'x-api-key': 'bench-key' },
  body,
  durationSeconds: 4,
  expect: answersValid(valid)
})

const round = (value: number) => Math.round(value * 100) / 100

const ROUNDS = 3

// Each case is compared with bare Fastify receiving the very same request (body bytes included), measured again in
// every round: the ceiling, for information. The pass/fail comparison is with the peer a user would run instead.
export async function run (ctx: BenchContext): Promise<BenchReport[]> {
  return [...await againstPeer(ctx), ...await againstBareFastify(ctx)]
}

/**
 * The 1 KB GitHub check through the service (auth, quota, validation, diagnosis) against the Express peer; beside it,
 * for information, the peer's own work on bare Fastify against the same Express peer: the ceiling of this ratio.
 */
async function againstPeer (ctx: BenchContext): Promise<BenchReport[]> {
  const body = githubRequest(1024)
  const ratios: number[] = []
  const ceilings: number[] = []
  const rates: number[] = []
  const faults: string[] = []
  for (let i = 0; i < ROUNDS; i++) {
    const peer = await ctx.http('Express 5 + @octokit/webhooks-methods', { ...spec(body), entry: PEER })
    const fastifyPeer = await ctx.http('the same on bare Fastify', { ...spec(body), entry: FASTIFY_PEER })
    const ours = await ctx.http('verify, github, 1 KB', spec(body))
    ratios.push(round(ours.requestsPerSecond / peer.requestsPerSecond))
    ceilings.push(round(fastifyPeer.requestsPerSecond / peer.requestsPerSecond))
    rates.push(ours.requestsPerSecond)
    faults.push(...faultsOf({ ours, 'Express peer': peer, 'Fastify peer': fastifyPeer }))
  }
  const ratio = median(ratios)
  const fault = faultText(faults)
  return [{
    name: `verify, github, 1 KB, against Express 5 + @octokit/webhooks-methods + API key + memory quota (rounds ${ratios.join(', ')})`,
    value: median(rates),
    unit: 'req/s',
    ratio,
    target: `>= ${PEER_TARGET} x the peer`,
    pass: ratio >= PEER_TARGET && fault === undefined,
    fault
  }, {
    name: `ceiling: the peer's work on bare Fastify, against the Express peer (rounds ${ceilings.join(', ')})`,
    value: median(ceilings),
    unit: 'x',
    pass: fault === undefined,
    fault
  }]
}

async function againstBareFastify (ctx: BenchContext): Promise<BenchReport[]> {
  const cases = [
    { name: 'verify, stripe, 1 KB payload, valid', body: stripeRequest(1024) },
    // Issue 14's throughput guard: the single-secret HMAC path after the generalised provider interface.
    { name: 'verify, github, 1 KB payload, valid', body: githubRequest(1024) },
    { name: 'verify, stripe, 200 KB payload, valid', body: stripeRequest(200 * 1024) },
    { name: 'verify, stripe, 1 KB payload, mismatch + near-miss diagnosis', body: stripeRequest(1024, true), valid: false }
  ]
  const reports: BenchReport[] = []
  for (const c of cases) {
    const ratios: number[] = []
    const rates: number[] = []
    const faults: string[] = []
    for (let i = 0; i < ROUNDS; i++) {
      // bare Fastify answers {"ok":true} to any request: nothing of its body to check, only its errors and statuses
      const base = await ctx.http('bare Fastify, same request', { ...spec(c.body), entry: BASELINE_ENTRY, expect: undefined })
      const result = await ctx.http(c.name, spec(c.body, c.valid ?? true))
      ratios.push(round(result.requestsPerSecond / base.requestsPerSecond))
      rates.push(result.requestsPerSecond)
      faults.push(...faultsOf({ service: result, 'bare Fastify': base }))
    }
    const ratio = median(ratios)
    const fault = faultText(faults)
    reports.push({
      name: `${c.name}, of bare Fastify on the same request (rounds ${ratios.join(', ')})`,
      value: median(rates),
      unit: 'req/s',
      ratio,
      pass: fault === undefined,
      fault
    })
  }
  return reports
}
