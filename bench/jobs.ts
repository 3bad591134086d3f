import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { Redis } from 'ioredis'
import { median, ROOT, type BenchReport } from './harness.js'

// `pnpm bench jobs`: 10,000 brand profiles as one job, worked by 1 and by 2 worker processes (node
// services/brand/dist/worker.js), of fixture sites that answer after 100 ms; and the p99 latency of single profile
// calls made while the job runs, next to the same calls on the idle service. Every site has an address of its own in
// 127.0.0.0/8, so nothing is served from the profile cache and no host is held back by politeness. Then the same
// beside a 5,000-item job of one host (127.254.0.1, whose homepage answers 503 after 100 ms, so no profile of it is
// cached and every item fetches it): politeness holds that host to JOBS_HOST_CONCURRENCY requests at once, and the
// 10,000-item job must keep its pace. The load (job creation, polling, single calls) comes from this process.

const ITEMS = Number(process.env.BENCH_JOB_ITEMS ?? 10_000)
const LATENCY_MS = 100
const CONCURRENCY = 16
const SINGLE_CALLS = 200
const REDIS_PORT = 7220
const API_PORT = 7221
const KEY = 'bench-jobs-key'
const BRAND = join(ROOT, 'services', 'brand', 'dist')

// every site a host name of its own, all answered by one loopback socket (UNSAFE_FETCH_HOST_MAP maps *.test to it)
const siteAddress = (n: number, block: number) => `site-${block}-${n}.bench.test`
const BUSY_HOST = 'busy.bench.test'
const BUSY_ITEMS = 5000
const SMALL_ITEMS = 200
/** a 200-item job lasts about a second, a single run of it is noisy: each case is run this many times */
const SMALL_RUNS = 3

async function fixtureSites (): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end()
      return
    }
    if ((request.headers.host ?? '').startsWith(BUSY_HOST)) {
      setTimeout(() => response.writeHead(503, { 'content-type': 'text/html' }).end('<!doctype html><title>Busy</title>'), LATENCY_MS)
      return
    }
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(`<!doctype html><title>Site ${request.headers.host ?? ''} | Home</title><meta name="description" content="A fixture site">`)
    }, LATENCY_MS)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return server
}

function start (file: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--enable-source-maps', file], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
      API_KEYS: `${KEY}:100000000`,
      UNSAFE_FETCH_ALLOW_CIDRS: '127.0.0.1/32',
      UNSAFE_FETCH_HOST_MAP: '*.test=127.0.0.1',
      LOG_LEVEL: 'warn',
      JOBS_HOST_CONCURRENCY: '4',
      WORKER_CONCURRENCY: String(CONCURRENCY),
      ...env
    }
  })
}

async function stop (child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = once(child, 'exit')
  child.kill('SIGTERM')
  await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))])
}

async function waitForUrl (url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet: asked again after a pause
    }
    await sleep(100)
  }
  throw new Error(`${url} did not answer`)
}

const api = (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${API_PORT}${path}`, {
  ...init, headers: { 'x-api-key': KEY, 'content-type': 'application/json', ...init.headers }
})

/** p99 of `calls` single profile calls, four at a time, each of a site never profiled before. */
async function singleCallP99 (sitePort: number, block: number): Promise<number> {
  const latencies: number[] = []
  let next = 0
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < SINGLE_CALLS) {
      const n = next++
      const started = performance.now()
      const response = await api('/v1/domain/profile', { method: 'POST', body: JSON.stringify({ domain: `http://${siteAddress(n, block)}:${sitePort}/` }) })
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`single call answered ${response.status}`)
      latencies.push(performance.now() - started)
    }
  }))
  latencies.sort((a, b) => a - b)
  return Math.round(latencies[Math.floor(latencies.length * 0.99) - 1])
}

interface JobRun { itemsPerSecond: number, p99Busy: number, bytes: number, besideDone: number }

async function createJob (domains: string[]): Promise<string> {
  const response = await api('/v1/domain/profile/jobs', { method: 'POST', body: JSON.stringify({ domains }) })
  if (response.status !== 202) throw new Error(`job creation answered ${response.status}`)
  return (await response.json() as { id: string }).id
}

/**
 * Polls the job until it completes. Bounded: a worker that died or a job that stalls must end the bench with the
 * job's state, not hang it (10,000 items take about 80 s on one worker; the deadline leaves ample room).
 */
async function waitForJob (id: string, started: number, pollMs = 250, deadlineMs = 600_000): Promise<number> {
  for (;;) {
    const job = await (await api(`/v1/domain/profile/jobs/${id}`)).json() as { status: string, failed: number, done?: number }
    if (job.status === 'completed') {
      if (job.failed > 0) throw new Error(`${job.failed} items failed`)
      return (performance.now() - started) / 1000
    }
    if (job.status !== 'queued' && job.status !== 'running') throw new Error(`job ${id} ended ${job.status}`)
    if (performance.now() - started > deadlineMs) {
      throw new Error(`job ${id} not completed after ${deadlineMs / 1000} s: ${job.status}, ${job.done ?? '?'} items done`)
    }
    await sleep(pollMs)
  }
}

/**
 * An ordinary 200-item job on `workers` worker processes: items/s from the job's own `created_at` to its `finished_at`
 * (it takes about a second: polling for the end would add up to its interval, 5% of the figure).
 */
async function runSmall (sitePort: number, workers: number, block: number): Promise<number> {
  const children = Array.from({ length: workers }, (_, i) => start(join(BRAND, 'worker.js'), { WORKER_METRICS_PORT: String(7230 + i) }))
  try {
    await Promise.all(children.map(async (_, i) => await waitForUrl(`http://127.0.0.1:${7230 + i}/health`)))
    const id = await createJob(Array.from({ length: SMALL_ITEMS }, (_, n) => `http://${siteAddress(n, block)}:${sitePort}/`))
    await waitForJob(id, performance.now(), 50, 60_000)
    const job = await (await api(`/v1/domain/profile/jobs/${id}`)).json() as { created_at: string, finished_at: string }
    return SMALL_ITEMS / ((Date.parse(job.finished_at) - Date.parse(job.created_at)) / 1000)
  } finally {
    // on an error too: a worker left running would outlive the bench
    await Promise.all(children.map(stop))
  }
}

/** The 200-item job on 1 and on 2 worker processes, SMALL_RUNS times each, alternating: the median items/s of each. */
async function runSmallPairs (sitePort: number): Promise<[number, number]> {
  const one: number[] = []
  const two: number[] = []
  for (let run = 0; run < SMALL_RUNS; run++) {
    one.push(await runSmall(sitePort, 1, 10 + 4 * run))
    two.push(await runSmall(sitePort, 2, 12 + 4 * run))
  }
  return [Math.round(median(one) * 10) / 10, Math.round(median(two) * 10) / 10]
}

/** The 10,000-item job on `workers` worker processes, alone or beside the single-host job (cancelled at the end). */
async function runJob (sitePort: number, workers: number, block: number, redis: Redis, beside = false): Promise<JobRun> {
  const children = Array.from({ length: workers }, (_, i) => start(join(BRAND, 'worker.js'), { WORKER_METRICS_PORT: String(7230 + i) }))
  try {
    await Promise.all(children.map(async (_, i) => await waitForUrl(`http://127.0.0.1:${7230 + i}/health`)))
    const busy = beside ? await createJob(Array.from({ length: BUSY_ITEMS }, () => `http://${BUSY_HOST}:${sitePort}/`)) : null
    if (busy !== null) await sleep(2000)
    const domains = Array.from({ length: ITEMS }, (_, n) => `http://${siteAddress(n, block)}:${sitePort}/`)
    const started = performance.now()
    const id = await createJob(domains)
    const finished = waitForJob(id, started)
    // the single calls run once the job is under way, on other sites; the wait's own failure is awaited below
    finished.catch(() => {})
    await sleep(2000)
    const p99Busy = await singleCallP99(sitePort, block + 100)
    const seconds = await finished
    let besideDone = 0
    if (busy !== null) {
      besideDone = (await (await api(`/v1/domain/profile/jobs/${busy}`, { method: 'DELETE' })).json() as { done: number }).done
    }
    let bytes = 0
    const chunks = await redis.keys(`{jobs:brand}:job:${id}:chunk:*`)
    for (const key of chunks) bytes += Number(await redis.memory('USAGE', key))
    return { itemsPerSecond: Math.round(ITEMS / seconds), p99Busy, bytes, besideDone }
  } finally {
    // on an error too: a worker left running would outlive the bench
    await Promise.all(children.map(stop))
  }
}

function reports (one: JobRun, two: JobRun, oneBeside: JobRun, twoBeside: JobRun, p99Idle: number, small: [number, number]): BenchReport[] {
  const perTenThousand = Math.round(one.bytes / ITEMS * 10_000 / 1024 / 1024 * 10) / 10
  const scale = Math.round(two.itemsPerSecond / one.itemsPerSecond * 100) / 100
  const kept = (beside: JobRun, alone: JobRun) => Math.round(beside.itemsPerSecond / alone.itemsPerSecond * 100) / 100
  const besideName = (workers: string, beside: JobRun, alone: JobRun) =>
    `${ITEMS} profiles beside a ${BUSY_ITEMS}-item single-host job, ${workers} (${kept(beside, alone)} of alone; single-host items done ${beside.besideDone})`
  const smallScale = Math.round(small[1] / small[0] * 100) / 100
  return [
    { name: `${SMALL_ITEMS} profiles, 1 worker process`, value: small[0], unit: 'items/s', pass: true },
    { name: `${SMALL_ITEMS} profiles, 2 worker processes (scale ${smallScale}x)`, value: small[1], unit: 'items/s', pass: smallScale >= 1.6 },
    { name: `${ITEMS} profiles, 1 worker process (WORKER_CONCURRENCY ${CONCURRENCY})`, value: one.itemsPerSecond, unit: 'items/s', pass: true },
    {
      name: `${ITEMS} profiles, 2 worker processes (scale ${scale}x)`, value: two.itemsPerSecond, unit: 'items/s', pass: two.itemsPerSecond > one.itemsPerSecond
    },
    { name: besideName('1 worker', oneBeside, one), value: oneBeside.itemsPerSecond, unit: 'items/s', pass: kept(oneBeside, one) >= 0.8 },
    { name: besideName('2 workers', twoBeside, two), value: twoBeside.itemsPerSecond, unit: 'items/s', pass: kept(twoBeside, two) >= 0.8 },
    { name: 'single profile call p99, idle service', value: p99Idle, unit: 'ms', pass: true },
    { name: 'single profile call p99, while the job runs on 1 worker', value: one.p99Busy, unit: 'ms', pass: true },
    { name: 'single profile call p99, while the job runs on 2 workers', value: two.p99Busy, unit: 'ms', pass: true },
    { name: 'single profile call p99, while both jobs run on 2 workers', value: twoBeside.p99Busy, unit: 'ms', pass: true },
    { name: 'Redis memory of the results (gzip per item), per 10,000 profiles', value: perTenThousand, unit: 'MiB', pass: true }
  ]
}

export async function run (): Promise<BenchReport[]> {
  const redis = spawn('redis-server', ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'])
  const sites = await fixtureSites()
  const sitePort = (sites.address() as AddressInfo).port
  const apiProcess = start(join(BRAND, 'main.js'), { PORT: String(API_PORT), JOBS_INLINE_WORKER: 'false' })
  const client = new Redis(`redis://127.0.0.1:${REDIS_PORT}`)
  try {
    await waitForUrl(`http://127.0.0.1:${API_PORT}/ready`)
    // the first profile of a process compiles its parser: not part of any figure
    await singleCallP99(sitePort, 250)
    const p99Idle = await singleCallP99(sitePort, 1)
    const one = await runJob(sitePort, 1, 2, client)
    const two = await runJob(sitePort, 2, 4, client)
    const oneBeside = await runJob(sitePort, 1, 6, client, true)
    const twoBeside = await runJob(sitePort, 2, 8, client, true)
    const small = await runSmallPairs(sitePort)
    return reports(one, two, oneBeside, twoBeside, p99Idle, small)
  } finally {
    client.disconnect()
    await stop(apiProcess)
    sites.close()
    redis.kill('SIGKILL')
  }
}
