import type { ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../packages/service-kit/test/helpers/redis-servers.js'
import { buildJobsApp, REDIS_URL, testKey, testPrefix, waitFor } from './helpers/jobs.js'
import { spawnWorker, stopProcess } from './helpers/worker-process.js'

// `node dist/worker.js` as an operator runs it: several on one machine, each with its own metrics port or none.
const children: ChildProcess[] = []
const prefix = testPrefix()

function start (metricsPort: number, env: Record<string, string> = {}): { child: ChildProcess, output: () => { stdout: string, stderr: string } } {
  const child = spawnWorker({ redisUrl: REDIS_URL as string, prefix, hosts: [], concurrency: 1, metricsPort, capture: true, env: { LOG_LEVEL: 'info', ...env } })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => { stdout += chunk.toString('utf8') })
  child.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString('utf8') })
  return { child, output: () => ({ stdout, stderr }) }
}

describe('a brand worker whose Redis is unreachable', () => {
  afterAll(async () => {
    await Promise.all(children.map(async (child) => await stopProcess(child, 'SIGKILL')))
  })

  // BullMQ's close never ends while its connection retries: without a deadline the pod hung until it was killed
  it('stops on SIGTERM after its lock at most, saying why in one line, and exits 1', async () => {
    const closed = await freePort()
    const worker = start(0, { REDIS_URL: `redis://127.0.0.1:${closed}` })
    await waitFor(async () => worker.output().stdout, (text) => text.includes('working jobs'), 30_000)
    worker.child.kill('SIGTERM')
    const [code] = await once(worker.child, 'exit')
    expect(code).toBe(1)
    const last = JSON.parse(worker.output().stdout.trim().split('\n').at(-1) as string)
    expect(last).toMatchObject({ level: 50, lockMs: 2000, msg: expect.stringMatching(/^stopped before the queue closed \(Redis unreachable, or a chunk still working at JOBS_LOCK_MS\)/) })
    // the stop began with one line saying so
    const lines = worker.output().stdout.trim().split('\n').map((line) => JSON.parse(line) as { msg: string, signal?: string })
    expect(lines.filter((line) => line.msg.startsWith('stopping:'))).toEqual([expect.objectContaining({ signal: 'SIGTERM' })])
  }, 30_000)

  // Ctrl-C twice: the operator asked to stop now; the worker says so in its log, as JSON, and exits 1 at once
  it('exits at once on a second signal while stopping, saying so in one line', async () => {
    const closed = await freePort()
    const worker = start(0, { REDIS_URL: `redis://127.0.0.1:${closed}`, JOBS_LOCK_MS: '20000' })
    await waitFor(async () => worker.output().stdout, (text) => text.includes('working jobs'), 30_000)
    worker.child.kill('SIGTERM')
    await waitFor(async () => worker.output().stdout, (text) => text.includes('stopping:'), 10_000)
    const stoppedAt = Date.now()
    worker.child.kill('SIGINT')
    const [code] = await once(worker.child, 'exit')
    expect(code).toBe(1)
    // long before the 20 s lock the first signal would have waited for
    expect(Date.now() - stoppedAt).toBeLessThan(10_000)
    const last = JSON.parse(worker.output().stdout.trim().split('\n').at(-1) as string)
    expect(last).toMatchObject({ level: 50, signal: 'SIGINT', msg: expect.stringMatching(/^second signal while stopping: exiting now/) })
    expect(worker.output().stderr).toBe('')
  }, 40_000)
})

describe.skipIf(REDIS_URL === undefined)('brand worker processes on one machine (REDIS_URL)', () => {
  afterAll(async () => {
    await Promise.all(children.map(async (child) => await stopProcess(child, 'SIGKILL')))
  })

  it('a second worker on the same WORKER_METRICS_PORT says in one line which variable to set and exits 1', async () => {
    const port = await freePort()
    const first = start(port)
    await waitFor(async () => first.output().stdout, (text) => text.includes('working jobs'), 30_000)
    const second = start(port)
    const [code] = await once(second.child, 'exit')
    expect(code).toBe(1)
    const lines = second.output().stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^brand worker: Invalid configuration: WORKER_METRICS_PORT \d+ is in use .*0 to turn/)
    expect(first.child.exitCode).toBeNull()

    // the first one's listener answers a wrong path in the services' error shape
    const missing = await fetch(`http://127.0.0.1:${port}/nope`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ detail: 'Not Found', code: 'not_found', request_id: expect.any(String) })
    // and /metrics without the admin key is as absent
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404)
  }, 60_000)

  it('WORKER_METRICS_PORT=0 turns the listener off: two such workers run side by side', async () => {
    const workers = [start(0), start(0)]
    for (const worker of workers) {
      const started = await waitFor(async () => worker.output().stdout, (text) => text.includes('working jobs'), 30_000)
      expect(JSON.parse(started.trim().split('\n').at(-1) as string)).toMatchObject({ msg: 'working jobs', metricsPort: 0 })
      expect(worker.child.exitCode).toBeNull()
    }
  }, 60_000)

  // Every process would report the same whole-queue depth: from the workers too, the autoscaler's sum over pods would
  // grow with the workers it scales. The API exports it, the workers their own items and durations only.
  it('a worker\'s /metrics leaves the queue depth to the API\'s', async () => {
    const port = await freePort()
    const worker = start(port, { ADMIN_KEY: 'worker-admin' })
    await waitFor(async () => worker.output().stdout, (text) => text.includes('working jobs'), 30_000)
    const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: 'Bearer worker-admin' } })
    expect(response.status).toBe(200)
    const workerMetrics = await response.text()
    expect(workerMetrics).toMatch(/^job_item_duration_seconds_count\{service="brand"\} 0$/m)
    expect(workerMetrics).not.toMatch(/jobs_queue_depth/)

    const api = await buildJobsApp({ keys: testKey(), hosts: [], prefix, config: { adminKey: 'api-admin' }, overrides: { jobs: { inlineWorker: false } } })
    try {
      const apiMetrics = (await api.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer api-admin' } })).body
      expect(apiMetrics).toMatch(/^jobs_queue_depth\{state="waiting",service="brand"\} \d+$/m)
    } finally {
      await api.close()
    }
  }, 60_000)
})
