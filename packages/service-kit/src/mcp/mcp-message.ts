import { ErrorCode, JSONRPCMessageSchema, JSONRPCRequestSchema, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { HttpError, InvalidJsonBody, UnsupportedMediaTypeBody } from '@utility-apis/fastapi-errors'
import type { FastifyRequest } from 'fastify'

/** A POST the server does not run, answered as the Streamable HTTP transport answers it: a status and a JSON-RPC error. */
export interface Refusal {
  status: 400 | 406
  body: string
}

const refusal = (status: 400 | 406, code: number, message: string): Refusal =>
  ({ status, body: JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } }) })

const VERSIONS = SUPPORTED_PROTOCOL_VERSIONS.join(', ')

/**
 * The JSON-RPC message of a POST /mcp, or why it is refused: a body that is not JSON (415, as on every route), not
 * parseable, absent, a batch (the protocol dropped them in 2025-06-18) or not a JSON-RPC 2.0 message; an Accept header
 * without both answer types; a request after `initialize` in an MCP-Protocol-Version this server does not speak.
 */
export function messageOf (request: FastifyRequest): JSONRPCMessage | Refusal {
  const body = request.body
  if (body instanceof UnsupportedMediaTypeBody) {
    throw new HttpError(415, `Unsupported Media Type: expected application/json, got ${body.contentType || 'none'}`, {}, 'unsupported_media_type')
  }
  if (body instanceof InvalidJsonBody) return refusal(400, ErrorCode.ParseError, `Parse error: ${body.error} (at ${body.position})`)
  if (body === undefined || body === null) return refusal(400, ErrorCode.InvalidRequest, 'Invalid Request: no message')
  if (Array.isArray(body)) return refusal(400, ErrorCode.InvalidRequest, 'Invalid Request: batches are not supported (removed from MCP in 2025-06-18)')
  const accept = request.headers.accept ?? ''
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return refusal(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream')
  }
  // A message with a method and an id can only be a request (the other kinds are strict objects without one or the
  // other): its one schema is checked rather than the union of four, which is what nearly every POST is
  const isRequest = typeof body === 'object' && 'method' in body && 'id' in body
  const parsed = (isRequest ? JSONRPCRequestSchema : JSONRPCMessageSchema).safeParse(body)
  if (!parsed.success) return refusal(400, ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message')
  const version = request.headers['mcp-protocol-version']
  const initialize = 'method' in parsed.data && parsed.data.method === 'initialize'
  if (!initialize && typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return refusal(400, -32000, `Bad Request: Unsupported protocol version (supported versions: ${VERSIONS})`)
  }
  return parsed.data
}

export const isRefusal = (value: JSONRPCMessage | Refusal): value is Refusal => !('jsonrpc' in value)
