import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSafeFetcher } from '@utility-apis/safe-fetch'
import { afterEach, describe, expect, it } from 'vitest'
import type { JobEngine } from '../src/engine.js'
import { startWorker, type JobWorker } from '../src/worker.js'
import { REDIS_URL, testEngine, trackingProcessor, until } from './helpers.js'

const closing: Array<() => Promise<void>> = []

afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close()
})

async function receiver (): Promise<{ url: string, received: Array<{ id: string, body: string }> }> {
  const received: Array<{ id: string, body: string }> = []
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8') })
    request.on('end', () => {
      received.push({ id: String(request.headers['webhook-id']), body })
      response.writeHead(204).end()
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  closing.push(async () => { server.close() })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received }
}

function engine (outboxLeaseMs?: number): JobEngine {
  const jobs = testEngine({ chunkSize: 2, outboxLeaseMs })
  closing.push(async () => {
    await Promise.all([jobs.items.obliterate({ force: true }), jobs.callbacks.obliterate({ force: true })])
    await jobs.close()
  })
  return jobs
}

function worker (jobs: JobEngine): JobWorker {
  const fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'] })
  const started = startWorker(jobs, {
    processor: trackingProcessor(5).processor, resultField: 'thing', concurrency: 2, perHostConcurrency: 2, callbackFetcher: fetcher, outboxPollMs: 100
  })
  closing.push(async () => { await started.close(); await fetcher.close() })
  return started
}

describe.skipIf(REDIS_URL === undefined)('the outbox (REDIS_URL)', () => {
  it('delivers job.cancelled when the process that cancelled died right after the cancel\'s script', async () => {
    const hook = await receiver()
    const jobs = engine()
    const job = await jobs.create({ owner: 'o', inputs: ['a.test/', 'b.test/', 'c.test/'], callbackUrl: hook.url, windowId: 'w', quotaKey: null })
    // the cancel's script alone, as an API replica that died before anything else
    expect(await jobs.store.cancel(job.id, 'o', new Date())).toEqual({ status: 'cancelled', cancelledNow: true })
    worker(jobs)
    await until(async () => hook.received.length, (count) => count > 0)
    expect(hook.received[0].id).toBe(`msg_${job.id}`)
    expect(JSON.parse(hook.received[0].body)).toMatchObject({ type: 'job.cancelled', data: { id: job.id, status: 'cancelled', done: 0 } })
  })

  it('takes back an entry whose drainer died holding it once its lease runs out, and nothing else', async () => {
    const jobs = engine(200)
    const job = await jobs.create({ owner: 'o', inputs: ['a.test/'], callbackUrl: null, windowId: 'w', quotaKey: 'k' })
    await jobs.store.cancel(job.id, 'o', new Date())
    const [claimed] = await jobs.outbox.claim(10)
    expect(claimed.entry).toEqual({ t: 'refund', job: job.id, id: 'cancel', units: 1 })
    // held: no one else gets it
    expect(await jobs.outbox.claim(10)).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect((await jobs.outbox.claim(10)).map((item) => item.entry)).toEqual([claimed.entry])
    await jobs.outbox.done(claimed)
    await new Promise((resolve) => setTimeout(resolve, 250))
    expect(await jobs.outbox.claim(10)).toEqual([])
  })
})
