import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSafeFetcher, type SafeFetcher } from '@utility-apis/safe-fetch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchHomepage, sameSite } from '../src/homepage.js'
import { TargetNotAllowedError } from '../src/target-not-allowed.js'
import { TimeBudget } from '../src/time-budget.js'

describe('sameSite', () => {
  it.each([
    ['https://example.com/', 'https://www.example.com/en/', true],
    ['https://shop.example.co.uk/', 'http://example.co.uk/', true],
    ['https://example.com/', 'https://example.net/', false],
    ['https://a.github.io/', 'https://b.github.io/', false],
    ['http://203.0.113.9/', 'http://203.0.113.9:8080/x', true],
    ['http://203.0.113.9/', 'http://203.0.113.10/', false]
  ])('%s and %s: %s', (a, b, same) => {
    expect(sameSite(a, b)).toBe(same)
  })
})

// A real server on 127.0.0.1 speaking plain http: an https candidate on its port fails at TLS.
describe('fetchHomepage', () => {
  let server: Server
  let port = 0
  let fetcher: SafeFetcher
  const at = (scheme: string, host: string, path = '/'): string => `${scheme}://${host}:${port}${path}`

  beforeAll(async () => {
    server = createServer((request, response) => {
      const host = (request.headers.host ?? '').replace(/:\d+$/, '')
      const page = (head: string, body = ''): void => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        response.end(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`)
      }
      if (host === 'refresh.test' && request.url === '/') page(`<title>Redirecting</title><meta http-equiv="refresh" content="0; url=${at('http', 'refresh.test', '/home')}">`)
      else if (host === 'private.test') response.writeHead(302, { location: 'http://10.0.0.1/' }).end()
      else page('<title>Home</title>', `<h1>${host}${request.url ?? ''}</h1>`)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
    fetcher = createSafeFetcher({
      allowCidrs: ['127.0.0.1/32'],
      hostMap: { 'site.test': '127.0.0.1', 'refresh.test': '127.0.0.1', 'private.test': '127.0.0.1' },
      resolver: async (host) => { throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }) }
    })
  })
  afterAll(async () => {
    await fetcher.close()
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('falls back from https to http when https itself fails', async () => {
    const outcome = await fetchHomepage(fetcher, [at('https', 'site.test'), at('http', 'site.test')], new TimeBudget(5000))
    expect(outcome.url).toBe(at('http', 'site.test'))
    expect(outcome.page?.meta?.title).toBe('Home')
  })

  it('does not try http for a name that does not resolve', async () => {
    const outcome = await fetchHomepage(fetcher, [at('https', 'nowhere.test'), at('http', 'nowhere.test')], new TimeBudget(5000))
    expect([outcome.url, outcome.error?.code]).toEqual([at('https', 'nowhere.test'), 'FETCH_ERR_DNS'])
  })

  it('follows a same-site meta refresh unless told not to', async () => {
    const followed = await fetchHomepage(fetcher, [at('http', 'refresh.test')], new TimeBudget(5000))
    expect(followed.page?.response.finalUrl).toBe(at('http', 'refresh.test', '/home'))
    expect(followed.page?.redirects.map((r) => r.kind)).toEqual(['meta-refresh'])
    const kept = await fetchHomepage(fetcher, [at('http', 'refresh.test')], new TimeBudget(5000), { followMetaRefresh: false })
    expect(kept.page?.meta?.title).toBe('Redirecting')
  })

  it('refuses a target that redirects to a private address with the one coded error', async () => {
    const refused = fetchHomepage(fetcher, [at('http', 'private.test')], new TimeBudget(5000))
    await expect(refused).rejects.toThrow(TargetNotAllowedError)
    await expect(refused).rejects.toMatchObject({ code: 'target_not_allowed', statusCode: 400, message: 'Target address is not allowed' })
  })

  it('throws the reason of a caller\'s abort', async () => {
    const reason = new Error('batch deadline')
    await expect(fetchHomepage(fetcher, [at('http', 'site.test')], new TimeBudget(5000, AbortSignal.abort(reason)))).rejects.toBe(reason)
  })
})
