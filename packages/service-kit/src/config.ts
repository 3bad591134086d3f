import { hostname } from 'node:os'
import { DEFAULT_FALLBACK_SHARE, parseApiKeys, parsePublishableKeys, type KeyEntry, type PublishableKey } from '@utility-apis/auth-quota'
import { fetchPolicyFromEnv, type FetchPolicy } from '@utility-apis/safe-fetch'

export interface ServiceConfig {
  port: number
  host: string
  production: boolean
  /** sha256(key) → quota override. */
  apiKeys: Map<string, KeyEntry>
  /** PUBLISHABLE_KEYS: sha256(pk_...) → the secret key it spends and the origins allowed to use it. */
  publishableKeys: Map<string, PublishableKey>
  monthlyQuota: number
  adminKey: string | null
  redisUrl: string | null
  /** REDIS_CLUSTER_NODES: `host:port` seeds of a Redis Cluster, used instead of REDIS_URL. */
  redisClusterNodes: Array<{ host: string, port: number }> | null
  quotaFailMode: 'open' | 'closed'
  /** QUOTA_FALLBACK_SHARE: the share of a key's limit one replica admits on its own while Redis is unreachable (fail open). */
  quotaFallbackShare: number
  rapidApiProxySecret: string | null
  logLevel: string
  /** Outbound fetches of brand and site: UNSAFE_FETCH_* for tests and development, else the public internet only. */
  fetchPolicy: FetchPolicy
  /** CORS_ORIGINS: origins allowed to call from a browser, `*` for any; null (the default) sends no CORS headers. */
  corsOrigins: string[] | '*' | null
  /** PUBLIC_URL: where clients reach this service (a gateway, a load balancer), listed first in OpenAPI `servers`. */
  publicUrl: string | null
  replica: string
}

export interface ConfigDefaults {
  service: string
  port: number
}

export class ConfigError extends Error {
  constructor (variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`)
    this.name = 'ConfigError'
  }
}

export const DEV_KEY = 'dev-key'
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

type Env = Record<string, string | undefined>
const value = (env: Env, name: string) => {
  const v = env[name]?.trim()
  return v === undefined || v === '' ? null : v
}

function integer (env: Env, name: string, fallback: number, min: number, max: number) {
  const raw = value(env, name)
  if (raw === null) return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${raw}"`)
  }
  return Number(raw)
}

function clusterNodes (text: string | null): Array<{ host: string, port: number }> | null {
  if (text === null) return null
  return text.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '').map((entry) => {
    const match = /^([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$/.exec(entry)
    const port = Number(match?.[2])
    if (match === null || port < 1 || port > 65535) {
      throw new ConfigError('REDIS_CLUSTER_NODES', `must list host:port seeds, comma-separated; got "${entry}"`)
    }
    return { host: match[1].replace(/^\[|\]$/g, ''), port }
  })
}

function fallbackShare (text: string | null): number {
  if (text === null) return DEFAULT_FALLBACK_SHARE
  const share = /^(0|1)?(\.\d+)?$/.test(text) ? Number(text) : NaN
  if (!(share > 0 && share <= 1)) {
    throw new ConfigError('QUOTA_FALLBACK_SHARE', `must be a number above 0 and at most 1 (the share of a key's limit one replica admits alone), got "${text}"`)
  }
  return share
}

function publicUrl (text: string | null): string | null {
  if (text === null) return null
  let url: URL | null = null
  try { url = new URL(text) } catch {}
  if (url === null || !['http:', 'https:'].includes(url.protocol) || url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw new ConfigError('PUBLIC_URL', `must be an http(s) URL without credentials, query or fragment, e.g. https://api.example.com/sla; got "${text}"`)
  }
  return text.replace(/\/+$/, '')
}

function corsOrigins (text: string | null): string[] | '*' | null {
  if (text === null) return null
  if (text.trim() === '*') return '*'
  const origins = text.split(',').map((origin) => origin.trim()).filter((origin) => origin !== '')
  for (const origin of origins) {
    let url: URL | null = null
    try { url = new URL(origin) } catch {}
    if (url === null || url.origin !== origin) {
      throw new ConfigError('CORS_ORIGINS', `must list origins such as https://app.example.com, or be *; got "${origin}"`)
    }
  }
  return origins.length > 0 ? origins : null
}

/**
 * The keys the service takes: API_KEYS and the PUBLISHABLE_KEYS made from them. Without API_KEYS, the development key
 * outside production; in production (then behind the marketplace proxy alone) none: a key everyone can read from this
 * repository would otherwise call a public deployment free of the marketplace.
 */
function keysFrom (env: Env, rawKeys: string | null, production: boolean, warnings: string[]): Pick<ServiceConfig, 'apiKeys' | 'publishableKeys'> {
  let apiKeys: Map<string, KeyEntry>
  if (rawKeys === null && production) {
    apiKeys = new Map()
  } else if (rawKeys === null) {
    apiKeys = parseApiKeys(DEV_KEY)
    warnings.push(`API_KEYS is not set: only the development key "${DEV_KEY}" is accepted.`)
  } else {
    try {
      apiKeys = parseApiKeys(rawKeys)
    } catch (err) {
      throw new ConfigError('API_KEYS', (err as Error).message.replace(/^API_KEYS: /, ''))
    }
    if (apiKeys.size === 0) throw new ConfigError('API_KEYS', 'lists no key')
  }
  let publishableKeys: Map<string, PublishableKey>
  try {
    publishableKeys = parsePublishableKeys(value(env, 'PUBLISHABLE_KEYS') ?? '', apiKeys)
  } catch (err) {
    throw new ConfigError('PUBLISHABLE_KEYS', (err as Error).message.replace(/^PUBLISHABLE_KEYS: /, ''))
  }
  return { apiKeys, publishableKeys }
}

/**
 * Reads the environment once, at start-up. Invalid values fail with a message naming the variable, and production
 * refuses to start without credentials or with test-only switches.
 */
export function loadConfig (env: Env, defaults: ConfigDefaults): { config: ServiceConfig, warnings: string[] } {
  const warnings: string[] = []
  const production = env.NODE_ENV === 'production'
  const rawKeys = value(env, 'API_KEYS')
  const rapidApiProxySecret = value(env, 'RAPIDAPI_PROXY_SECRET')

  if (production && rawKeys === null && rapidApiProxySecret === null) {
    throw new ConfigError('API_KEYS', 'or RAPIDAPI_PROXY_SECRET must be set when NODE_ENV=production')
  }
  for (const name of ['UNSAFE_FETCH_ALLOW_CIDRS', 'UNSAFE_FETCH_HOST_MAP']) {
    if (value(env, name) === null) continue
    if (production) throw new ConfigError(name, 'is for tests and development only and must not be set when NODE_ENV=production')
    warnings.push(`${name} is set: outbound fetches may reach addresses that are not public. Never use this in production.`)
  }

  const { apiKeys, publishableKeys } = keysFrom(env, rawKeys, production, warnings)

  const quotaFailMode = value(env, 'QUOTA_FAIL_MODE') ?? 'open'
  if (quotaFailMode !== 'open' && quotaFailMode !== 'closed') {
    throw new ConfigError('QUOTA_FAIL_MODE', `must be "open" or "closed", got "${quotaFailMode}"`)
  }
  const logLevel = value(env, 'LOG_LEVEL') ?? 'info'
  if (!LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LEVELS.join(', ')}, got "${logLevel}"`)
  const redisUrl = value(env, 'REDIS_URL')
  if (redisUrl !== null && !/^rediss?:\/\//.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://')
  }

  const redisClusterNodes = clusterNodes(value(env, 'REDIS_CLUSTER_NODES'))
  if (redisClusterNodes !== null && redisUrl !== null) {
    throw new ConfigError('REDIS_CLUSTER_NODES', 'and REDIS_URL are exclusive: set one')
  }

  let fetchPolicy: FetchPolicy
  try {
    fetchPolicy = fetchPolicyFromEnv(env)
  } catch (err) {
    const [variable, ...problem] = (err as Error).message.split(': ')
    throw new ConfigError(variable, problem.join(': '))
  }

  return {
    warnings,
    config: {
      port: integer(env, 'PORT', defaults.port, 1, 65535),
      host: value(env, 'HOST') ?? '127.0.0.1',
      production,
      apiKeys,
      publishableKeys,
      monthlyQuota: integer(env, 'MONTHLY_QUOTA', 1000, 0, Number.MAX_SAFE_INTEGER),
      adminKey: value(env, 'ADMIN_KEY'),
      redisUrl,
      redisClusterNodes,
      quotaFailMode,
      quotaFallbackShare: fallbackShare(value(env, 'QUOTA_FALLBACK_SHARE')),
      rapidApiProxySecret,
      logLevel,
      fetchPolicy,
      corsOrigins: corsOrigins(value(env, 'CORS_ORIGINS')),
      publicUrl: publicUrl(value(env, 'PUBLIC_URL')),
      replica: `${hostname()}:${process.pid}`
    }
  }
}

/**
 * A configuration for tests: the key `test-key`, in-memory quota, everything else off unless overridden; `publishable`
 * is a PUBLISHABLE_KEYS value over those keys.
 */
export function testConfig (overrides: Partial<ServiceConfig> & { keys?: string, publishable?: string } = {}): ServiceConfig {
  const { keys, publishable, ...rest } = overrides
  const apiKeys = parseApiKeys(keys ?? 'test-key')
  return {
    port: 0,
    host: '127.0.0.1',
    production: false,
    apiKeys,
    publishableKeys: parsePublishableKeys(publishable ?? '', apiKeys),
    monthlyQuota: 1000,
    adminKey: null,
    redisUrl: null,
    redisClusterNodes: null,
    quotaFailMode: 'open',
    quotaFallbackShare: DEFAULT_FALLBACK_SHARE,
    rapidApiProxySecret: null,
    logLevel: 'silent',
    fetchPolicy: {},
    corsOrigins: null,
    publicUrl: null,
    replica: 'test',
    ...rest
  }
}
