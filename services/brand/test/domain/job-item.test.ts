// A job's item as the worker runs it: the single call's profile, except when a host's pause refused its homepage.
import { createSafeFetcher, FetchError, withRequestGate, type RequestGate } from '@utility-apis/safe-fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { profileItems } from '../../src/domain/job-item.js'
import { MemoryProfileCache } from '../../src/domain/profile-cache.js'
import { BrandProfiler } from '../../src/domain/profiler.js'
import { MemoryLogoCache } from '../../src/logo/logo-cache.js'
import { LogoService } from '../../src/logo/logo-service.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'

describe('a brand job item', () => {
  let server: FixtureServer
  const fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'], hostMap: { 'alias.test': '127.0.0.1', 'canonical.test': '127.0.0.1' } })
  const profiler = new BrandProfiler({ fetcher, cache: new MemoryProfileCache(), cacheTtlSeconds: 60 })
  const items = profileItems(profiler, 5000, new LogoService({ profiler, fetcher, cache: new MemoryLogoCache(), ttlSeconds: 60 }))
  // the gate of a job whose other item was told by canonical.test to wait: its requests are refused, nothing sent
  const pausedCanonical: RequestGate = {
    acquire: async (host) => {
      if (host === 'canonical.test') throw new FetchError('FETCH_ERR_RATE_LIMITED', 'The host asked for time')
      return () => {}
    }
  }

  beforeAll(async () => {
    server = await startFixtureServer({
      'canonical.test': { '/': { body: '<!doctype html><title>Canonical</title>' } }
    })
    server.addSite('alias.test', { '/': { status: 301, headers: { location: `${server.origin('canonical.test')}/` } } })
  })
  afterAll(async () => {
    await server?.close()
    await fetcher.close()
  })

  it('is the rate_limited item error, to be worked again after the pause, when its homepage redirects to a paused host', async () => {
    const outcome = await withRequestGate(pausedCanonical, async () => await items.run(server.origin('alias.test'), new AbortController().signal))
    expect(outcome).toEqual({ ok: false, error: { status: 429, code: 'rate_limited', detail: expect.stringContaining('asked for time') } })
    expect(server.requests.filter((request) => request.host === 'canonical.test')).toEqual([])
  })

  it('is the profile, as the single call answers it, once the pause is over', async () => {
    const outcome = await items.run(server.origin('alias.test'), new AbortController().signal, null, 1)
    expect(outcome).toMatchObject({ ok: true, value: { reachable: true, title: 'Canonical', error: null } })
  })
})
