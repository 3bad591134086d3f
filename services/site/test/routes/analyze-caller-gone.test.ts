// A caller that closes its connection before its answer: its site is not fetched for no one, and the call is not
// charged (it is answered 499, client closed request). Real listener, real client abort.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { harness, KEY, type Harness } from '../fixtures/analyze.js'
import { html, text, words } from '../fixtures/html.js'
import type { FixtureResponse } from '../fixtures/fixture-server.js'

// every fixture answer waits this long: the caller leaves while the first requests are still out
const DELAY_MS = 800
const SITES = ['analyze.test', 'robots.test', 'simulate.test']
const page = (title: string): FixtureResponse => html(`<html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>` +
  `<p>${words(160)}</p><a href="/p1">One</a><a href="/p2">Two</a></main></body></html>`)

let h: Harness
let url: string
beforeAll(async () => {
  h = await harness(SITES, () => Object.fromEntries(SITES.map((host) => [host, {
    '/': page(host), '/p1': page('One'), '/p2': page('Two'), '/robots.txt': text('User-agent: *\nAllow: /\n')
  }])), { delayMs: DELAY_MS })
  url = await h.app.listen({ host: '127.0.0.1', port: 0 })
})
afterAll(async () => { await h.close() })

const sleep = async (ms: number): Promise<void> => { await new Promise((resolve) => setTimeout(resolve, ms)) }
const used = async (): Promise<number> => (await h.app.inject({ method: 'GET', url: '/v1/usage', headers: KEY })).json().used

/** Posts `body` to `path` and closes the connection once `host` has seen its first request; the requests `host` saw by then. */
async function leaveEarly (path: string, host: string, body: object): Promise<number> {
  const asked = (): number => h.server.requests.filter((request) => request.host === host).length
  const gone = new AbortController()
  const call = fetch(`${url}${path}`, { method: 'POST', headers: { ...KEY, 'content-type': 'application/json' }, body: JSON.stringify(body), signal: gone.signal })
  for (let i = 0; i < 300 && asked() === 0; i++) await sleep(10)
  expect(asked()).toBeGreaterThan(0)
  const before = asked()
  gone.abort()
  await call.catch(() => {})
  return before
}

describe('a caller that leaves before its answer', () => {
  it('stops the analysis: the site is asked nothing more, and nothing is charged', async () => {
    const usedBefore = await used()
    const host = 'analyze.test'
    const before = await leaveEarly('/v1/site-intel/analyze', host, { url: h.server.origin(host), time_budget_seconds: 20 })
    // past the homepage's answer, an analysis goes on to its probes, sitemaps and sampled pages
    await sleep(DELAY_MS * 3)
    expect(h.server.requests.filter((request) => request.host === host).length).toBe(before)
    expect(await used()).toBe(usedBefore)
  })

  it('stops a robots.txt test and a simulation, uncharged', async () => {
    const usedBefore = await used()
    await leaveEarly('/v1/site-intel/robots/test', 'robots.test', { url: `${h.server.origin('robots.test')}/p1` })
    const host = 'simulate.test'
    const before = await leaveEarly('/v1/site-intel/robots/simulate', host, { url: h.server.origin(host), proposed_robots_txt: 'User-agent: *\nDisallow: /\n' })
    await sleep(DELAY_MS * 3)
    expect(h.server.requests.filter((request) => request.host === host).length).toBe(before)
    expect(await used()).toBe(usedBefore)
  })
})
