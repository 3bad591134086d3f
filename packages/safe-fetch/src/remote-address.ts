import diagnosticsChannel from 'node:diagnostics_channel'
import type { Socket } from 'node:net'
import type { Dispatcher } from 'undici'

/** Passed as a request's `opaque`; receives the checked address of the socket the request was written to. */
export class RemoteRecord {
  address: string | null = null
}

// Sockets that passed the connect-time guard, with the address it judged.
const checkedSockets = new WeakMap<Socket, string>()
let pending: RemoteRecord | null = null
let subscribed = false

export function rememberSocket (socket: Socket, address: string): void {
  checkedSockets.set(socket, address)
}

/**
 * undici exposes no request-to-socket link, but when it writes a request it calls the handler's onRequestStart and
 * then publishes `undici:client:sendHeaders` with the socket, in one synchronous step. The interceptor marks the
 * record in the first and the channel fills it in the second; sockets our guard did not check are never reported.
 */
function subscribeOnce (): void {
  if (subscribed) return
  subscribed = true
  diagnosticsChannel.subscribe('undici:client:sendHeaders', (message) => {
    const record = pending
    pending = null
    if (record === null) return
    const { socket } = message as { socket: Socket }
    record.address = checkedSockets.get(socket) ?? null
  })
}

export function trackRemoteAddress (): Dispatcher.DispatcherComposeInterceptor {
  subscribeOnce()
  return (dispatch) => (options, handler) => {
    // request() hands its whole options object, `opaque` included, to the dispatch chain.
    const record = (options as { opaque?: unknown }).opaque
    if (!(record instanceof RemoteRecord)) return dispatch(options, handler)
    return dispatch(options, {
      onRequestStart (controller, context) {
        pending = record
        handler.onRequestStart?.(controller, context)
      },
      onRequestUpgrade: (controller, statusCode, headers, socket) => handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, message) => handler.onResponseStart?.(controller, statusCode, headers, message),
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
      onResponseError: (controller, error) => handler.onResponseError?.(controller, error)
    })
  }
}
