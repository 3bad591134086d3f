import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSafeFetcher, type SafeFetcher } from '@utility-apis/safe-fetch'
import { Metrics } from '@utility-apis/service-kit'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import type { JobEngine } from '../src/engine.js'
import type { JobRecord } from '../src/job-store.js'
import type { JobLog } from '../src/log.js'
import { HostAskedForTimeError, itemProcessor } from '../src/item-processor.js'
import type { ItemProcessor } from '../src/types.js'
import { startWorker } from '../src/worker.js'
import { REDIS_URL, testEngine, until, type TestEngineOptions } from './helpers.js'

const closing: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of closing.splice(0).reverse()) await close()
})

/**
 * A fixture site on 127.0.0.1 answering `hosts` by `handler`, and a fetcher that reaches it under those names; both
 * closed after the test.
 */
async function fixtureSite (hosts: string[], handler: RequestListener): Promise<{ port: number, fetcher: SafeFetcher }> {
  const server = createServer(handler)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closing.push(async () => { await new Promise((resolve) => server.close(resolve)) })
  const fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'], hostMap: Object.fromEntries(hosts.map((host) => [host, '127.0.0.1'])) })
  closing.push(async () => { await fetcher.close() })
  return { port: (server.address() as AddressInfo).port, fetcher }
}

function engine (log: JobLog, metrics: Metrics, options: TestEngineOptions = {}): JobEngine {
  const jobs = testEngine({ chunkSize: 2, log, metrics, ...options })
  closing.push(async () => {
    await Promise.all([jobs.items.obliterate({ force: true }), jobs.callbacks.obliterate({ force: true })])
    await jobs.close()
  })
  return jobs
}

describe.skipIf(REDIS_URL === undefined)('worker errors (REDIS_URL)', () => {
  it('logs an item that threw once, with job, chunk, index and error type (never its message), and counts our own failures', async () => {
    const lines: Array<Record<string, unknown>> = []
    const log: JobLog = { error: (fields, msg) => lines.push({ ...fields, msg }), warn: (fields, msg) => lines.push({ ...fields, msg }) }
    const metrics = new Metrics('test')
    const jobs = engine(log, metrics)
    const processor: ItemProcessor = {
      hostOf: () => null,
      run: async (input) => {
        if (input === 'boom') throw new TypeError('token=hunter2 <html>page body</html>')
        if (input === 'away') return { ok: false, error: { status: 503, detail: 'The renderer is unavailable', code: 'renderer_unavailable' } }
        if (input === 'refused') return { ok: false, error: { status: 400, detail: 'not allowed', code: 'target_not_allowed' } }
        return { ok: true, value: input }
      }
    }
    const worker = startWorker(jobs, { processor, resultField: 'thing', concurrency: 1, perHostConcurrency: 1, callbackFetcher: { fetch: async () => { throw new Error('none') } } })
    closing.push(async () => { await worker.close() })
    const job = await jobs.create({ owner: 'o', inputs: ['ok', 'refused', 'boom', 'away', 'ok'], callbackUrl: null, windowId: 'w', quotaKey: null })
    await until(async () => await jobs.get(job.id, 'o'), (record) => record?.status === 'completed')
    const items = lines.filter((line) => line.source === 'item')
    expect(items).toEqual([
      { source: 'item', job: job.id, chunk: 1, index: 2, err: { type: 'TypeError' }, msg: 'item error' },
      { source: 'item', job: job.id, chunk: 1, index: 3, err: { type: 'ItemError', code: 'renderer_unavailable' }, msg: 'item error' }
    ])
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|page body/)
    const exposition = await metrics.exposition()
    expect(exposition).toMatch(/^job_item_failures_total\{reason="exception",service="test"\} 1$/m)
    expect(exposition).toMatch(/^job_item_failures_total\{reason="renderer_unavailable",service="test"\} 1$/m)
    // a refused target is the target's doing, not ours
    expect(exposition).not.toMatch(/reason="target_not_allowed"/)
  })

  it('logs a chunk that failed once, under the job and chunk its ticket was bound to, not the job that queued the ticket', async () => {
    const lines: Array<Record<string, unknown>> = []
    const log: JobLog = { error: (fields, msg) => lines.push({ ...fields, msg }), warn: (fields, msg) => lines.push({ ...fields, msg }) }
    const jobs = engine(log, new Metrics('test'), { chunkSize: 1, chunkAttempts: 1 })
    // key B's item answers a value its result line cannot hold: writing it throws, outside any item's own catch
    const processor: ItemProcessor = { hostOf: () => null, run: async (input) => ({ ok: true, value: input === 'bad' ? { n: 1n } : input }) }
    const a = await jobs.create({ owner: 'keyA', inputs: ['a0', 'a1', 'a2'], callbackUrl: null, windowId: 'w', quotaKey: null })
    const b = await jobs.create({ owner: 'keyB', inputs: ['bad'], callbackUrl: null, windowId: 'w', quotaKey: null })
    // one slot: the scheduler turns between the keys, so B's chunk is worked by one of A's tickets
    const worker = startWorker(jobs, { processor, resultField: 'thing', concurrency: 1, perHostConcurrency: 1, callbackFetcher: { fetch: async () => { throw new Error('none') } } })
    closing.push(async () => { await worker.close() })
    await until(async () => await jobs.get(a.id, 'keyA'), (record) => record?.status === 'completed')
    await until(async () => lines.length, (count) => count > 0)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(lines).toEqual([{ source: 'chunk', job: b.id, chunk: 0, err: { type: 'TypeError' }, msg: 'chunk error' }])
  })

  it('records a callback BullMQ failed outside its deliverer (stalled past its limit) as failed in the status, logged once', async () => {
    const lines: Array<Record<string, unknown>> = []
    const log: JobLog = { error: (fields, msg) => lines.push({ ...fields, msg }), warn: (fields, msg) => lines.push({ ...fields, msg }) }
    const jobs = engine(log, new Metrics('test'), { chunkSize: 1 })
    const job = await jobs.create({ owner: 'o', inputs: ['a'], callbackUrl: 'http://127.0.0.1:9/hook', windowId: 'w', quotaKey: null })
    // the job's last write puts its callback in the outbox, the drain queues it
    await jobs.store.beginChunk(job.id, 0, new Date())
    expect(await jobs.store.writeItem(job.id, 0, { index: 0, input: 'a', ok: true, thing: 'a' }, new Date())).toBe('completed')
    expect(await jobs.drainOutbox()).toBe(1)
    // what BullMQ's stalled checker leaves of a callback whose worker was killed while delivering it once too often:
    // the job back in the queue with its failure deferred, failed unrun by the next worker that takes it
    const redis = new Redis(REDIS_URL as string)
    await redis.hset(`${jobs.keys.prefix}:${jobs.callbacks.name}:cb-${job.id}`, 'defa', 'job stalled more than allowable limit')
    redis.disconnect()
    const delivered: string[] = []
    const fetcher = { fetch: async (url: string) => { delivered.push(url); throw new Error('not reached') } }
    const worker = startWorker(jobs, { processor: { hostOf: () => null, run: async () => ({ ok: true, value: 1 }) }, resultField: 'thing', concurrency: 1, perHostConcurrency: 1, callbackFetcher: fetcher })
    closing.push(async () => { await worker.close() })
    const failed = await until(async () => (await jobs.get(job.id, 'o'))!.callback, (callback) => callback?.state !== 'pending', 5000)
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, last_error: 'internal_error' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(lines).toEqual([{ source: 'callback', job: job.id, err: { type: 'UnrecoverableError' }, msg: 'callback error' }])
    expect(delivered).toEqual([])
    expect(JSON.stringify(lines)).not.toContain(job.callbackSecret)
  })
  it('holds a host with a short lease (15 s) renewed while the item runs: a killed worker blocks its host 15 s, not 120', async () => {
    const jobs = engine({ error: () => {}, warn: () => {} }, new Metrics('test'))
    let open = (): void => {}
    const gate = new Promise<void>((resolve) => { open = resolve })
    const started: string[] = []
    const processor: ItemProcessor = {
      hostOf: () => 'slow.test',
      run: async (input) => {
        started.push(input)
        await gate
        return { ok: true, value: input }
      }
    }
    const worker = startWorker(jobs, { processor, resultField: 'thing', concurrency: 1, perHostConcurrency: 1, callbackFetcher: { fetch: async () => { throw new Error('none') } } })
    closing.push(async () => { open(); await worker.close() })
    const job = await jobs.create({ owner: 'o', inputs: ['a'], callbackUrl: null, windowId: 'w', quotaKey: null })
    await until(async () => started.length, (count) => count === 1)
    const redis = jobs.connect('api')
    const [seconds, micros] = await redis.time()
    const [, expiry] = await redis.zrange(jobs.keys.host('slow.test'), 0, -1, 'WITHSCORES')
    const left = Number(expiry) - (Number(seconds) * 1000 + Math.floor(Number(micros) / 1000))
    // what a kill -9 leaves: a lease that lapses within 15 s (it was 120 s); while the item runs it is renewed
    expect(left).toBeGreaterThan(5000)
    expect(left).toBeLessThanOrEqual(15_000)
    open()
    await until(async () => await jobs.get(job.id, 'o'), (record) => record?.status === 'completed')
    // released with its item: nothing renews it after
    await until(async () => await redis.zcard(jobs.keys.host('slow.test')), (count) => count === 0)
  })

  it('gives a host that answers 429 the time its Retry-After asks: no item of it starts meanwhile, and the refused item is worked again', async () => {
    const metrics = new Metrics('test')
    const jobs = engine({ error: () => {}, warn: () => {} }, metrics)
    let requests = 0
    // when the 429 was sent: no later than the worker learnt of it, so the 2 s counted from here is a strict bound
    let toldAt = 0
    const { port, fetcher } = await fixtureSite(['busy.test'], (_request, response) => {
      // the second request is told to come back in 2 s
      if (++requests === 2) {
        toldAt = Date.now()
        response.writeHead(429, { 'retry-after': '2' }).end('slow down')
      } else response.writeHead(200).end('ok')
    })
    const origin = `http://busy.test:${port}`
    const starts: number[] = []
    const processor: ItemProcessor = {
      hostOf: () => 'busy.test',
      run: async (input) => {
        starts.push(Date.now())
        const response = await fetcher.fetch(`${origin}/${input}`)
        return { ok: true, value: response.status }
      }
    }
    const worker = startWorker(jobs, { processor, resultField: 'thing', concurrency: 1, perHostConcurrency: 1, callbackFetcher: { fetch: async () => { throw new Error('none') } } })
    closing.push(async () => { await worker.close() })
    const job = await jobs.create({ owner: 'o', inputs: ['a', 'b', 'c', 'd', 'e', 'f'], callbackUrl: null, windowId: 'w', quotaKey: null })
    const done = await until(async () => await jobs.get(job.id, 'o'), (record) => record?.status === 'completed', 20_000)
    // the refused item again, then the four others: none before the 2 s asked
    const later = starts.filter((at) => at > toldAt)
    expect(later).toHaveLength(5)
    expect(Math.min(...later) - toldAt).toBeGreaterThanOrEqual(1900)
    expect(await metrics.exposition()).toMatch(/^job_host_pauses_total\{status="429",service="test"\} 1$/m)
    // the refusal was not delivered (nor charged): every item has its page
    const results = await jobs.results(done as JobRecord, 0, 10)
    expect(results.results.map((line) => line.thing)).toEqual([200, 200, 200, 200, 200, 200])
    expect(jobs.status(done as JobRecord)).toMatchObject({ done: 6, failed: 0, charged: 6 })
  })

  it('works an item again after its site\'s pause when its work threw because of the refusal, rather than delivering our own error', async () => {
    const metrics = new Metrics('test')
    const jobs = engine({ error: () => {}, warn: () => {} }, metrics, { chunkSize: 1 })
    let requests = 0
    const { port, fetcher } = await fixtureSite(['strict.test'], (_request, response) => {
      // the first request is told to come back in 1 s
      if (++requests === 1) response.writeHead(429, { 'retry-after': '1' }).end('slow down')
      else response.writeHead(200).end('ok')
    })
    // a processor that does not survive a refusal: a 429, or a request its site's pause refused, throws
    const processor: ItemProcessor = {
      hostOf: () => 'strict.test',
      run: async (input) => {
        const response = await fetcher.fetch(`http://strict.test:${port}/${input}`)
        if (response.status === 429) throw new Error('told to wait')
        return { ok: true, value: response.status }
      }
    }
    const worker = startWorker(jobs, { processor, resultField: 'thing', concurrency: 2, perHostConcurrency: 2, callbackFetcher: { fetch: async () => { throw new Error('none') } } })
    closing.push(async () => { await worker.close() })
    const job = await jobs.create({ owner: 'o', inputs: ['a', 'b', 'c'], callbackUrl: null, windowId: 'w', quotaKey: null })
    const done = await until(async () => await jobs.get(job.id, 'o'), (record) => record?.status === 'completed', 20_000)
    const results = await jobs.results(done as JobRecord, 0, 10)
    expect(results.results.map((line) => line.thing)).toEqual([200, 200, 200])
    expect(jobs.status(done as JobRecord)).toMatchObject({ done: 3, failed: 0, charged: 3 })
    expect(await metrics.exposition()).not.toMatch(/reason="exception"/)
  })

  it('sends a host that asked for time no request from any item: other sites\' files on it are not read, and they are not held back', async () => {
    const jobs = engine({ error: () => {}, warn: () => {} }, new Metrics('test'))
    const cdnRequests: number[] = []
    const sites = ['a', 'b', 'c', 'd', 'e', 'f']
    const { port, fetcher } = await fixtureSite([...sites.map((site) => `${site}.test`), 'cdn.test'], (request, response) => {
      if (request.headers.host?.startsWith('cdn.test:') === true) {
        cdnRequests.push(Date.now())
        response.writeHead(429, { 'retry-after': '30' }).end('slow down')
      } else {
        response.writeHead(200).end('ok')
      }
    })
    // each site's page, then its logo on a CDN they all share
    const processor: ItemProcessor = {
      hostOf: (input) => `${input}.test`,
      run: async (input) => {
        const page = (await fetcher.fetch(`http://${input}.test:${port}/`)).status
        const logo = await fetcher.fetch(`http://cdn.test:${port}/${input}.png`).then((response) => response.status, (error: { code: string }) => error.code)
        return { ok: true, value: { page, logo } }
      }
    }
    const worker = startWorker(jobs, { processor, resultField: 'thing', concurrency: 1, perHostConcurrency: 1, callbackFetcher: { fetch: async () => { throw new Error('none') } } })
    closing.push(async () => { await worker.close() })
    const job = await jobs.create({ owner: 'o', inputs: sites, callbackUrl: null, windowId: 'w', quotaKey: null })
    // well within the 30 s the CDN asked for: the sites themselves are not paused
    const done = await until(async () => await jobs.get(job.id, 'o'), (record) => record?.status === 'completed', 20_000)
    expect(cdnRequests).toHaveLength(1)
    const results = (await jobs.results(done as JobRecord, 0, 10)).results.map((line) => line.thing)
    expect(results).toEqual([{ page: 200, logo: 429 }, ...sites.slice(1).map(() => ({ page: 200, logo: 'FETCH_ERR_RATE_LIMITED' }))])
  })

  it('works an item again after the pause of the site its page redirects to, rather than delivering (and charging) the refusal', async () => {
    const jobs = engine({ error: () => {}, warn: () => {} }, new Metrics('test'), { chunkSize: 1 })
    let canonicalRequests = 0
    const { port, fetcher } = await fixtureSite(['canonical.test', 'alias.test'], (request, response) => {
      // the canonical site asks for 2 s at its first request; the alias redirects there
      if (request.headers.host?.startsWith('alias.test:') === true) response.writeHead(301, { location: '/' }).end()
      else if (++canonicalRequests === 1) response.writeHead(429, { 'retry-after': '2' }).end('slow down')
      else response.writeHead(200).end('ok')
    })
    // a service's steps: the alias's document is the canonical site's page; refused by its pause, the item says so
    const processor = itemProcessor({
      hostOf: (input) => `${input}.test`,
      run: async (input) => {
        if (input === 'alias') await fetcher.fetch(`http://alias.test:${port}/`, { followRedirects: false })
        const page = await fetcher.fetch(`http://canonical.test:${port}/`).catch((error: { code?: string }) => {
          if (error.code === 'FETCH_ERR_RATE_LIMITED') throw new HostAskedForTimeError()
          throw error
        })
        return page.status
      }
    })
    const worker = startWorker(jobs, { processor, resultField: 'thing', concurrency: 1, perHostConcurrency: 1, callbackFetcher: { fetch: async () => { throw new Error('none') } } })
    closing.push(async () => { await worker.close() })
    const job = await jobs.create({ owner: 'o', inputs: ['canonical', 'alias'], callbackUrl: null, windowId: 'w', quotaKey: null })
    const done = await until(async () => await jobs.get(job.id, 'o'), (record) => record?.status === 'completed', 20_000)
    const results = await jobs.results(done as JobRecord, 0, 10)
    expect(results.results.map((line) => [line.input, line.ok, line.thing])).toEqual([['canonical', true, 200], ['alias', true, 200]])
    expect(jobs.status(done as JobRecord)).toMatchObject({ done: 2, failed: 0, charged: 2 })
  })

  it('holds an item back for its www twin\'s pause, set by another item, rather than trying it again at once', async () => {
    const jobs = engine({ error: () => {}, warn: () => {} }, new Metrics('test'), { chunkSize: 1 })
    let twinRequests = 0
    const { port, fetcher } = await fixtureSite(['www.shop.test'], (_request, response) => {
      // the twin asks for 2 s at its first request
      if (++twinRequests === 1) response.writeHead(429, { 'retry-after': '2' }).end('slow down')
      else response.writeHead(200).end('ok')
    })
    // both inputs name the shop; its pages are on the www twin
    const processor: ItemProcessor = {
      hostOf: (input) => input,
      run: async () => ({ ok: true, value: await fetcher.fetch(`http://www.shop.test:${port}/`).then((r) => r.status, (error: { code: string }) => error.code) })
    }
    const worker = startWorker(jobs, { processor, resultField: 'thing', concurrency: 1, perHostConcurrency: 1, callbackFetcher: { fetch: async () => { throw new Error('none') } } })
    closing.push(async () => { await worker.close() })
    const job = await jobs.create({ owner: 'o', inputs: ['www.shop.test', 'shop.test'], callbackUrl: null, windowId: 'w', quotaKey: null })
    const done = await until(async () => await jobs.get(job.id, 'o'), (record) => record?.status === 'completed', 20_000)
    const results = await jobs.results(done as JobRecord, 0, 10)
    expect(results.results.map((line) => [line.input, line.thing])).toEqual([['www.shop.test', 200], ['shop.test', 200]])
  })

  it('works the other sites of a job while one site\'s pause lasts, without asking Redis in a loop for the paused one', async () => {
    const jobs = testEngine({ chunkSize: 1 })
    closing.push(async () => {
      await Promise.all([jobs.items.obliterate({ force: true }), jobs.callbacks.obliterate({ force: true })])
      await jobs.close()
    })
    const { port, fetcher } = await fixtureSite(['paused.test', 'open.test'], (request, response) => {
      // the paused site asks for ten minutes at its first request
      if (request.headers.host?.startsWith('paused.test:') === true) response.writeHead(429, { 'retry-after': '600' }).end('slow down')
      else response.writeHead(200).end('ok')
    })
    const processor: ItemProcessor = {
      hostOf: (input) => input.split('/')[0],
      run: async (input) => ({ ok: true, value: (await fetcher.fetch(`http://${input.split('/')[0]}:${port}/`)).status })
    }
    let asked = 0
    const next = jobs.scheduler.next.bind(jobs.scheduler)
    jobs.scheduler.next = async (...args) => { asked++; return await next(...args) }
    const worker = startWorker(jobs, { processor, resultField: 'thing', concurrency: 4, perHostConcurrency: 2, callbackFetcher: { fetch: async () => { throw new Error('none') } } })
    closing.push(async () => { await worker.close() })
    const inputs = [...Array.from({ length: 10 }, (_, i) => `paused.test/${i}`), ...Array.from({ length: 10 }, (_, i) => `open.test/${i}`)]
    const job = await jobs.create({ owner: 'o', inputs, callbackUrl: null, windowId: 'w', quotaKey: null })
    const record = await until(async () => await jobs.get(job.id, 'o'), (found) => (found?.done ?? 0) >= 10, 10_000)
    expect(record?.done).toBe(10)
    const since = asked
    await new Promise((resolve) => setTimeout(resolve, 2000))
    // the paused site's chunks wait in their set (each of the 4 slots asks again every 1-2 s): no spin on Redis
    expect(asked - since).toBeLessThan(60)
  })

  it('works the free hosts of a job over 256 inputs while one host\'s pause lasts: chunks of several hosts do not wait whole for it', async () => {
    const metrics = new Metrics('test')
    // chunks sized as in production: 300 inputs make chunks of 2, so most chunks mix the paused host with a free one
    const jobs = engine({ error: () => {}, warn: () => {} }, metrics, { chunkSize: null })
    const pausedRequests: number[] = []
    const { port, fetcher } = await fixtureSite(['paused.test'], (_request, response) => {
      // its first request is told to come back in 8 s; every later one is answered
      pausedRequests.push(Date.now())
      if (pausedRequests.length === 1) response.writeHead(429, { 'retry-after': '8' }).end('slow down')
      else response.writeHead(200).end('ok')
    })
    // every third input is on the paused host; the others are on hosts of their own and need no request
    const inputs = Array.from({ length: 300 }, (_, i) => i % 3 === 0 ? `paused.test/${i}` : `free${i}.test/${i}`)
    const runs = new Map<string, number>()
    const processor: ItemProcessor = {
      hostOf: (input) => input.split('/')[0],
      run: async (input) => {
        runs.set(input, (runs.get(input) ?? 0) + 1)
        if (!input.startsWith('paused.test/')) return { ok: true, value: 'free' }
        return { ok: true, value: (await fetcher.fetch(`http://paused.test:${port}/${input}`)).status }
      }
    }
    const worker = startWorker(jobs, { processor, resultField: 'thing', concurrency: 16, perHostConcurrency: 4, callbackFetcher: { fetch: async () => { throw new Error('none') } } })
    closing.push(async () => { await worker.close() })
    const job = await jobs.create({ owner: 'o', inputs, callbackUrl: null, windowId: 'w', quotaKey: null })
    // the 200 free items are all written while the paused host's 8 s last (before, 58 were after 7 s)
    const redis = new Redis(REDIS_URL as string)
    closing.push(async () => { redis.disconnect() })
    const chunks = (await jobs.get(job.id, 'o'))!.chunks
    const freeWritten = async (): Promise<number> => {
      let count = 0
      for (let chunk = 0; chunk < chunks; chunk++) for (const index of await jobs.store.writtenItems(job.id, chunk)) if (index % 3 !== 0) count++
      return count
    }
    expect(await until(freeWritten, (count) => count === 200, 20_000)).toBe(200)
    expect(await redis.pttl(jobs.keys.hostPause('paused.test'))).toBeGreaterThan(0)
    // nor was the paused host asked anything meanwhile (but by the items already running when it answered the 429)
    expect(pausedRequests.filter((at) => at - pausedRequests[0] > 500)).toEqual([])
    const done = await until(async () => await jobs.get(job.id, 'o'), (record) => record?.status === 'completed', 30_000)
    expect(jobs.status(done as JobRecord)).toMatchObject({ done: 300, failed: 0, charged: 300 })
    const results = (await jobs.results(done as JobRecord, 0, 300)).results
    expect(results.map((line) => line.index)).toEqual(inputs.map((_, i) => i))
    expect(results.map((line) => line.thing)).toEqual(inputs.map((input) => input.startsWith('paused.test/') ? 200 : 'free'))
    // each free item ran once; the paused host's refused items once more after the pause
    expect([...runs].filter(([input, count]) => count !== 1 && !input.startsWith('paused.test/'))).toEqual([])
    expect(Math.max(...runs.values())).toBe(2)
  }, 60_000)

  // A chunk waiting for a busy host comes back again and again: each pass must cost Redis one look per host, not one
  // per item of it (a chunk of 20 items of one busy host read the job's status 19 times a pass)
  it('asks Redis nothing for the other items of a host it already found busy, on each pass of a waiting chunk', async () => {
    const jobs = engine({ error: () => {}, warn: () => {} }, new Metrics('test'), { chunkSize: 20 })
    const redis = new Redis(REDIS_URL as string)
    closing.push(async () => { redis.disconnect() })
    // busy.test has its four items running elsewhere, for as long as the test lasts
    for (const other of ['w1', 'w2', 'w3', 'w4']) await redis.zadd(jobs.keys.host('busy.test'), Date.now() + 600_000, other)
    closing.push(async () => { await redis.del(jobs.keys.host('busy.test')) })
    const looks = { status: 0, parks: 0 }
    const status = jobs.store.status.bind(jobs.store)
    jobs.store.status = async (id) => { looks.status++; return await status(id) }
    const park = jobs.scheduler.park.bind(jobs.scheduler)
    jobs.scheduler.park = async (...args) => { looks.parks++; return await park(...args) }
    const processor: ItemProcessor = { hostOf: (input) => input.split('/')[0], run: async (input) => ({ ok: true, value: input }) }
    const worker = startWorker(jobs, { processor, resultField: 'thing', concurrency: 1, perHostConcurrency: 4, callbackFetcher: { fetch: async () => { throw new Error('none') } } })
    closing.push(async () => { await worker.close() })
    const inputs = ['free.test/0', ...Array.from({ length: 19 }, (_, i) => `busy.test/${i + 1}`)]
    const job = await jobs.create({ owner: 'o', inputs, callbackUrl: null, windowId: 'w', quotaKey: null })
    await until(async () => looks.parks, (parks) => parks >= 3)
    expect(await jobs.get(job.id, 'o')).toMatchObject({ done: 1 })
    // the first pass reads the status once before the busy host's first item; every later pass, none at all
    expect(looks.status).toBeLessThanOrEqual(looks.parks + 1)
  })

  // A rollout stops a worker mid-chunk: it must not go on starting the chunk's items one after the other until it is
  // killed at its lock (cutting an item another worker then fetches again), but finish the item in flight and hand the
  // chunk back at once, for another worker to go on with
  it('starts no new item of its chunk once closing: the item in flight is written, the rest is worked by the next worker', async () => {
    const jobs = engine({ error: () => {}, warn: () => {} }, new Metrics('test'), { chunkSize: 5 })
    const runs: string[] = []
    let free: () => void = () => {}
    const processor: ItemProcessor = {
      hostOf: () => null,
      run: async (input) => {
        runs.push(input)
        // the first item waits until the test lets it go: the worker is closed while it runs
        if (runs.length === 1) await new Promise<void>((resolve) => { free = resolve })
        return { ok: true, value: input }
      }
    }
    const options = { processor, resultField: 'thing', concurrency: 1, perHostConcurrency: 1, callbackFetcher: { fetch: async () => { throw new Error('none') } } }
    const first = startWorker(jobs, options)
    const job = await jobs.create({ owner: 'o', inputs: ['a', 'b', 'c', 'd', 'e'], callbackUrl: null, windowId: 'w', quotaKey: null })
    await until(async () => runs.length, (count) => count === 1)
    const closed = first.close()
    await new Promise((resolve) => setTimeout(resolve, 100))
    free()
    await closed
    expect(runs).toEqual(['a'])
    expect(await jobs.get(job.id, 'o')).toMatchObject({ done: 1 })
    const second = startWorker(jobs, options)
    closing.push(async () => { await second.close() })
    const done = await until(async () => await jobs.get(job.id, 'o'), (record) => record?.status === 'completed')
    expect(runs).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(done).toMatchObject({ done: 5, failed: 0 })
    expect((await jobs.results(done as JobRecord, 0, 10)).results.map((line) => line.thing)).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('delivers the answer of an item whose host still refuses after two more attempts', async () => {
    const jobs = engine({ error: () => {}, warn: () => {} }, new Metrics('test'))
    const requests: number[] = []
    const { port, fetcher } = await fixtureSite(['www.closed.test'], (_request, response) => { requests.push(Date.now()); response.writeHead(429, { 'retry-after': '1' }).end('slow down') })
    const origin = `http://www.closed.test:${port}`
    // the input names the site; its page is on the www twin, as after a redirect
    const processor: ItemProcessor = {
      hostOf: () => 'closed.test',
      run: async () => ({ ok: true, value: (await fetcher.fetch(`${origin}/`)).status })
    }
    const worker = startWorker(jobs, { processor, resultField: 'thing', concurrency: 1, perHostConcurrency: 1, callbackFetcher: { fetch: async () => { throw new Error('none') } } })
    closing.push(async () => { await worker.close() })
    const job = await jobs.create({ owner: 'o', inputs: ['a'], callbackUrl: null, windowId: 'w', quotaKey: null })
    const done = await until(async () => await jobs.get(job.id, 'o'), (record) => record?.status === 'completed', 20_000)
    expect(requests).toHaveLength(3)
    // the www twin's 429 held back the input's host too: each attempt after the second it asked for
    expect(requests[1] - requests[0]).toBeGreaterThanOrEqual(900)
    expect(requests[2] - requests[1]).toBeGreaterThanOrEqual(900)
    expect((await jobs.results(done as JobRecord, 0, 10)).results.map((line) => line.thing)).toEqual([429])
  })
})
