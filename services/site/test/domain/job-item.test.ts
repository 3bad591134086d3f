// A job's item as the worker runs it: the single call's analysis, except when a host's pause refused one of its requests.
import { FetchError, withRequestGate, type RequestGate } from '@utility-apis/safe-fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteFetchers } from '../../src/fetchers.js'
import { siteJobItems } from '../../src/routes/jobs.route.js'
import { fixturePolicy, startFixtureServer, type FixtureServer } from '../fixtures/fixture-server.js'
import { html, text, words } from '../fixtures/html.js'

describe('a site job item', () => {
  let server: FixtureServer
  const fetchers = siteFetchers(fixturePolicy(['alias.test', 'canonical.test', 'shop.test', 'cdn.test']))
  const items = siteJobItems({ fetcher: fetchers.fetcher, fetchAs: fetchers.fetchAs, clock: () => new Date() })
  // the gate of a job whose other item was told by canonical.test to wait: its requests are refused, nothing sent
  const pausedCanonical: RequestGate = {
    acquire: async (host) => {
      if (host === 'canonical.test') throw new FetchError('FETCH_ERR_RATE_LIMITED', 'The host asked for time')
      return () => {}
    }
  }

  // another item was told by cdn.test to wait: the shop's og:image and llms.txt link there are refused, nothing sent
  const pausedCdn: RequestGate = {
    acquire: async (host) => {
      if (host === 'cdn.test') throw new FetchError('FETCH_ERR_RATE_LIMITED', 'The host asked for time')
      return () => {}
    }
  }

  beforeAll(async () => {
    server = await startFixtureServer((origin) => ({
      'alias.test': { '*': { status: 301, headers: { location: `${origin('canonical.test')}/` } } },
      'canonical.test': { '/': { headers: { 'content-type': 'text/html' }, body: '<!doctype html><title>Canonical</title><h1>Canonical</h1>' } },
      'shop.test': {
        '/': html('<!doctype html><html lang="en"><head><title>Acme widgets for every workshop</title><meta property="og:title" content="Acme">' +
          `<meta property="og:description" content="Widgets"><meta property="og:image" content="${origin('cdn.test')}/og.png"></head>` +
          `<body><main><h1>Acme</h1><p>${words(200)}</p></main></body></html>`),
        '/llms.txt': text(`# Acme\n> Widgets\n- [Docs](${origin('cdn.test')}/docs.md)\n`)
      },
      'cdn.test': {
        '/og.png': { status: 200, headers: { 'content-type': 'image/png' }, body: Buffer.from('89504e470d0a1a0a', 'hex') },
        '/docs.md': text('# Docs', 'text/markdown')
      }
    }))
  })
  afterAll(async () => {
    await server?.close()
    await fetchers.close()
  })

  it('is the rate_limited item error, to be worked again after the pause, when its homepage redirects to a paused host', async () => {
    const outcome = await withRequestGate(pausedCanonical, async () => await items.run(server.origin('alias.test'), new AbortController().signal))
    const detail = 'A site it reads (canonical.test) had asked for time (a 429, or a 503 with Retry-After): requests the analysis needed were held back, never sent, so it could not be made as the single call makes it'
    expect(outcome).toEqual({ ok: false, error: { status: 429, code: 'rate_limited', detail } })
    expect(server.seen.filter((request) => request.startsWith('canonical.test '))).toEqual([])
  })

  it('is the analysis, as the single call answers it, once the pause is over', async () => {
    const outcome = await items.run(server.origin('alias.test'), new AbortController().signal)
    expect(outcome).toMatchObject({ ok: true, value: { observations: { homepage: { fetch: { status: 200, error: null } } } } })
  })
  it('is the rate_limited item error, not a score of unsent requests, when a pause refused its og:image and llms.txt link', async () => {
    // the single call reads both: they earn their points
    const single = await items.run(server.origin('shop.test'), new AbortController().signal)
    expect(single).toMatchObject({ ok: true, value: { complete: true, not_measured: [] } })
    const checks = (single as { value: { score_breakdown: Array<{ id: string, points: number, max: number }> } }).value.score_breakdown
    expect(checks.find((c) => c.id === 'metadata.open_graph')).toMatchObject({ points: 3, max: 3 })
    expect(checks.find((c) => c.id === 'llm_readiness.llms_txt_links')).toMatchObject({ points: 1, max: 1 })
    const seen = server.seen.length
    // refused: worked again after the pause (the worker's retries), delivered as this refunded error on the last
    const outcome = await withRequestGate(pausedCdn, async () => await items.run(server.origin('shop.test'), new AbortController().signal))
    const detail = 'A site it reads (cdn.test) had asked for time (a 429, or a 503 with Retry-After): requests the analysis needed were held back, never sent, so it could not be made as the single call makes it'
    expect(outcome).toEqual({ ok: false, error: { status: 429, code: 'rate_limited', detail } })
    expect(server.seen.slice(seen).filter((request) => request.startsWith('cdn.test '))).toEqual([])
  })

  // A site that answers every request 429: its own answer paused it, so its item's other requests were held back. The
  // error says it was the site itself that asked, not a redirect it never made.
  it('names its own site when its own pause refused its requests', async () => {
    let homepageSent = false
    const pausedByItsOwnAnswer: RequestGate = {
      acquire: async (host) => {
        if (host === 'shop.test' && homepageSent) throw new FetchError('FETCH_ERR_RATE_LIMITED', 'The host asked for time')
        homepageSent ||= host === 'shop.test'
        return () => {}
      }
    }
    const outcome = await withRequestGate(pausedByItsOwnAnswer, async () => await items.run(server.origin('shop.test'), new AbortController().signal))
    expect(outcome).toEqual({ ok: false, error: { status: 429, code: 'rate_limited', detail: 'Its own site had asked for time (a 429, or a 503 with Retry-After): requests the analysis needed were held back, never sent, so it could not be made as the single call makes it' } })
  })
})
