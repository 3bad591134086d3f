import type { ChildProcess } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../../packages/service-kit/test/helpers/redis-servers.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { buildJobsApp, dropPrefix, REDIS_URL, testKey, testPrefix, waitFor } from '../helpers/jobs.js'
import { spawnWorker, stopProcess } from '../helpers/worker-process.js'

// A worker process killed at the worst moment: right after it wrote a job's last results, before anything else
// (JOBS_TEST_CRASH_AT=after-last-write exits 137 there). The callback must still reach a receiver on 127.0.0.1.
const HOSTS = Array.from({ length: 3 }, (_, i) => `crash${i}.test`)

interface Delivery { headers: Record<string, string | string[] | undefined>, body: string }

let server: FixtureServer
let receiver: Server
let hookUrl = ''
const deliveries: Delivery[] = []
const workers: ChildProcess[] = []
let app: FastifyInstance
const key = testKey()
const prefix = testPrefix()

/** The Standard Webhooks signature of a delivery, computed here from the job's secret. */
function signatureOf (secret: string, delivery: Delivery): string {
  const content = `${String(delivery.headers['webhook-id'])}.${String(delivery.headers['webhook-timestamp'])}.${delivery.body}`
  return `v1,${createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(content).digest('base64')}`
}

async function worker (env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawnWorker({ redisUrl: REDIS_URL as string, prefix, hosts: HOSTS, concurrency: 2, metricsPort: await freePort(), env })
  workers.push(child)
  return child
}

describe.skipIf(REDIS_URL === undefined)('brand job callbacks when a worker dies after the last write (REDIS_URL)', () => {
  beforeAll(async () => {
    server = await startFixtureServer(Object.fromEntries(HOSTS.map((host) => [host, { '/': { body: `<title>${host}</title>` } }])))
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8') })
      request.on('end', () => {
        deliveries.push({ headers: request.headers, body })
        response.writeHead(204).end()
      })
    })
    receiver.listen(0, '127.0.0.1')
    await once(receiver, 'listening')
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`
    app = await buildJobsApp({ keys: key, hosts: HOSTS, prefix, overrides: { jobs: { inlineWorker: false } } })
  })
  afterAll(async () => {
    await Promise.all(workers.map(async (child) => await stopProcess(child, 'SIGKILL')))
    await app?.close()
    await server?.close()
    receiver?.close()
    if (REDIS_URL !== undefined) await dropPrefix(prefix)
  })

  it('delivers job.completed through another worker, signed, with the webhook-id every attempt carries', async () => {
    const victim = await worker({ NODE_ENV: 'test', JOBS_TEST_CRASH_AT: 'after-last-write' })
    const exited = once(victim, 'exit')
    const payload = { domains: HOSTS.map((host) => `${server.origin(host)}/`), callback_url: hookUrl }
    const created = await app.inject({ method: 'POST', url: '/v1/domain/profile/jobs', headers: { 'x-api-key': key }, payload })
    expect(created.statusCode).toBe(202)
    const { id, callback_secret: secret } = created.json()
    const [code] = await exited
    expect(code).toBe(137)
    const status = (await app.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}`, headers: { 'x-api-key': key } })).json()
    expect(status).toMatchObject({ status: 'completed', done: HOSTS.length })
    // the victim died before queuing the callback; nobody else has run
    expect(deliveries).toEqual([])

    await worker()
    await waitFor(async () => deliveries.length, (count) => count > 0, 20_000)
    const [delivery] = deliveries
    expect(delivery.headers['webhook-id']).toBe(`msg_${id}`)
    // no browser's Accept, and a User-Agent naming the service
    expect(delivery.headers.accept).toBe('*/*')
    expect(delivery.headers['user-agent']).toMatch(/^UtilityAPIs-brand-callbacks\//)
    expect(delivery.headers['webhook-signature']).toBe(signatureOf(secret, delivery))
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'job.completed', data: { id, status: 'completed', done: HOSTS.length } })
  }, 60_000)

  it('ignores JOBS_TEST_CRASH_AT outside NODE_ENV=test', async () => {
    await Promise.all(workers.splice(0).map(async (child) => await stopProcess(child, 'SIGKILL')))
    const before = deliveries.length
    const survivor = await worker({ NODE_ENV: 'development', JOBS_TEST_CRASH_AT: 'after-last-write' })
    const payload = { domains: HOSTS.map((host) => `${server.origin(host)}/`), callback_url: hookUrl }
    const { id } = (await app.inject({ method: 'POST', url: '/v1/domain/profile/jobs', headers: { 'x-api-key': key }, payload })).json()
    await waitFor(async () => deliveries.length, (count) => count > before, 20_000)
    expect(deliveries.at(-1)?.headers['webhook-id']).toBe(`msg_${id}`)
    expect(survivor.exitCode).toBeNull()
  }, 60_000)
})
