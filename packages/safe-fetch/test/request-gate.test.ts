import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSafeFetcher, withRequestGate, type RequestGate } from '../src/index.js'
import { startFixture, type Fixture } from './helpers/fixture-server.js'
import { siteHandler } from './helpers/site.js'

let site: Fixture
const fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'], hostMap: { 'site.test': '127.0.0.1' } })

/** A gate of `limit` places per host that records every request it let through and the most held at once. */
function countingGate (limit: number) {
  const held = new Map<string, number>()
  const record = { passed: [] as string[], peak: 0, waited: 0 }
  const waiters: Array<() => void> = []
  const gate: RequestGate = {
    acquire: async (host) => {
      while ((held.get(host) ?? 0) >= limit) {
        record.waited++
        await new Promise<void>((resolve) => waiters.push(resolve))
      }
      held.set(host, (held.get(host) ?? 0) + 1)
      record.peak = Math.max(record.peak, held.get(host) ?? 0)
      record.passed.push(host)
      return () => {
        held.set(host, (held.get(host) ?? 1) - 1)
        waiters.shift()?.()
      }
    }
  }
  return { gate, record, held }
}

beforeAll(async () => { site = await startFixture(siteHandler(() => '/')) })
afterAll(async () => {
  await fetcher.close()
  await site.close()
})

describe('request gate', () => {
  test('every request and redirect hop of work run under withRequestGate passes the gate, and frees it', async () => {
    const { gate, record, held } = countingGate(2)
    const url = `http://site.test:${site.port}`
    const answers = await withRequestGate(gate, async () => await Promise.all([
      fetcher.fetch(`${url}/hop/2`),
      fetcher.fetch(`${url}/delay`),
      fetcher.fetch(`${url}/delay`),
      fetcher.fetch(`${url}/`)
    ]))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200])
    // the two redirects of /hop/2 count as requests of their own
    expect(record.passed).toHaveLength(6)
    expect(record.peak).toBe(2)
    expect(record.waited).toBeGreaterThan(0)
    expect(held.get('site.test')).toBe(0)
  })

  test('a fetch outside the gate\'s work does not pass it; an explicit gate option does', async () => {
    const { gate, record } = countingGate(4)
    await fetcher.fetch(`http://site.test:${site.port}/`)
    expect(record.passed).toEqual([])
    await fetcher.fetch(`http://site.test:${site.port}/`, { gate })
    expect(record.passed).toEqual(['site.test'])
  })

  test('a request refused by the gate (aborted while waiting) fails as a fetch error and leaves no place taken', async () => {
    const refusing: RequestGate = { acquire: async (_host, signal) => await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))) }
    await expect(fetcher.fetch(`http://site.test:${site.port}/`, { gate: refusing, timeoutMs: 100 })).rejects.toMatchObject({ code: 'FETCH_ERR_TIMEOUT' })
    // the in-process place was given back: a fetch without the gate goes through at once
    expect((await fetcher.fetch(`http://site.test:${site.port}/`)).status).toBe(200)
  })

  test('the gate is told each answer\'s status and Retry-After, a redirect hop\'s too', async () => {
    const answers: Array<[string, number, string | undefined]> = []
    const { gate } = countingGate(4)
    const telling: RequestGate = { ...gate, answered: (host, status, retryAfter) => { answers.push([host, status, retryAfter]) } }
    await withRequestGate(telling, async () => {
      await fetcher.fetch(`http://site.test:${site.port}/hop/1`)
      await fetcher.fetch(`http://site.test:${site.port}/busy`)
    })
    expect(answers).toEqual([['site.test', 302, undefined], ['site.test', 200, undefined], ['site.test', 429, '7']])
  })
})
