import type { LookupAddress } from 'node:dns'
import { isIP, type LookupFunction, type Socket } from 'node:net'
import { buildConnector } from 'undici'
import { unbracket } from './address.js'
import type { ResolvedPolicy } from './policy.js'
import { assertPermitted, isDefaultPort, resolvePermitted } from './resolve.js'

type Connector = buildConnector.connector

/**
 * (b) A `lookup` for net/tls.connect that resolves through the policy and refuses the whole answer set when any
 * address is refused. Node calls it with `all: true` (autoSelectFamily, the Node 20 default) and expects an array.
 */
export function guardedLookup (policy: ResolvedPolicy, defaultPort: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolvePermitted(hostname, policy, defaultPort).then((addresses) => {
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
 * Non-default ports get a lookup that accepts allow-listed addresses only.
 */
export function createGuardedConnector (
  policy: ResolvedPolicy,
  onConnected: (socket: Socket, address: string) => void = () => {}
): Connector {
  const shared = { timeout: policy.connectTimeoutMs, allowH2: false }
  const connectors = {
    defaultPort: buildConnector({ ...shared, lookup: guardedLookup(policy, true) }),
    otherPort: buildConnector({ ...shared, lookup: guardedLookup(policy, false) })
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
    connector({ ...options, hostname }, (error, socket) => {
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
    })
  }
}
