import { getEventListeners } from 'node:events'
import { describe, expect, test, vi } from 'vitest'
import { resolvePolicy } from '../src/policy.js'
import { assertPermitted, isDefaultPort, resolveHost, resolvePermitted } from '../src/resolve.js'
import type { FetchError } from '../src/index.js'

async function rejection (work: Promise<unknown>): Promise<FetchError> {
  return await work.then(() => { throw new Error('resolved') }, (error: FetchError) => error)
}

describe('resolveHost', () => {
  test('answers from the host map without calling the resolver', async () => {
    let calls = 0
    const policy = resolvePolicy({ hostMap: { 'site.test': '127.0.0.1' }, resolver: async () => { calls++; return ['8.8.8.8'] } })
    expect(await resolveHost('SITE.test.', policy)).toEqual([{ address: '127.0.0.1', family: 4 }])
    expect(calls).toBe(0)
  })

  test('a wildcard maps every name under its suffix, not the suffix itself; a name\'s own entry and a longer wildcard win', async () => {
    const policy = resolvePolicy({
      hostMap: { '*.test': '127.0.0.1', '*.api.test': '127.0.0.2', 'www.api.test': '127.0.0.3' },
      resolver: async () => ['8.8.8.8']
    })
    const address = async (host: string) => (await resolveHost(host, policy)).map((answer) => answer.address)
    expect(await address('shop.test')).toEqual(['127.0.0.1'])
    expect(await address('A.B.Shop.TEST.')).toEqual(['127.0.0.1'])
    expect(await address('v1.api.test')).toEqual(['127.0.0.2'])
    expect(await address('www.api.test')).toEqual(['127.0.0.3'])
    // not under the wildcard: the resolver answers
    expect(await address('test')).toEqual(['8.8.8.8'])
    expect(await address('shop.testing')).toEqual(['8.8.8.8'])
    expect(await address('shoptest')).toEqual(['8.8.8.8'])
  })

  test('uses the injected resolver and reports families', async () => {
    const policy = resolvePolicy({ resolver: async () => ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'] })
    expect(await resolveHost('example.test', policy)).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 }
    ])
  })

  test('a resolver that fails, answers nothing or answers garbage is a DNS error', async () => {
    for (const resolver of [async () => { throw new Error('SERVFAIL') }, async () => [], async () => ['not-an-ip']]) {
      const error = await rejection(resolveHost('example.test', resolvePolicy({ resolver })))
      expect(error.code).toBe('FETCH_ERR_DNS')
    }
  })

  test('without a host map or resolver, the system resolver answers (localhost, from the hosts file)', async () => {
    const addresses = await resolveHost('localhost', resolvePolicy())
    expect(addresses.length).toBeGreaterThan(0)
    expect(addresses.every(({ address }) => address === '127.0.0.1' || address === '::1')).toBe(true)
    expect((await rejection(resolvePermitted('localhost', resolvePolicy()))).code).toBe('FETCH_ERR_BLOCKED')
  })

  test('resolves a fully qualified name as the name: `localhost.` is localhost, which the hosts file alone knows', async () => {
    expect(await resolveHost('localhost.', resolvePolicy())).toEqual(await resolveHost('localhost', resolvePolicy()))
    expect((await rejection(resolvePermitted('LocalHost.', resolvePolicy()))).code).toBe('FETCH_ERR_BLOCKED')
  })

  test('a lookup that never answers times out as a DNS error', async () => {
    const policy = resolvePolicy({ resolver: async () => await new Promise<string[]>(() => {}), dnsTimeoutMs: 20 })
    const error = await rejection(resolveHost('hang.test', policy))
    expect(error).toMatchObject({ code: 'FETCH_ERR_DNS', message: 'The host name lookup timed out' })
  })

  test('a pending lookup gives up with the reason of the request\'s signal, leaving no timer or listener behind', async () => {
    // Timers are frozen: dnsTimeoutMs can never fire, so only the abort can end the lookup.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let asked!: () => void
      const called = new Promise<void>((resolve) => { asked = resolve })
      const policy = resolvePolicy({ resolver: async () => { asked(); return await new Promise<string[]>(() => {}) } })
      const controller = new AbortController()
      const pending = rejection(resolveHost('hang.test', policy, controller.signal))
      await called
      expect(vi.getTimerCount()).toBe(1)
      const reason = new DOMException('Deadline exceeded', 'TimeoutError')
      controller.abort(reason)
      expect(await pending).toBe(reason)
      expect(vi.getTimerCount()).toBe(0)
      expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
    } finally {
      vi.useRealTimers()
    }
  })

  test('a signal aborted before the lookup fails it without asking the resolver; one that stays quiet changes nothing', async () => {
    let calls = 0
    const policy = resolvePolicy({ resolver: async () => { calls++; return ['93.184.216.34'] } })
    const reason = new Error('caller gave up')
    expect(await rejection(resolveHost('example.test', policy, AbortSignal.abort(reason)))).toBe(reason)
    // A reason that is not an Error becomes an AbortError: net and undici carry the lookup's failure on as an error
    expect(await rejection(resolveHost('example.test', policy, AbortSignal.abort('gone')))).toMatchObject({ name: 'AbortError' })
    expect(calls).toBe(0)
    const quiet = new AbortController().signal
    expect(await resolveHost('example.test', policy, quiet)).toEqual([{ address: '93.184.216.34', family: 4 }])
    expect(getEventListeners(quiet, 'abort')).toHaveLength(0)
  })

  test('a failing lookup is still a DNS error when a signal is given', async () => {
    const policy = resolvePolicy({ resolver: async () => { throw new Error('SERVFAIL') } })
    const error = await rejection(resolveHost('example.test', policy, new AbortController().signal))
    expect(error).toMatchObject({ code: 'FETCH_ERR_DNS', message: 'The host name could not be resolved' })
  })
})

describe('resolvePermitted', () => {
  test('refuses the whole answer when one address is not public (rebinding answer sets mix them)', async () => {
    const policy = resolvePolicy({ resolver: async () => ['93.184.216.34', '127.0.0.1'] })
    const error = await rejection(resolvePermitted('mixed.test', policy))
    expect(error).toMatchObject({ code: 'FETCH_ERR_BLOCKED', message: 'Target address is not allowed', address: '127.0.0.1' })
  })

  test('accepts public answers and allow-listed ones', async () => {
    const policy = resolvePolicy({ allowCidrs: ['127.0.0.1/32'], resolver: async () => ['93.184.216.34', '127.0.0.1'] })
    expect(await resolvePermitted('ok.test', policy)).toHaveLength(2)
  })

  test('judges IP literals without resolving them', async () => {
    const policy = resolvePolicy({ resolver: async () => { throw new Error('must not be called') } })
    expect(await resolvePermitted('[2606:4700:4700::1111]', policy)).toEqual([{ address: '2606:4700:4700::1111', family: 6 }])
    expect((await rejection(resolvePermitted('::1', policy))).code).toBe('FETCH_ERR_BLOCKED')
  })
})

describe('port rule', () => {
  test('an explicit default port counts as default', () => {
    expect(isDefaultPort('http:', '')).toBe(true)
    expect(isDefaultPort('http:', '80')).toBe(true)
    expect(isDefaultPort('https:', 443)).toBe(true)
    expect(isDefaultPort('https:', '80')).toBe(false)
    expect(isDefaultPort('http:', '8080')).toBe(false)
  })

  test('other ports are for allow-listed addresses only', () => {
    const policy = resolvePolicy({ allowCidrs: ['127.0.0.1/32'] })
    expect(() => assertPermitted('93.184.216.34', policy, false)).toThrow('Target port is not allowed')
    expect(() => assertPermitted('93.184.216.34', policy, true)).not.toThrow()
    expect(() => assertPermitted('127.0.0.1', policy, false)).not.toThrow()
  })
})
