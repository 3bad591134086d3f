// A robots.txt behind redirects, as the routes answer it. RFC 9309 2.3.1.2: follow at least five redirects, then
// the file may be read as unavailable; Google reads it as a 404 past five hops. So a loop or a sixth hop means "crawl
// anything", while no answer (refused, 5xx) still means "crawl nothing" (RFC 9309 2.3.1.4).
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROBOTS_MAX_REDIRECTS } from '../../../src/domain/robots/robots-policy.js'
import { harness, KEY, type Harness } from '../../fixtures/analyze.js'
import type { FixtureRoute } from '../../fixtures/fixture-server.js'
import { html, redirect, text } from '../../fixtures/html.js'

const LOOP = 'loop.test'
const FIVE = 'five-hops.test'
const SIX = 'six-hops.test'
const TWELVE = 'twelve-hops.test'
const DOWN = 'down.test'
const REFUSED = 'refused.test'
const NO_LOCATION = 'no-location.test'
const NOT_MODIFIED = 'not-modified.test'
const ROBOTS = 'User-agent: *\nDisallow: /private/\n'
const HOME = html('<html><head><title>Home</title></head><body><a href="/private/a">A</a> <a href="/b">B</a></body></html>')

/** /robots.txt -> /hop1 -> ... -> /hop{n}, which serves ROBOTS: n redirects. */
function hops (n: number): Record<string, FixtureRoute> {
  const routes: Record<string, FixtureRoute> = { '/': HOME, [`/hop${n}`]: text(ROBOTS) }
  for (let i = 0; i < n; i++) routes[i === 0 ? '/robots.txt' : `/hop${i}`] = redirect(301, `/hop${i + 1}`)
  return routes
}

let h: Harness
let closedPort: number
beforeAll(async () => {
  h = await harness([LOOP, FIVE, SIX, TWELVE, DOWN, REFUSED, NO_LOCATION, NOT_MODIFIED], () => ({
    [LOOP]: { '/': HOME, '/robots.txt': redirect(301, '/x'), '/x': redirect(302, '/robots.txt') },
    [FIVE]: hops(5),
    [SIX]: hops(6),
    [TWELVE]: hops(12),
    [DOWN]: { '/': HOME, '/robots.txt': text('Service Unavailable', 'text/plain', 503) },
    // a redirect with nothing to follow, its body a robots.txt that must not be read
    [NO_LOCATION]: { '/': HOME, '/robots.txt': text('User-agent: *\nDisallow: /', 'text/plain', 300) },
    [NOT_MODIFIED]: { '/': HOME, '/robots.txt': text('', 'text/plain', 304) }
  }))
  // a port nobody listens on: the connection is refused
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedPort = (probe.address() as AddressInfo).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
})
afterAll(async () => { await h.close() })

const post = async (path: string, payload: object): Promise<any> => {
  const res = await h.app.inject({ method: 'POST', url: `/v1/site-intel/robots/${path}`, headers: KEY, payload })
  expect(res.statusCode).toBe(200)
  return res.json()
}
const testUrl = async (url: string): Promise<any> => await post('test', { url, user_agents: ['Googlebot', 'GPTBot'] })
const LIMIT_NOTE = new RegExp(`^robots\\.txt not reached within ${ROBOTS_MAX_REDIRECTS} redirects \\(.+\\), so unavailable`)

describe('a robots.txt behind redirects (RFC 9309 2.3.1.2)', () => {
  it('follows at least five redirects', () => {
    expect(ROBOTS_MAX_REDIRECTS).toBeGreaterThanOrEqual(5)
  })

  it('reads a robots.txt behind a redirect loop as unavailable: everything allowed, the redirect limit named', async () => {
    const body = await testUrl(`${h.server.origin(LOOP)}/private/x`)
    expect(body.robots_txt).toMatchObject({ source: 'fetched', status: null, outcome: 'unavailable', error: expect.stringMatching(LIMIT_NOTE) })
    expect(body.robots_txt.error).toContain('the redirects form a loop')
    for (const result of body.results) {
      expect(result).toMatchObject({ allowed: true, matched_rule: null, reason: expect.stringMatching(LIMIT_NOTE) })
      expect(result.reason).toMatch(/crawlers may fetch anything$/)
    }
  })

  it('reads a robots.txt six redirects away as unavailable, though the sixth hop answers 200', async () => {
    const body = await testUrl(`${h.server.origin(SIX)}/private/x`)
    expect(body.robots_txt).toMatchObject({ status: 200, outcome: 'unavailable', error: expect.stringMatching(LIMIT_NOTE) })
    expect(body.robots_txt.error).toContain('(6 redirects)')
    expect(body.results.map((r: any) => r.allowed)).toEqual([true, true])
  })

  it('reads a robots.txt past the fetcher\'s own redirect limit as unavailable', async () => {
    const body = await testUrl(`${h.server.origin(TWELVE)}/private/x`)
    expect(body.robots_txt).toMatchObject({ status: null, outcome: 'unavailable', error: expect.stringMatching(LIMIT_NOTE) })
    expect(body.results.map((r: any) => r.allowed)).toEqual([true, true])
  })

  it('reads a robots.txt five redirects away as it is', async () => {
    const body = await testUrl(`${h.server.origin(FIVE)}/private/x`)
    expect(body.robots_txt).toMatchObject({ status: 200, outcome: 'parsed', error: null })
    expect(body.results[0]).toMatchObject({ allowed: false, matched_rule: { line: 2, text: 'Disallow: /private/' } })
  })

  it('still reads a 503 or a refused connection as unreachable: everything disallowed', async () => {
    const down = await testUrl(`${h.server.origin(DOWN)}/b`)
    expect(down.robots_txt).toMatchObject({ status: 503, outcome: 'unreachable', error: null })
    expect(down.results[0]).toMatchObject({ allowed: false, reason: expect.stringMatching(/unreachable/) })
    const refused = await testUrl(`http://${REFUSED}:${closedPort}/b`)
    expect(refused.robots_txt).toMatchObject({ status: null, outcome: 'unreachable', error: 'Could not connect to the server' })
    expect(refused.results.map((r: any) => r.allowed)).toEqual([false, false])
  })

  it('reads a 3xx with nothing to follow (a 300 without Location, a 304) as no file: unavailable, not unreachable', async () => {
    for (const [host, status] of [[NO_LOCATION, 300], [NOT_MODIFIED, 304]] as const) {
      const body = await testUrl(`${h.server.origin(host)}/private/x`)
      const note = `robots.txt answered HTTP ${status} with no redirect to follow`
      expect(body.robots_txt, host).toMatchObject({ status, outcome: 'unavailable', error: expect.stringContaining(note) })
      for (const result of body.results) expect(result, host).toMatchObject({ allowed: true, reason: expect.stringContaining(note) })
      const r = (await h.analyze(h.server.origin(host), { max_pages: 0 })).body
      expect(r.gaps.map((g: any) => g.code), host).not.toContain('robots_txt_unreachable')
      expect(r.score_breakdown.find((c: any) => c.id === 'crawl_policy.robots_txt'), host).toMatchObject({ detail: expect.stringContaining(note) })
    }
  })

  it('simulates a change against a looping robots.txt as against none: everything is allowed now', async () => {
    const loop = await post('simulate', { url: h.server.origin(LOOP), proposed_robots_txt: ROBOTS, user_agents: ['Googlebot'] })
    expect(loop.current_robots_txt).toMatchObject({ status: null, outcome: 'unavailable', error: expect.stringMatching(LIMIT_NOTE) })
    expect(loop.results[0]).toMatchObject({ opened: { total: 0 }, closed: { total: 1 } })
    const six = await post('simulate', { url: h.server.origin(SIX), proposed_robots_txt: ROBOTS, user_agents: ['Googlebot'] })
    expect(six.current_robots_txt).toMatchObject({ status: 200, outcome: 'unavailable' })
    const down = await post('simulate', { url: h.server.origin(DOWN), proposed_robots_txt: ROBOTS, user_agents: ['Googlebot'] })
    expect(down.current_robots_txt).toMatchObject({ status: 503, outcome: 'unreachable' })
    expect(down.results[0]).toMatchObject({ opened: { total: 2 }, closed: { total: 0 } })
  })

  it('analyzes a site whose robots.txt loops as one that has none, for every crawler', async () => {
    const r = (await h.analyze(h.server.origin(LOOP), { max_pages: 0 })).body
    expect(r.observations.robots.outcome).toBe('unavailable')
    expect(r.observations.robots.homepage.every((v: any) => v.allowed)).toBe(true)
    expect(r.ai_crawler_access.fetched.map((c: any) => [c.token, c.robots.allowed]).filter(([, allowed]: any) => allowed !== true)).toEqual([])
    const check = r.score_breakdown.find((c: any) => c.id === 'crawl_policy.robots_txt')
    expect(check).toMatchObject({ points: 2, detail: expect.stringMatching(LIMIT_NOTE) })
    expect(r.gaps.map((g: any) => g.code)).not.toContain('robots_txt_unreachable')
    expect(r.gaps.map((g: any) => g.code)).not.toContain('homepage_blocked_by_robots')
  })
})
