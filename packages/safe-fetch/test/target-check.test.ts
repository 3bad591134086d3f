import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSafeFetcher, createTargetCheck, FetchError, type FetchPolicy } from '../src/index.js'
import { REFUSED_TARGETS } from '../src/testing.js'
import { html, startFixture, type Fixture } from './helpers/fixture-server.js'

let v4: Fixture
let v6: Fixture
beforeAll(async () => {
  v4 = await startFixture(html('internal'))
  v6 = await startFixture(html('internal'), '::1')
})
afterAll(async () => { await Promise.all([v4.close(), v6.close()]) })

/** What a promise settles to: the URL's href, or the FetchError's code and message. */
async function verdict (work: Promise<unknown>): Promise<string> {
  return await work.then(
    (value) => value instanceof URL ? value.href : 'fetched',
    (error: unknown) => error instanceof FetchError ? `${error.code}: ${error.message}` : String(error)
  )
}

describe('createTargetCheck', () => {
  test.each(REFUSED_TARGETS.map((target) => [target.name, target.url] as const))('refuses %s as the fetcher does, connecting nowhere', async (_name, url) => {
    const target = url({ v4: v4.port, v6: v6.port })
    const before = await Promise.all([v4.settledConnections(), v6.settledConnections()])
    const checked = await verdict(createTargetCheck()(target))
    expect(checked).toBe('FETCH_ERR_BLOCKED: Target address is not allowed')
    expect(await Promise.all([v4.settledConnections(), v6.settledConnections()])).toEqual(before)
    const fetcher = createSafeFetcher()
    try {
      expect(await verdict(fetcher.fetch(target))).toBe(checked)
    } finally {
      await fetcher.close()
    }
  })

  test('refuses a public address on a port other than the scheme\'s, as the fetcher does', async () => {
    const policy: FetchPolicy = { resolver: async () => ['93.184.216.34'] }
    expect(await verdict(createTargetCheck(policy)('http://example.test:8080/'))).toBe('FETCH_ERR_BLOCKED: Target port is not allowed')
    expect(await verdict(createTargetCheck()('http://93.184.216.34:8080/'))).toBe('FETCH_ERR_BLOCKED: Target port is not allowed')
  })

  test('refuses a name when any of its addresses is refused, and the URL rules', async () => {
    expect(await verdict(createTargetCheck({ resolver: async () => ['93.184.216.34', '10.1.2.3'] })('https://mixed.test/')))
      .toBe('FETCH_ERR_BLOCKED: Target address is not allowed')
    expect(await verdict(createTargetCheck()('ftp://example.com/'))).toMatch(/^FETCH_ERR_SCHEME/)
    expect(await verdict(createTargetCheck()('https://user:secret@example.com/'))).toMatch(/^FETCH_ERR_CREDENTIALS/)
  })

  test('passes a public target, an allow-listed one and a name that does not resolve (the fetch reports that)', async () => {
    expect(await verdict(createTargetCheck({ resolver: async () => ['93.184.216.34'] })('https://example.test/hook'))).toBe('https://example.test/hook')
    expect(await verdict(createTargetCheck({ allowCidrs: ['127.0.0.1/32'] })(`http://127.0.0.1:${v4.port}/`))).toBe(`http://127.0.0.1:${v4.port}/`)
    expect(await verdict(createTargetCheck({ resolver: async () => [] })('https://nowhere.test/'))).toBe('https://nowhere.test/')
  })
})
