import { describe, expect, test } from 'vitest'
import { resolvePolicy } from '../src/policy.js'
import { DEFAULT_USER_AGENT, fetchPolicyFromEnv } from '../src/index.js'

describe('fetchPolicyFromEnv', () => {
  test('unset and empty variables give an empty policy', () => {
    expect(fetchPolicyFromEnv({})).toEqual({})
    expect(fetchPolicyFromEnv({ UNSAFE_FETCH_ALLOW_CIDRS: '', UNSAFE_FETCH_HOST_MAP: ' ' })).toEqual({})
  })

  test('reads comma-separated CIDRs and host=ip pairs', () => {
    const policy = fetchPolicyFromEnv({
      UNSAFE_FETCH_ALLOW_CIDRS: '127.0.0.1/32, ::1/128,10.0.0.5',
      UNSAFE_FETCH_HOST_MAP: 'Site.Test=127.0.0.1, other.test = ::1'
    })
    expect(policy).toEqual({
      allowCidrs: ['127.0.0.1/32', '::1/128', '10.0.0.5'],
      hostMap: { 'site.test': '127.0.0.1', 'other.test': '::1' }
    })
  })

  test.each([
    ['UNSAFE_FETCH_ALLOW_CIDRS', '127.0.0.1/32,localhost'],
    ['UNSAFE_FETCH_ALLOW_CIDRS', '10.0.0.0/40'],
    ['UNSAFE_FETCH_HOST_MAP', 'site.test'],
    ['UNSAFE_FETCH_HOST_MAP', 'site.test=not-an-ip'],
    ['UNSAFE_FETCH_HOST_MAP', 'bad host=127.0.0.1'],
    ['UNSAFE_FETCH_HOST_MAP', 'a=127.0.0.1=x'],
    ['UNSAFE_FETCH_HOST_MAP', '*=127.0.0.1'],
    ['UNSAFE_FETCH_HOST_MAP', 'a.*.test=127.0.0.1']
  ])('names %s when %j is malformed', (variable, value) => {
    expect(() => fetchPolicyFromEnv({ [variable]: value })).toThrow(new RegExp(`^${variable}: `))
  })

  test('reads a wildcard host (`*.test`) beside exact ones', () => {
    expect(fetchPolicyFromEnv({ UNSAFE_FETCH_HOST_MAP: '*.Test=127.0.0.1,api.shop.test=127.0.0.2' }))
      .toEqual({ hostMap: { '*.test': '127.0.0.1', 'api.shop.test': '127.0.0.2' } })
  })
})

describe('resolvePolicy', () => {
  test('applies the documented defaults', () => {
    const policy = resolvePolicy()
    expect(policy).toMatchObject({
      userAgent: DEFAULT_USER_AGENT,
      maxRedirects: 10,
      perHostConcurrency: 4,
      connectTimeoutMs: 5000,
      headersTimeoutMs: 10_000,
      bodyTimeoutMs: 10_000
    })
    expect(DEFAULT_USER_AGENT).toMatch(/^UtilityAPIsBot\/\S+ \(\+https:\/\/\S+\)$/)
  })

  test('refuses nonsense limits and host map entries', () => {
    expect(() => resolvePolicy({ perHostConcurrency: 0 })).toThrow(/perHostConcurrency/)
    expect(() => resolvePolicy({ maxRedirects: 1.5 })).toThrow(/maxRedirects/)
    expect(() => resolvePolicy({ hostMap: { 'a.test': 'nope' } })).toThrow(/hostMap/)
    expect(() => resolvePolicy({ allowCidrs: ['x'] })).toThrow(/CIDR/)
  })

  test('host map keys compare without case or root dot', () => {
    expect(resolvePolicy({ hostMap: { 'Site.Test.': '127.0.0.1' } }).hostMap.get('site.test')).toBe('127.0.0.1')
  })
})
