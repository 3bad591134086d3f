import Fastify, { type FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { CallerGoneError, callerGoneSignal } from '../src/caller-gone.js'

const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }

let app: FastifyInstance | undefined
afterEach(async () => { await app?.close() })

/** A listening app whose one route hands its signal to `seen`, after `authMs` of checks, then answers after `workMs`. */
async function listening (seen: AbortSignal[], authMs: number, workMs: number): Promise<string> {
  app = Fastify()
  app.addHook('preHandler', async () => { await sleep(authMs) })
  app.get('/work', async (request, reply) => {
    const signal = callerGoneSignal(request, reply)
    seen.push(signal)
    await sleep(workMs)
    return { ok: true }
  })
  return await app.listen({ host: '127.0.0.1', port: 0 })
}

describe('callerGoneSignal', () => {
  it('aborts with a 499 when the caller closes its connection before the answer', async () => {
    const seen: AbortSignal[] = []
    const url = await listening(seen, 0, 1000)
    const gone = new AbortController()
    const call = fetch(`${url}/work`, { signal: gone.signal }).catch(() => null)
    while (seen.length === 0) await sleep(5)
    expect(seen[0].aborted).toBe(false)
    gone.abort()
    await call
    await sleep(100)
    expect(seen[0].aborted).toBe(true)
    expect(seen[0].reason).toBeInstanceOf(CallerGoneError)
    expect(seen[0].reason).toMatchObject({ statusCode: 499, code: 'client_closed_request' })
  })

  it('is aborted at once for a caller gone while its request was being checked', async () => {
    const seen: AbortSignal[] = []
    const url = await listening(seen, 300, 0)
    const gone = new AbortController()
    const call = fetch(`${url}/work`, { signal: gone.signal }).catch(() => null)
    await sleep(100)
    gone.abort()
    await call
    while (seen.length === 0) await sleep(5)
    expect(seen[0].aborted).toBe(true)
  })

  it('never aborts for an answer written in full', async () => {
    const seen: AbortSignal[] = []
    const url = await listening(seen, 0, 0)
    const response = await fetch(`${url}/work`)
    expect(await response.json()).toEqual({ ok: true })
    await sleep(50)
    expect(seen[0].aborted).toBe(false)
  })
})
