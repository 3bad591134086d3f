import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js'

const isRequest = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId, method: string } =>
  'method' in message && 'id' in message
const isResponse = (message: JSONRPCMessage): message is JSONRPCMessage & { id: RequestId } =>
  'id' in message && ('result' in message || 'error' in message)

/**
 * The SDK's `Transport` for one POST of a stateless Streamable HTTP server that answers in JSON: one message in, its
 * response out, for the `Server` of that request. The SDK's own StreamableHTTPServerTransport does this through a web
 * Request, a Response and their streams, which cost several times the route a tool runs (bench/mcp.ts); the HTTP
 * checks it makes on the way (Accept, MCP-Protocol-Version, the message's shape) are the /mcp route's.
 */
export class JsonExchange implements Transport {
  onmessage?: Transport['onmessage']
  onclose?: () => void
  onerror?: (error: Error) => void
  readonly #waiting = new Map<RequestId, (response: JSONRPCMessage) => void>()

  async start (): Promise<void> {}

  async close (): Promise<void> {
    this.onclose?.()
  }

  /** The server's messages: a response goes to its request; anything else has no stream to go to and is dropped. */
  async send (message: JSONRPCMessage): Promise<void> {
    if (!isResponse(message)) return
    this.#waiting.get(message.id)?.(message)
    this.#waiting.delete(message.id)
  }

  /** Hands a valid message to the server: the response to a request, or null for a notification or a response. */
  async exchange (message: JSONRPCMessage): Promise<JSONRPCMessage | null> {
    if (!isRequest(message)) {
      this.onmessage?.(message)
      return null
    }
    const response = new Promise<JSONRPCMessage>((resolve) => this.#waiting.set(message.id, resolve))
    this.onmessage?.(message)
    return await response
  }
}
