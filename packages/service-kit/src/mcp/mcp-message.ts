import {
  CallToolRequestSchema, ErrorCode, InitializeRequestSchema, JSONRPCMessageSchema, JSONRPCRequestSchema, ListToolsRequestSchema, PingRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type JSONRPCRequest
} from '@modelcontextprotocol/sdk/types.js'
import { HttpError, InvalidJsonBody, UnsupportedMediaTypeBody } from '@utility-apis/fastapi-errors'
import type { FastifyRequest } from 'fastify'

/** A POST the server does not run, answered as the Streamable HTTP transport answers it: a status and a JSON-RPC error. */
export interface Refusal {
  status: 200 | 400 | 406
  body: string
}

const refusal = (status: 200 | 400 | 406, code: number, message: string, id: JSONRPCRequest['id'] | null = null): Refusal =>
  ({ status, body: JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }) })

/** Where and why a message fails a schema. */
interface Issue {
  path: PropertyKey[]
  message: string
}

/** What is read of a method's request schema: its verdict, and where and why a request fails it. */
interface RequestCheck {
  safeParse: (value: unknown) => { success: true } | { success: false, error: { issues: Issue[] } }
}

// The params of each method this server answers. The SDK checks them too, but answers a mistake as -32603 Internal
// error with zod's dump of it: a client's error would read as the server's, and a model could not correct itself.
const PARAMS = new Map<string, RequestCheck>([
  ['initialize', InitializeRequestSchema], ['ping', PingRequestSchema], ['tools/list', ListToolsRequestSchema], ['tools/call', CallToolRequestSchema]
])

/** The specification's -32602, naming where the params are wrong, answered to the request's own id. */
function paramsRefusal (issue: Issue, id: JSONRPCRequest['id']): Refusal {
  const where = issue.path.length === 0 ? 'the request' : issue.path.join('.')
  return refusal(200, ErrorCode.InvalidParams, `Invalid params: ${where}: ${issue.message}`, id)
}

// tools/list gives every tool at once and never a cursor, so any cursor a client sends is one it did not get
const NO_CURSOR: Issue = { path: ['params', 'cursor'], message: 'this server lists every tool at once and gives out no cursor' }

/** The specification's -32602 for a request whose params its method cannot take, naming the first wrong one. */
function invalidParams (request: JSONRPCRequest): Refusal | null {
  if (request.method === 'tools/list' && request.params?.cursor !== undefined) return paramsRefusal(NO_CURSOR, request.id)
  const checked = PARAMS.get(request.method)?.safeParse(request)
  if (checked === undefined || checked.success) return null
  return paramsRefusal(checked.error.issues[0], request.id)
}

/**
 * The id of a message whose envelope is a request's (`jsonrpc`, an id the SDK takes, a method, params an object),
 * whatever its params hold: a request whose `_meta` is wrong is answered to its id as wrong params, not as no message.
 */
function requestIdOf (body: Record<string, unknown>): JSONRPCRequest['id'] | null {
  const { jsonrpc, id, method, params } = body
  const paramsObject = params === undefined || (typeof params === 'object' && params !== null && !Array.isArray(params))
  if (jsonrpc !== '2.0' || typeof method !== 'string' || !paramsObject) return null
  return typeof id === 'string' || Number.isSafeInteger(id) ? id as JSONRPCRequest['id'] : null
}

const VERSIONS = SUPPORTED_PROTOCOL_VERSIONS.join(', ')

/**
 * The JSON-RPC message of a POST /mcp, or why it is refused: a body that is not JSON (415, as on every route), not
 * parseable, absent, a batch (the protocol dropped them in 2025-06-18) or not a JSON-RPC 2.0 message; an Accept header
 * without both answer types; a request after `initialize` in an MCP-Protocol-Version this server does not speak; a
 * request whose params its method cannot take (answered, as a JSON-RPC error, with 200).
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
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    const id = isRequest && issue.path[0] === 'params' ? requestIdOf(body as Record<string, unknown>) : null
    if (id !== null) return paramsRefusal(issue, id)
    return refusal(400, ErrorCode.InvalidRequest, 'Invalid Request: not a JSON-RPC 2.0 message')
  }
  const version = request.headers['mcp-protocol-version']
  const initialize = 'method' in parsed.data && parsed.data.method === 'initialize'
  if (!initialize && typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return refusal(400, -32000, `Bad Request: Unsupported protocol version (supported versions: ${VERSIONS})`)
  }
  if (!('method' in parsed.data && 'id' in parsed.data)) return parsed.data
  return invalidParams(parsed.data) ?? withoutTask(parsed.data)
}

/**
 * The request as this server runs it. It declares no `tasks` capability, and the specification (2025-11-25, Tasks)
 * says such a receiver MUST process a task-augmented request normally, ignoring the augmentation; the SDK instead
 * refuses it with -32603, so the `task` field is dropped before the SDK sees it.
 */
function withoutTask (request: JSONRPCRequest): JSONRPCRequest {
  if (request.params === undefined || !('task' in request.params)) return request
  const { task: _ignored, ...params } = request.params
  return { ...request, params }
}

export const isRefusal = (value: JSONRPCMessage | Refusal): value is Refusal => !('jsonrpc' in value)
