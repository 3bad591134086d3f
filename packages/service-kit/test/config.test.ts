import { describe, expect, test } from 'vitest'
import { sha256 } from '@utility-apis/auth-quota'
import { ConfigError, DEV_KEY, loadConfig } from '../src/config.js'
import { buildDemo } from './fixtures/demo-service.js'

const defaults = { service: 'sla', port: 3002 }

describe('loadConfig', () => {
  test('embedded defaults: the development key only, with one warning', () => {
    const { config, warnings } = loadConfig({}, defaults)
    expect(config.port).toBe(3002)
    expect(config.host).toBe('127.0.0.1')
    expect(config.monthlyQuota).toBe(1000)
    expect(config.quotaFailMode).toBe('open')
    expect(config.quotaFallbackShare).toBe(0.34)
    expect([...config.apiKeys.keys()]).toEqual([sha256(DEV_KEY)])
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/API_KEYS/)
  })

  test('values from the environment', () => {
    const { config, warnings } = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      API_KEYS: 'a-key,b-key:50',
      MONTHLY_QUOTA: '10',
      ADMIN_KEY: 'adm',
      REDIS_URL: 'redis://r:6379',
      QUOTA_FAIL_MODE: 'closed',
      QUOTA_FALLBACK_SHARE: '0.5',
      RAPIDAPI_PROXY_SECRET: 'p',
      LOG_LEVEL: 'warn'
    }, defaults)
    expect(warnings).toEqual([])
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', monthlyQuota: 10, adminKey: 'adm', redisUrl: 'redis://r:6379', quotaFailMode: 'closed', quotaFallbackShare: 0.5, rapidApiProxySecret: 'p', logLevel: 'warn' })
    expect(config.apiKeys.get(sha256('b-key'))).toEqual({ quota: 50 })
    expect(JSON.stringify([...config.apiKeys])).not.toContain('a-key')
  })

  test.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ MONTHLY_QUOTA: '-1' }, /MONTHLY_QUOTA/],
    [{ QUOTA_FAIL_MODE: 'maybe' }, /QUOTA_FAIL_MODE/],
    [{ QUOTA_FALLBACK_SHARE: '0' }, /QUOTA_FALLBACK_SHARE/],
    [{ QUOTA_FALLBACK_SHARE: '1.5' }, /QUOTA_FALLBACK_SHARE/],
    [{ QUOTA_FALLBACK_SHARE: '34%' }, /QUOTA_FALLBACK_SHARE/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL/],
    [{ API_KEYS: 'k:1.5' }, /API_KEYS/],
    [{ API_KEYS: ' , ' }, /API_KEYS/],
    [{ API_KEYS: 'a-key', PUBLISHABLE_KEYS: 'pk_live_12345678=other@*' }, /PUBLISHABLE_KEYS .*not in API_KEYS/],
    [{ API_KEYS: 'a-key', PUBLISHABLE_KEYS: 'pk_live_12345678=a-key@example.com' }, /PUBLISHABLE_KEYS/]
  ])('invalid %j fails naming the variable', (env, name) => {
    expect(() => loadConfig(env, defaults)).toThrow(ConfigError)
    expect(() => loadConfig(env, defaults)).toThrow(name)
  })

  test('production refuses to start without credentials', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, defaults)).toThrow(/API_KEYS or RAPIDAPI_PROXY_SECRET/)
    expect(loadConfig({ NODE_ENV: 'production', RAPIDAPI_PROXY_SECRET: 's' }, defaults).config.production).toBe(true)
  })

  test('a production deployment behind the marketplace alone takes no key of ours, never the development key', async () => {
    const { config, warnings } = loadConfig({ NODE_ENV: 'production', RAPIDAPI_PROXY_SECRET: 'proxy-secret' }, defaults)
    expect(warnings.join(' ')).not.toContain(DEV_KEY)
    const app = await buildDemo({ config })
    try {
      const withDevKey = await app.inject({ method: 'POST', url: '/v1/echo', headers: { 'x-api-key': DEV_KEY }, payload: { name: 'a', secret: 's', count: 1 } })
      expect(withDevKey.statusCode).toBe(401)
      expect(withDevKey.json().code).toBe('invalid_api_key')
      const proxied = await app.inject({
        method: 'POST', url: '/v1/echo', headers: { 'x-rapidapi-proxy-secret': 'proxy-secret', 'x-rapidapi-user': 'u' }, payload: { name: 'a', secret: 's', count: 1 }
      })
      expect(proxied.statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  test('outside production, the marketplace secret alone still leaves the development key, with its warning', () => {
    const { config, warnings } = loadConfig({ RAPIDAPI_PROXY_SECRET: 'proxy-secret' }, defaults)
    expect([...config.apiKeys.keys()]).toEqual([sha256(DEV_KEY)])
    expect(warnings.join(' ')).toContain(DEV_KEY)
  })

  test('production refuses the UNSAFE_* switches; elsewhere they warn loudly', () => {
    for (const [name, setting] of [['UNSAFE_FETCH_ALLOW_CIDRS', '127.0.0.1/32'], ['UNSAFE_FETCH_HOST_MAP', 'a.test=127.0.0.1']]) {
      expect(() => loadConfig({ NODE_ENV: 'production', API_KEYS: 'k', [name]: setting }, defaults)).toThrow(name)
      const { warnings } = loadConfig({ API_KEYS: 'k', [name]: setting }, defaults)
      expect(warnings.some((w) => w.includes(name))).toBe(true)
    }
  })

  test('UNSAFE_FETCH_* are parsed once, into the fetch policy; an invalid one fails naming the variable', () => {
    const { config } = loadConfig({ UNSAFE_FETCH_ALLOW_CIDRS: '127.0.0.1/32', UNSAFE_FETCH_HOST_MAP: 'a.test=127.0.0.1' }, defaults)
    expect(config.fetchPolicy).toEqual({ allowCidrs: ['127.0.0.1/32'], hostMap: { 'a.test': '127.0.0.1' } })
    expect(() => loadConfig({ UNSAFE_FETCH_HOST_MAP: '127.0.0.1/32' }, defaults)).toThrow(/UNSAFE_FETCH_HOST_MAP/)
  })

  test('REDIS_CLUSTER_NODES: host:port seeds, exclusive with REDIS_URL', () => {
    expect(loadConfig({ REDIS_CLUSTER_NODES: 'redis-0:6379, 10.0.0.2:7000,[::1]:7001' }, defaults).config.redisClusterNodes)
      .toEqual([{ host: 'redis-0', port: 6379 }, { host: '10.0.0.2', port: 7000 }, { host: '::1', port: 7001 }])
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-0' }, defaults)).toThrow(/REDIS_CLUSTER_NODES/)
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'a:1', REDIS_URL: 'redis://b:6379' }, defaults)).toThrow(/exclusive/)
  })

  test('PUBLIC_URL: unset by default, an http(s) URL without credentials, its trailing slash dropped', () => {
    expect(loadConfig({}, defaults).config.publicUrl).toBeNull()
    expect(loadConfig({ PUBLIC_URL: 'https://api.example.com/sla/' }, defaults).config.publicUrl).toBe('https://api.example.com/sla')
    for (const bad of ['api.example.com', 'ftp://api.example.com', 'https://user:pw@api.example.com', 'https://api.example.com/?x=1']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }, defaults), bad).toThrow(/PUBLIC_URL must be an http\(s\) URL/)
    }
  })

  test('CORS_ORIGINS: off by default, * or a list of origins', () => {
    expect(loadConfig({}, defaults).config.corsOrigins).toBeNull()
    expect(loadConfig({ CORS_ORIGINS: '*' }, defaults).config.corsOrigins).toBe('*')
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:5173' }, defaults).config.corsOrigins)
      .toEqual(['https://a.example', 'http://localhost:5173'])
    expect(() => loadConfig({ CORS_ORIGINS: 'https://a.example/app' }, defaults)).toThrow(/CORS_ORIGINS/)
  })
})
