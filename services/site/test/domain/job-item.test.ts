// A job's item as the worker runs it: the single call's analysis, except when a host's pause refused its homepage.
import { FetchError, withRequestGate, type RequestGate } from '@utility-apis/safe-fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteFetchers } from '../../src/fetchers.js'
import { siteJobItems } from '../../src/routes/jobs.route.js'
import { fixturePolicy, startFixtureServer, type FixtureServer } from '../fixtures/fixture-server.js'

describe('a site job item', () => {
  let server: FixtureServer
  const fetchers = siteFetchers(fixturePolicy(['alias.test', 'canonical.test']))
  const items = siteJobItems({ fetcher: fetchers.fetcher, fetchAs: fetchers.fetchAs, clock: () => new Date() })
  // the gate of a job whose other item was told by canonical.test to wait: its requests are refused, nothing sent
  const pausedCanonical: RequestGate = {
    acquire: async (host) => {
      if (host === 'canonical.test') throw new FetchError('FETCH_ERR_RATE_LIMITED', 'The host asked for time')
      return () => {}
    }
  }

  beforeAll(async () => {
    server = await startFixtureServer((origin) => ({
      'alias.test': { '*': { status: 301, headers: { location: `${origin('canonical.test')}/` } } },
      'canonical.test': { '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>Canonical</title><h1>Canonical</h1>' } }
    }))
  })
  afterAll(async () => {
    await server?.close()
    await fetchers.close()
  })

  it('is the rate_limited item error, to be worked again after the pause, when its homepage redirects to a paused host', async () => {
    const outcome = await withRequestGate(pausedCanonical, async () => await items.run(server.origin('alias.test'), new AbortController().signal))
    expect(outcome).toEqual({ ok: false, error: { status: 429, code: 'rate_limited', detail: expect.stringContaining('asked for time') } })
    expect(server.seen.filter((request) => request.startsWith('canonical.test '))).toEqual([])
  })

  it('is the analysis, as the single call answers it, once the pause is over', async () => {
    const outcome = await items.run(server.origin('alias.test'), new AbortController().signal)
    expect(outcome).toMatchObject({ ok: true, value: { observations: { homepage: { fetch: { status: 200, error: null } } } } })
  })
})
