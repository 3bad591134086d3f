import { promises as dns } from 'node:dns'
import { isIP } from 'node:net'
import { isAllowListed, isPermittedAddress, unbracket } from './address.js'
import { abortError, FetchError } from './errors.js'
import { hostKey, mappedAddress, type ResolvedPolicy } from './policy.js'

export interface ResolvedAddress { address: string, family: 4 | 6 }

async function lookupAll (hostname: string, policy: ResolvedPolicy): Promise<string[]> {
  const mapped = mappedAddress(policy.hostMap, hostname)
  if (mapped !== undefined) return [mapped]
  if (policy.resolver !== null) return await policy.resolver(hostname)
  // A name and its fully qualified form are one host: the hosts file knows `localhost`, never `localhost.`
  const answers = await dns.lookup(hostKey(hostname), { all: true, verbatim: true })
  return answers.map((answer) => answer.address)
}

/**
 * dns.lookup runs on the libuv pool and has no deadline of its own, so one is raced against it: dnsTimeoutMs, or the
 * request's `signal` (its deadline or its caller's abort) when that comes first, rejecting with the signal's reason so
 * that the fetch reports it as it reports that abort anywhere else. Only the wait ends; a system lookup runs on.
 */
async function withDeadline<T> (work: Promise<T>, ms: number, signal: AbortSignal | undefined): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  let onAbort = (): void => {}
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new FetchError('FETCH_ERR_DNS', 'The host name lookup timed out')), ms)
    if (signal === undefined) return
    onAbort = () => reject(abortError(signal))
    signal.addEventListener('abort', onAbort, { once: true })
  })
  try {
    return await Promise.race([work, deadline])
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', onAbort)
  }
}

/** A failed lookup as a FETCH_ERR_DNS (an abort is not one: withDeadline reports that apart). */
async function lookupOrDnsError (hostname: string, policy: ResolvedPolicy): Promise<string[]> {
  try {
    return await lookupAll(hostname, policy)
  } catch (error) {
    if (error instanceof FetchError) throw error
    throw new FetchError('FETCH_ERR_DNS', 'The host name could not be resolved', { cause: error })
  }
}

/**
 * All addresses of `hostname` (host map, injected resolver or DNS), unchecked. Throws FETCH_ERR_DNS, or the reason
 * of `signal` when it aborts first.
 */
export async function resolveHost (hostname: string, policy: ResolvedPolicy, signal?: AbortSignal): Promise<ResolvedAddress[]> {
  if (signal?.aborted === true) throw abortError(signal)
  const answers = await withDeadline(lookupOrDnsError(hostname, policy), policy.dnsTimeoutMs, signal)
  const addresses: ResolvedAddress[] = []
  for (const answer of answers) {
    const family = isIP(unbracket(answer))
    if (family === 0) throw new FetchError('FETCH_ERR_DNS', 'The host name resolved to an invalid address')
    addresses.push({ address: unbracket(answer), family: family as 4 | 6 })
  }
  if (addresses.length === 0) throw new FetchError('FETCH_ERR_DNS', 'The host name has no addresses')
  return addresses
}

/** Whether `port` is the scheme's own (URL parsing turns an explicit default port into ''). */
export function isDefaultPort (protocol: string, port: string | number | undefined): boolean {
  const text = String(port ?? '')
  if (text === '') return true
  return (protocol === 'http:' && text === '80') || (protocol === 'https:' && text === '443')
}

/**
 * The address rule: public unicast (or allow-listed) on the scheme's default port; any other port only when the
 * address is allow-listed. Throws FETCH_ERR_BLOCKED; the address goes to `error.address`, never to the message.
 */
export function assertPermitted (address: string, policy: ResolvedPolicy, defaultPort: boolean): void {
  if (!isPermittedAddress(address, policy.allow)) {
    throw new FetchError('FETCH_ERR_BLOCKED', 'Target address is not allowed', { address })
  }
  if (!defaultPort && !isAllowListed(address, policy.allow)) {
    throw new FetchError('FETCH_ERR_BLOCKED', 'Target port is not allowed', { address })
  }
}

/**
 * Resolves and checks every answer: one refused address refuses the name (a rebinding answer set mixes them).
 * `signal` ends a pending lookup early (resolveHost).
 */
export async function resolvePermitted (hostname: string, policy: ResolvedPolicy, defaultPort = true, signal?: AbortSignal): Promise<ResolvedAddress[]> {
  const addresses = isIP(unbracket(hostname)) !== 0
    ? [{ address: unbracket(hostname), family: isIP(unbracket(hostname)) as 4 | 6 }]
    : await resolveHost(hostname, policy, signal)
  for (const { address } of addresses) assertPermitted(address, policy, defaultPort)
  return addresses
}
