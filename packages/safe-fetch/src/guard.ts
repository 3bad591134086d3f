import type { LookupAddress } from 'node:dns'
import { isIP, type LookupFunction, type Socket } from 'node:net'
import { buildConnector } from 'undici'
import { unbracket } from './address.js'
import { abortError } from './errors.js'
import type { ResolvedPolicy } from './policy.js'
import { assertPermitted, isDefaultPort, resolvePermitted } from './resolve.js'

type Connector = buildConnector.connector

/**
 * The signal of the request being dispatched, for the connection attempt it starts. undici tells a connector only the
 * origin, and a request aborted while its connection is pending waits for the attempt to end (nodejs/undici#386), so
 * a lookup bounded by dnsTimeoutMs, or a handshake by connectTimeoutMs, held a fetch past its own deadline. But undici
 * starts the connection a request needs inside that request's dispatch call, and net/tls.connect call `lookup` in the
 * same synchronous step: the fetcher names the request's signal for the length of that call, and the connector and
 * the lookup take it. A connection started at any other time has no request of its own and keeps those bounds alone.
 */
export class DispatchScope {
  #signal: AbortSignal | undefined

  get signal (): AbortSignal | undefined {
    return this.#signal
  }

  /** Runs `dispatch`, which must start its request synchronously, with `signal` named until it returns. */
  run<T> (signal: AbortSignal, dispatch: () => T): T {
    const outer = this.#signal
    this.#signal = signal
    try {
      return dispatch()
    } finally {
      this.#signal = outer
    }
  }
}

/**
 * (b) A `lookup` for net/tls.connect that resolves through the policy and refuses the whole answer set when any
 * address is refused. Node calls it with `all: true` (autoSelectFamily, the Node 20 default) and expects an array.
 * A pending lookup gives up when the signal of `scope` at the time of the call aborts (DispatchScope).
 */
export function guardedLookup (policy: ResolvedPolicy, defaultPort: boolean, scope?: DispatchScope): LookupFunction {
  return (hostname, options, callback) => {
    resolvePermitted(hostname, policy, defaultPort, scope?.signal).then((addresses) => {
      const wanted = options.family === 4 || options.family === 6 ? options.family : 0
      const usable = addresses.filter((entry) => wanted === 0 || entry.family === wanted)
      if (options.all === true) {
        callback(null, usable satisfies LookupAddress[])
      } else if (usable.length > 0) {
        callback(null, usable[0].address, usable[0].family)
      } else {
        callback(Object.assign(new Error(`No IPv${wanted} address`), { code: 'ENOTFOUND' }), '', 0)
      }
    }, (error: Error) => callback(error, '', 0))
  }
}

/** (c) Judges the address the socket really reached; returns it, or throws FETCH_ERR_BLOCKED. */
export function assertSocketPermitted (socket: Socket, policy: ResolvedPolicy, defaultPort: boolean): string {
  const address = socket.remoteAddress ?? ''
  assertPermitted(address, policy, defaultPort)
  return address
}

/**
 * The connect-time guard of packages/safe-fetch/README.md (What it guarantees), for an undici Agent's `connect` option:
 * (a) IP-literal hosts (Node skips `lookup` for them) are judged before any socket exists, (b) every resolved
 * address is judged inside `lookup`, (c) the connected socket's remote address is judged again before use.
 * Non-default ports get a lookup that accepts allow-listed addresses only. An attempt started within `scope.run`, its
 * lookup included, gives up with the request's abort reason when that request is aborted.
 */
export function createGuardedConnector (
  policy: ResolvedPolicy,
  onConnected: (socket: Socket, address: string) => void = () => {},
  scope = new DispatchScope()
): Connector {
  const shared = { timeout: policy.connectTimeoutMs, allowH2: false }
  const connectors = {
    defaultPort: buildConnector({ ...shared, lookup: guardedLookup(policy, true, scope) }),
    otherPort: buildConnector({ ...shared, lookup: guardedLookup(policy, false, scope) })
  }

  return (options, callback) => {
    const defaultPort = isDefaultPort(options.protocol, options.port)
    const hostname = unbracket(options.hostname)
    if (isIP(hostname) !== 0) {
      try {
        assertPermitted(hostname, policy, defaultPort)
      } catch (error) {
        process.nextTick(callback, error as Error, null)
        return
      }
    }
    const connector = defaultPort ? connectors.defaultPort : connectors.otherPort
    const signal = scope.signal
    let settled = false
    let onAbort = (): void => {}
    // undici's connector returns the socket it opens, though its type says void
    const socket = connector({ ...options, hostname }, (error, socket) => {
      settled = true
      signal?.removeEventListener('abort', onAbort)
      if (error !== null) {
        callback(error, null)
        return
      }
      try {
        onConnected(socket, assertSocketPermitted(socket, policy, defaultPort))
      } catch (refusal) {
        socket.destroy()
        callback(refusal as Error, null)
        return
      }
      callback(null, socket)
    }) as unknown as Socket | undefined
    if (signal === undefined || socket === undefined || settled) return
    // The socket's 'error' ends the attempt through the callback above, with the request's reason
    onAbort = () => socket.destroy(abortError(signal))
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  }
}
