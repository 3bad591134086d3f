// Politeness per request across worker processes: two site worker processes (src/worker.ts, as deployed) work a job
// whose every item is the same host, and the host never sees more than JOBS_HOST_CONCURRENCY (4) requests at once,
// counting every request an analysis makes (homepage, robots.txt, sitemaps, pages, one per AI crawler user-agent).
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { JobEngine } from '@utility-apis/jobs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFixtureServer, type FixtureServer } from '../fixtures/fixture-server.js'
import { STRONG, STRONG_HOSTS, strongSite } from '../fixtures/sites/strong.js'

const REDIS_URL = process.env.REDIS_URL
const REPO = fileURLToPath(new URL('../../../../', import.meta.url))
const WORKER = fileURLToPath(new URL('../../src/worker.ts', import.meta.url))
const prefix = `{jobs-test-${randomBytes(6).toString('hex')}}`
const ITEMS = 12

let server: FixtureServer
let engine: JobEngine
const workers: ChildProcess[] = []

function spawnWorker (metricsPort: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', '--conditions=@utility-apis/source', WORKER], {
    cwd: REPO,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      REDIS_URL,
      JOBS_PREFIX: prefix,
      WORKER_CONCURRENCY: '8',
      WORKER_METRICS_PORT: String(metricsPort),
      UNSAFE_FETCH_ALLOW_CIDRS: '127.0.0.1/32',
      UNSAFE_FETCH_HOST_MAP: STRONG_HOSTS.map((host) => `${host}=127.0.0.1`).join(','),
      LOG_LEVEL: 'warn'
    }
  })
}

/** The most requests the fixture server was answering at the same time, per host. */
function peakPerHost (requests: FixtureServer['requests']): Map<string, number> {
  const events = requests.flatMap((request) => [
    { host: request.host, at: request.startedAt, change: 1 },
    { host: request.host, at: request.answeredAt ?? Number.POSITIVE_INFINITY, change: -1 }
  ]).sort((a, b) => a.at - b.at || a.change - b.change)
  const active = new Map<string, number>()
  const peak = new Map<string, number>()
  for (const event of events) {
    active.set(event.host, (active.get(event.host) ?? 0) + event.change)
    peak.set(event.host, Math.max(peak.get(event.host) ?? 0, active.get(event.host) ?? 0))
  }
  return peak
}

describe.skipIf(REDIS_URL === undefined)('politeness per request across two worker processes (REDIS_URL)', () => {
  beforeAll(async () => {
    // every answer takes 40 ms, so an analysis's requests overlap as they would on a real site
    server = await startFixtureServer((origin) => strongSite(origin), { delayMs: 40 })
    engine = new JobEngine({ service: 'site', prefix, redis: REDIS_URL as string, jobsPath: '/v1/site-intel/jobs' })
    workers.push(spawnWorker(19_000 + Math.floor(Math.random() * 20_000)), spawnWorker(40_000 + Math.floor(Math.random() * 20_000)))
  })
  afterAll(async () => {
    await Promise.all(workers.map(async (worker) => {
      if (worker.exitCode !== null) return
      const exited = new Promise((resolve) => worker.once('exit', resolve))
      worker.kill('SIGTERM')
      await exited
    }))
    if (engine !== undefined) {
      await Promise.all([engine.items.obliterate({ force: true }), engine.callbacks.obliterate({ force: true })])
      const redis = engine.connect('api')
      const keys = await redis.keys(`${prefix}*`)
      if (keys.length > 0) await redis.del(...keys)
      await engine.close()
    }
    await server?.close()
  })

  it(`never has more than 4 requests at once on one host while ${ITEMS} analyses of it run on two workers`, async () => {
    const url = `${server.origin(STRONG)}/`
    const job = await engine.create({ owner: 'o', inputs: Array.from({ length: ITEMS }, () => url), callbackUrl: null, windowId: 'w', quotaKey: null })
    const deadline = Date.now() + 90_000
    let record = await engine.get(job.id, 'o')
    while (record?.status !== 'completed') {
      if (Date.now() > deadline) throw new Error(`the job did not complete: ${JSON.stringify(record)}`)
      await new Promise((resolve) => setTimeout(resolve, 200))
      record = await engine.get(job.id, 'o')
    }
    expect(record).toMatchObject({ done: ITEMS, failed: 0 })
    const ofHost = server.requests.filter((request) => request.host === STRONG)
    // each analysis makes many requests of its own: the limit is on requests, not items
    expect(ofHost.length).toBeGreaterThan(ITEMS * 5)
    const peak = peakPerHost(server.requests).get(STRONG) ?? 0
    process.stdout.write(`politeness: ${ofHost.length} requests to ${STRONG}, at most ${peak} at once\n`)
    expect(peak).toBeLessThanOrEqual(4)
    expect(peak).toBeGreaterThanOrEqual(2)
  }, 120_000)
})
