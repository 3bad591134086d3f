import { isIP } from 'node:net'
import { parseCidr, parseCidrs, type Cidr } from './address.js'

export interface FetchPolicy {
  /** UNSAFE: ranges exempt from the public-address rule, with any port (tests: ['127.0.0.1/32']). */
  allowCidrs?: string[]
  /**
   * Host name -> IP answered without DNS (tests). The address is still checked like a DNS answer. `*.test` maps every
   * name under `test` (not `test` itself); a name's own entry wins over a wildcard, and a longer wildcard over a shorter.
   */
  hostMap?: Record<string, string>
  /** Replaces DNS (tests: rebinding, names resolving to loopback). Every answer is still checked. */
  resolver?: (hostname: string) => Promise<string[]>
  userAgent?: string
  maxRedirects?: number
  perHostConcurrency?: number
  connectTimeoutMs?: number
  headersTimeoutMs?: number
  /** Longest silence between two body chunks. */
  bodyTimeoutMs?: number
  /** Deadline of one name resolution (dns.lookup has none of its own). Default 5000. */
  dnsTimeoutMs?: number
}

export const DEFAULT_USER_AGENT = 'UtilityAPIsBot/0.1 (+https://utility-apis.example/bot)'

/** A policy with its defaults applied and its ranges parsed once. */
export interface ResolvedPolicy {
  allow: Cidr[]
  hostMap: Map<string, string>
  resolver: ((hostname: string) => Promise<string[]>) | null
  userAgent: string
  maxRedirects: number
  perHostConcurrency: number
  connectTimeoutMs: number
  headersTimeoutMs: number
  bodyTimeoutMs: number
  dnsTimeoutMs: number
}

function count (value: number | undefined, fallback: number, name: string, min: number): number {
  if (value === undefined) return fallback
  if (!Number.isInteger(value) || value < min) throw new Error(`FetchPolicy.${name} must be an integer >= ${min}`)
  return value
}

/** Host names compare case-insensitively and without the root dot (`Example.com.` is `example.com`). */
export function hostKey (host: string): string {
  return host.toLowerCase().replace(/\.$/, '')
}

/** The address `hostname` is mapped to: its own entry, else the longest `*.suffix` entry above it; undefined if none. */
export function mappedAddress (hostMap: Map<string, string>, hostname: string): string | undefined {
  if (hostMap.size === 0) return undefined
  const key = hostKey(hostname)
  const exact = hostMap.get(key)
  if (exact !== undefined) return exact
  for (let dot = key.indexOf('.'); dot !== -1; dot = key.indexOf('.', dot + 1)) {
    const wildcard = hostMap.get(`*${key.slice(dot)}`)
    if (wildcard !== undefined) return wildcard
  }
  return undefined
}

function hostMapOf (entries: Record<string, string>): Map<string, string> {
  const map = new Map<string, string>()
  for (const [host, ip] of Object.entries(entries)) {
    if (isIP(ip) === 0) throw new Error(`FetchPolicy.hostMap: "${ip}" (for ${host}) is not an IP address`)
    map.set(hostKey(host), ip)
  }
  return map
}

export function resolvePolicy (policy: FetchPolicy = {}): ResolvedPolicy {
  return {
    allow: parseCidrs(policy.allowCidrs ?? []),
    hostMap: hostMapOf(policy.hostMap ?? {}),
    resolver: policy.resolver ?? null,
    userAgent: policy.userAgent ?? DEFAULT_USER_AGENT,
    maxRedirects: count(policy.maxRedirects, 10, 'maxRedirects', 0),
    perHostConcurrency: count(policy.perHostConcurrency, 4, 'perHostConcurrency', 1),
    connectTimeoutMs: count(policy.connectTimeoutMs, 5000, 'connectTimeoutMs', 1),
    headersTimeoutMs: count(policy.headersTimeoutMs, 10_000, 'headersTimeoutMs', 1),
    bodyTimeoutMs: count(policy.bodyTimeoutMs, 10_000, 'bodyTimeoutMs', 1),
    dnsTimeoutMs: count(policy.dnsTimeoutMs, 5000, 'dnsTimeoutMs', 1)
  }
}

function listOf (value: string | undefined): string[] {
  return (value ?? '').split(',').map((item) => item.trim()).filter((item) => item !== '')
}

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i

/**
 * Reads UNSAFE_FETCH_ALLOW_CIDRS (`127.0.0.1/32,::1/128`) and UNSAFE_FETCH_HOST_MAP (`site.test=127.0.0.1,*.test=127.0.0.1`).
 * Throws an Error naming the variable when an entry is malformed; unset or empty variables add nothing.
 */
export function fetchPolicyFromEnv (env: Record<string, string | undefined>): FetchPolicy {
  const policy: FetchPolicy = {}
  const cidrs = listOf(env.UNSAFE_FETCH_ALLOW_CIDRS)
  for (const cidr of cidrs) {
    try {
      parseCidr(cidr)
    } catch (error) {
      throw new Error(`UNSAFE_FETCH_ALLOW_CIDRS: ${(error as Error).message}`)
    }
  }
  if (cidrs.length > 0) policy.allowCidrs = cidrs

  const pairs = listOf(env.UNSAFE_FETCH_HOST_MAP)
  const hostMap: Record<string, string> = {}
  for (const pair of pairs) {
    const [host, ip, ...rest] = pair.split('=').map((part) => part.trim())
    if (ip === undefined || rest.length > 0 || !HOST_NAME.test(host.replace(/^\*\./, '')) || isIP(ip) === 0) {
      throw new Error(`UNSAFE_FETCH_HOST_MAP: "${pair}" is not a host=ip pair`)
    }
    hostMap[hostKey(host)] = ip
  }
  if (pairs.length > 0) policy.hostMap = hostMap
  return policy
}
