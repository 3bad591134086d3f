import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobEngine } from '../../src/engine.js'
import { dropPrefix, REDIS_URL } from '../helpers.js'
import { buildJobsApp, JOBS_PATH, testKey, testPrefix } from './jobs-app.js'

let app: FastifyInstance
let engine: () => JobEngine | null
// `small` has 5 units this month; `roomy` 100
const small = testKey()
const roomy = testKey()
const prefix = testPrefix()

async function create (key: string, things: string[], idempotencyKey?: string) {
  const headers: Record<string, string> = { 'x-api-key': key, ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }) }
  return await app.inject({ method: 'POST', url: JOBS_PATH, headers, payload: { things } })
}
async function used (key: string): Promise<number> {
  return (await app.inject({ method: 'GET', url: '/v1/usage', headers: { 'x-api-key': key } })).json().used
}

describe.skipIf(REDIS_URL === undefined)('creating a job under an Idempotency-Key (REDIS_URL)', () => {
  beforeAll(async () => {
    ({ app, engine } = await buildJobsApp(`${small}:5,${roomy}:100`, { engine: { prefix } }))
  })
  afterAll(async () => {
    await app?.close()
    if (REDIS_URL !== undefined) await dropPrefix(prefix)
  })

  it('answers a retried creation its job at no cost when the key\'s quota no longer fits the job', async () => {
    expect((await create(small, ['a', 'b', 'c'])).statusCode).toBe(202)
    const first = await create(small, ['d', 'e'], 'order-1')
    expect(first.statusCode).toBe(202)
    expect(await used(small)).toBe(5)

    // the same request again, as a client retrying after a timeout sends it: the key is spent by this very job
    const again = await create(small, ['d', 'e'], 'order-1')
    expect(again.statusCode).toBe(202)
    expect(again.json()).toEqual(first.json())
    expect(again.headers.location).toBe(`${JOBS_PATH}/${first.json().id as string}`)
    expect(again.headers['x-ratelimit-remaining']).toBe('0')
    expect(await used(small)).toBe(5)
  })

  it('refuses another body under that key with the 422 idempotency_key_reused, on the spent key too', async () => {
    const reused = await create(small, ['d', 'e', 'f'], 'order-1')
    expect(reused.statusCode).toBe(422)
    expect(reused.json().detail).toEqual([expect.objectContaining({ type: 'idempotency_key_reused', loc: ['header', 'idempotency-key'] })])
    expect(await used(small)).toBe(5)
  })

  it('still refuses a new key\'s job that does not fit with the 429 (only a replay is answered before the quota)', async () => {
    const refused = await create(small, ['g'], 'order-2')
    expect(refused.statusCode).toBe(429)
    expect(await used(small)).toBe(5)
  })

  it('answers two first attempts at once with one job, charged once', async () => {
    const before = await used(roomy)
    const [one, two] = await Promise.all([create(roomy, ['h', 'i', 'j'], 'order-3'), create(roomy, ['h', 'i', 'j'], 'order-3')])
    expect([one.statusCode, two.statusCode]).toEqual([202, 202])
    expect(two.json().id).toBe(one.json().id)
    expect(await used(roomy)).toBe(before + 3)
  })

  it('charges the retry that makes the job of a first attempt that never committed (that attempt was refunded)', async () => {
    const jobs = engine() as JobEngine
    const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')
    const things = ['k', 'l']
    const id = `job_${randomBytes(12).toString('hex')}`
    // what a first attempt whose Redis went away before its commit leaves: the key's claim and a record not committed
    // (a job's owner is its API key's id: the key's SHA-256)
    const owner = sha256(roomy)
    await jobs.store.claimIdempotencyKey(owner, sha256('order-4'), id, sha256(JSON.stringify({ things })))
    await jobs.store.create({ id, owner, total: 2, chunkSize: 1, callbackUrl: null, windowId: 'w', quotaKey: owner }, () => new Date(), 'first')
    expect((await app.inject({ method: 'GET', url: `${JOBS_PATH}/${id}`, headers: { 'x-api-key': roomy } })).statusCode).toBe(404)

    const before = await used(roomy)
    const retry = await create(roomy, things, 'order-4')
    expect(retry.statusCode).toBe(202)
    expect(retry.json()).toMatchObject({ id, status: 'queued', total: 2 })
    // before, the replay answered that job free: a job nobody paid for
    expect(await used(roomy)).toBe(before + 2)
    expect((await app.inject({ method: 'GET', url: `${JOBS_PATH}/${id}`, headers: { 'x-api-key': roomy } })).json()).toMatchObject({ status: 'queued' })
    // a replay now is of a job paid for: free
    expect((await create(roomy, things, 'order-4')).json()).toEqual(retry.json())
    expect(await used(roomy)).toBe(before + 2)
  })
})
