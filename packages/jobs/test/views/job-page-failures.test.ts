// The status page's failures by code, against Redis: counted as the items are written, so a running job whose first
// item is still being worked shows the failures it has (its results read stops at that item), a job of more than
// 1,000 results counts the ones past the first 1,000, and a redelivered write or a flood of codes changes nothing
// it should not.
import { Type } from '@sinclair/typebox'
import { Redis } from 'ioredis'
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { JobEngine } from '../../src/engine.js'
import { MAX_FAILURE_CODES } from '../../src/scripts.js'
import type { ItemOutcome, ItemProcessor } from '../../src/types.js'
import { dropPrefix, REDIS_URL, testEngine } from '../helpers.js'
import { buildJobsApp, JOBS_PATH, testKey, testPrefix } from '../routes/jobs-app.js'

const key = testKey()
const headers = { 'x-api-key': key }
const prefixes: string[] = []
const closing: Array<{ close: () => Promise<unknown> }> = []

const failure = (code: string): ItemOutcome => ({ ok: false, error: { status: 403, detail: 'refused', code } })

/** A service whose inline worker runs `run` on chunks of `chunkSize`; up to 2,000 inputs a job. */
async function serviceWith (run: ItemProcessor['run'], chunkSize: number): Promise<FastifyInstance> {
  const prefix = testPrefix()
  prefixes.push(prefix)
  const { app } = await buildJobsApp(`${key}:10000`, {
    names: { stem: 'Thing', inputField: 'things', resultField: 'thing', maxInputs: 2000, input: Type.String({ minLength: 1 }), result: Type.Object({}) },
    processor: { hostOf: () => null, run },
    settings: { inlineWorker: true },
    engine: { prefix, chunkSize }
  })
  closing.push(app)
  return app
}

async function create (app: FastifyInstance, things: string[]): Promise<string> {
  const created = await app.inject({ method: 'POST', url: JOBS_PATH, headers, payload: { things } })
  expect(created.statusCode).toBe(202)
  return created.json().id
}

async function statusWhen (app: FastifyInstance, id: string, done: (status: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 8000
  for (;;) {
    const status = (await app.inject({ method: 'GET', url: `${JOBS_PATH}/${id}`, headers })).json()
    if (done(status)) return status
    if (Date.now() > deadline) throw new Error(`not there after 8 s: ${JSON.stringify(status)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The failures card's rows, `code count` each, and the card's text. */
async function failuresCard (app: FastifyInstance, id: string): Promise<{ rows: string[], text: string }> {
  const page = await app.inject({ method: 'GET', url: `${JOBS_PATH}/${id}`, headers: { ...headers, accept: 'text/html' } })
  expect(page.headers['content-type']).toMatch(/^text\/html/)
  const card = /<section class="card"><h2>Failures by code<\/h2>([\s\S]*?)<\/section>/.exec(page.body)?.[1] ?? ''
  const rows = [...card.matchAll(/<td class="code">([^<]*)<\/td><td class="count">(\d+)<\/td>/g)].map((row) => `${row[1]} ${row[2]}`)
  return { rows, text: card.replace(/<[^>]+>/g, ' ') }
}

afterEach(async () => {
  for (const item of closing.splice(0)) await item.close()
})

afterAll(async () => {
  for (const prefix of prefixes) await dropPrefix(prefix)
})

describe.skipIf(REDIS_URL === undefined)('the status page\'s failures by code (REDIS_URL)', () => {
  it('shows every failure of a running job whose first item is still being worked', async () => {
    let release = (): void => {}
    const held = new Promise<void>((resolve) => { release = resolve })
    const app = await serviceWith(async (input, signal) => {
      // held until released, or until the worker closes (the app closes before release when a check fails)
      if (input === 'hold') await Promise.race([held, new Promise((resolve) => signal.addEventListener('abort', resolve))])
      if (input.startsWith('refused')) return failure('target_not_allowed')
      if (input.startsWith('slow')) return failure('fetch_timeout')
      return { ok: true, value: {} }
    }, 1)
    const id = await create(app, ['hold', 'refused-1', 'refused-2', 'refused-3', 'slow-1', 'slow-2', 'fine'])
    await statusWhen(app, id, (status) => status.done === 6 && status.failed === 5)

    const card = await failuresCard(app, id)
    expect(card.rows).toEqual(['target_not_allowed 3', 'fetch_timeout 2'])
    expect(card.text).toContain('Every item that failed so far, by error code:')
    release()
    await statusWhen(app, id, (status) => status.status === 'completed')
    expect((await failuresCard(app, id)).rows).toEqual(['target_not_allowed 3', 'fetch_timeout 2'])
  })

  it('counts the failures past the first 1,000 results of a finished job', async () => {
    // the 100 items past the first 1,000 fail with a code none of the first 1,000 has
    const app = await serviceWith(async (input) => {
      const index = Number(input.slice('item-'.length))
      if (index >= 1000) return failure('fetch_timeout')
      return index % 2 === 1 ? failure('target_not_allowed') : { ok: true, value: {} }
    }, 20)
    const id = await create(app, Array.from({ length: 1100 }, (_, index) => `item-${index}`))
    const status = await statusWhen(app, id, (status) => status.status === 'completed')
    expect(status).toMatchObject({ done: 1100, failed: 600 })

    const card = await failuresCard(app, id)
    expect(card.rows).toEqual(['target_not_allowed 500', 'fetch_timeout 100'])
    expect(card.text).toContain('Every item that failed, by error code:')
  }, 15_000)

  it('counts a redelivered write once, new codes past the cap under `other`, and keeps the counts as long as the job', async () => {
    const jobs: JobEngine = testEngine({ chunkSize: 30 })
    closing.push(jobs)
    prefixes.push(jobs.keys.prefix)
    const codes = Array.from({ length: MAX_FAILURE_CODES + 5 }, (_, n) => `code_${String(n).padStart(2, '0')}`)
    const job = await jobs.create({ owner: 'o', inputs: [...codes, 'again'], callbackUrl: null, windowId: 'w', quotaKey: null })
    const line = (index: number, code: string) => ({ index, input: code, ok: false, error: { status: 403, detail: 'refused', code } })
    for (const [index, code] of codes.entries()) await jobs.store.writeItem(job.id, 0, line(index, code), new Date())
    expect(await jobs.store.writeItem(job.id, 0, line(0, 'code_00'), new Date())).toBe('duplicate')
    expect(await jobs.store.writeItem(job.id, 0, line(codes.length, 'code_00'), new Date())).toBe('completed')

    const counts = await jobs.store.failuresByCode(job.id)
    expect(Object.keys(counts)).toHaveLength(MAX_FAILURE_CODES + 1)
    expect(counts).toMatchObject({ code_00: 2, code_01: 1, [`code_${MAX_FAILURE_CODES - 1}`]: 1, other: 5 })
    const redis = new Redis(REDIS_URL as string)
    try {
      const jobKey = jobs.keys.job(job.id)
      const [recordTtl, countsTtl] = await Promise.all([redis.ttl(jobKey), redis.ttl(`${jobKey}:failures`)])
      expect(countsTtl).toBeGreaterThan(0)
      expect(Math.abs(countsTtl - recordTtl)).toBeLessThanOrEqual(1)
    } finally {
      redis.disconnect()
    }
  })
})
