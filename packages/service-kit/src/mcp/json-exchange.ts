import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { ErrorCode, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js'

const isRequest = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId, method: string } =>
  'method' in message && 'id' in message
const isResponse = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } =>
  'id' in message && ('result' in message || 'error' in message)

interface Pending<Context> {
  /** The id the caller gave its request, which its answer carries back. */
  id: RequestId
  context: Context
  answer: (response: JSONRPCMessage) => void
}

/**
 * The SDK's `Transport` for a stateless Streamable HTTP server that answers in JSON: each POST hands one message in and
 * gets its response out. One `Server` connected to one exchange serves every POST of the app (a new Server and
 * connection per POST is the same work repeated for nothing), so the exchange keeps concurrent requests apart:
 * the server sees each request under an id of the exchange's own, never the caller's (two agents both send `id: 1`),
 * and each answer goes back to its POST under the caller's id. A request's handler finds the POST's `Context` (its
 * credentials, its reply) with `contextOf(extra.requestId)`.
 *
 * The SDK's own StreamableHTTPServerTransport does this through a web Request, a Response and their streams, which
 * cost several times the route a tool runs; the HTTP checks it makes on the way (Accept, MCP-Protocol-Version, the
 * message's shape) are the /mcp route's.
 */
export class JsonExchange<Context = undefined> implements Transport {
  onmessage?: Transport['onmessage']
  onclose?: () => void
  onerror?: (error: Error) => void
  readonly #pending = new Map<RequestId, Pending<Context>>()
  #lastId = 0

  async start (): Promise<void> {}

  /** Closes the server's side; a request still running is answered as the protocol answers a closed connection. */
  async close (): Promise<void> {
    this.onclose?.()
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id)
      pending.answer({ jsonrpc: '2.0', id: pending.id, error: { code: ErrorCode.ConnectionClosed, message: 'Connection closed' } })
    }
  }

  /** The server's messages: a response goes to its POST; anything else has no stream to go to and is dropped. */
  async send (message: JSONRPCMessage): Promise<void> {
    if (!isResponse(message)) return
    const pending = this.#pending.get(message.id)
    if (pending === undefined) return
    this.#pending.delete(message.id)
    pending.answer({ ...message, id: pending.id })
  }

  /** The context given with the request the server knows by this id (a handler's `extra.requestId`). */
  contextOf (id: RequestId): Context | undefined {
    return this.#pending.get(id)?.context
  }

  /**
   * Hands a valid message to the server: the response to a request, or null for a notification or a response. A
   * cancellation names a request of another POST by the caller's id, which this stateless server does not keep: it is
   * not passed on (it could otherwise name another caller's request running under that id).
   */
  async exchange (message: JSONRPCMessage, context: Context): Promise<JSONRPCMessage | null> {
    if (!isRequest(message)) {
      if (!('method' in message && message.method === 'notifications/cancelled')) this.onmessage?.(message)
      return null
    }
    const id = ++this.#lastId
    const response = new Promise<JSONRPCMessage>((resolve) => this.#pending.set(id, { id: message.id, context, answer: resolve }))
    this.onmessage?.({ ...message, id })
    return await response
  }
}
