import { randomUUID } from 'node:crypto'
import { validateHeaderValue } from 'node:http'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { FastifyInstance } from 'fastify'
import { inject } from 'light-my-request'
import { messages, type ValidationIssue } from '@utility-apis/fastapi-errors'
import type { DerivedTool, RouteCall } from './mcp-tools.js'

/** What a tool call carries from its /mcp request to the route it runs. */
export interface CallContext {
  /** The caller's credentials as they came (X-API-Key, Authorization, the marketplace proxy's headers). */
  credentials: Record<string, string>
  /** The /mcp request's id: the route's answer and its logs carry the same one. */
  requestId: string
  /** Marks the route's request as a tool call (its access line and logs name the tool). */
  marker: { header: string, value: (tool: string) => string }
}

/** How a tool call ended, for `mcp_tool_calls_total{tool,outcome}`. */
export type ToolOutcome = 'ok' | 'invalid_arguments' | 'refused' | 'failed'
export const TOOL_OUTCOMES: readonly ToolOutcome[] = ['ok', 'invalid_arguments', 'refused', 'failed']

export interface ToolAnswer {
  result: CallToolResult
  outcome: ToolOutcome
  /** The route's X-RateLimit-* headers (the quota after this call), for the /mcp answer to carry as every route's does. */
  quotaHeaders: Record<string, string>
}

const QUOTA_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']

/** One route's answer: its status, JSON body (or text) and the headers a tool error names. */
interface RouteAnswer {
  status: number
  body: unknown
  payload: string
  retryAfter: string | undefined
  quotaHeaders: Record<string, string>
}

type Arguments = Record<string, unknown>

const outcomeOf = (status: number): ToolOutcome =>
  status < 300 ? 'ok' : status === 422 ? 'invalid_arguments' : status < 500 ? 'refused' : 'failed'

type Place = 'path' | 'query' | 'header'

// A lone surrogate: no URL or header can carry it (encodeURIComponent throws on one, a query string makes it U+FFFD)
const LONE_SURROGATE = /\p{Cs}/u
const NOT_A_VALUE = 'Value error, a path, query or header argument is one string, number or boolean, as a URL or a header carries it'
const NOT_TEXT = 'Value error, not text a URL or a header can carry (a lone surrogate, or a control character in a header)'

/**
 * A path, query or header argument as an HTTP client would send it, or the issue of one HTTP cannot express: a string
 * as it is, a number or boolean written out; an object, an array or a string no URL or header carries is refused, never
 * sent as JSON text that the route would take for a string.
 */
function textOf (place: Place, name: string, value: unknown): string | ValidationIssue {
  const text = typeof value === 'string' ? value : typeof value === 'boolean' ? String(value) : typeof value === 'number' ? numberText(value) : null
  if (text === null) return { type: 'value_error', loc: [place, name], msg: NOT_A_VALUE, input: value }
  const carried = !LONE_SURROGATE.test(text) && (place !== 'header' || validHeaderValue(text))
  if (!carried) return { type: 'value_error', loc: [place, name], msg: NOT_TEXT, input: value }
  // a header's value is what is left without its outer spaces and tabs (RFC 9110, 5.5): every server reads it so, and
  // an Idempotency-Key " k " sent as a header is "k", the key a retry over HTTP names
  return place === 'header' ? text.replace(/^[ \t]+|[ \t]+$/g, '') : text
}

/**
 * A number as JSON text. The message's parser reads a number too large for a double (`1e400`) as Infinity, which JSON
 * cannot write (JSON.stringify gives `null`): it is written back as a number that overflows again, so the route reads
 * and refuses it as it does over HTTP (`int_from_float`), never as a null an optional field takes.
 */
const numberText = (value: number): string => Object.is(value, -0) ? '-0' : Number.isFinite(value) ? String(value) : value > 0 ? '1e400' : '-1e400'

/** A body as JSON text, a number too large for a double written as one (`numberText`). */
function bodyText (body: Arguments): string {
  let overflow: string | null = null
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (typeof value !== 'number' || Number.isFinite(value)) return value
    // a mark no string of the arguments can hold (a fresh random one), replaced by the number once the text is written
    overflow ??= `overflow-${randomUUID()}`
    return `${overflow}${value > 0 ? '+' : '-'}`
  })
  return overflow === null ? text : text.replaceAll(`"${overflow}+"`, '1e400').replaceAll(`"${overflow}-"`, '-1e400')
}

function validHeaderValue (text: string): boolean {
  try {
    validateHeaderValue('x', text)
    return true
  } catch {
    // a value Node refuses to send (CR, LF, NUL, a character past U+00FF): it could never reach the route over HTTP
    return false
  }
}

/** A 422 the tool answers itself, for arguments HTTP could not even express (a path parameter left out, or a dot segment). */
function invalid (issues: ValidationIssue[], requestId: string): RouteAnswer {
  const body = { detail: issues, code: 'validation_failed', request_id: requestId }
  return { status: 422, body, payload: JSON.stringify(body), retryAfter: undefined, quotaHeaders: {} }
}

/**
 * A path argument that is a whole dot segment. URLs remove `.` and `..` segments (RFC 3986, 5.2.4), percent-encoded
 * or not (`%2E`, `%2e`): `inject` would run `GET /v1/jobs/..` as `GET /v1/` (a 405), and no HTTP client that
 * normalises its URL can send it either. No encoding carries such a value to the route, so it is refused as an
 * argument HTTP cannot express, naming the argument, in the route's own 422 shape.
 */
const DOT_SEGMENT = /^\.\.?$/
const DOT_SEGMENT_MESSAGE = 'Value error, a path parameter cannot be "." or "..", which URLs remove'

/** The request that runs `call` with these arguments: its URL, body and the headers it declares. */
interface RouteRequest {
  url: string
  body: Arguments | undefined
  headers: Record<string, string>
}

/** The request that runs `call` with these arguments, or the 422 of arguments that cannot make one. */
function requestOf (call: RouteCall, args: Arguments, requestId: string): RouteRequest | RouteAnswer {
  // The common tool: a route whose arguments are all its body, which they are as they came
  if (call.pathParams.length === 0 && call.queryParams.size === 0 && call.headerParams.size === 0) {
    return { url: call.url, body: call.hasBody ? args : undefined, headers: {} }
  }
  let url = call.url
  const issues: ValidationIssue[] = []
  for (const name of call.pathParams) {
    const value = args[name]
    const text = value === undefined || value === null ? undefined : textOf('path', name, value)
    if (text === undefined) issues.push({ type: 'missing', loc: ['path', name], msg: messages.missing(), input: null })
    else if (typeof text !== 'string') issues.push(text)
    else if (DOT_SEGMENT.test(text)) issues.push({ type: 'value_error', loc: ['path', name], msg: DOT_SEGMENT_MESSAGE, input: value })
    else url = url.replace(`:${name}`, encodeURIComponent(text))
  }
  const query = new URLSearchParams()
  // Entries, not assignments: an argument named `__proto__` assigned to a plain object would set its prototype and
  // vanish from the JSON, so the route would never see (and refuse) it
  const fields: Array<[string, unknown]> = []
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(args)) {
    if (call.pathParams.includes(name) || value === undefined) continue
    const header = call.headerParams.get(name)
    const place = header !== undefined ? 'header' : call.queryParams.has(name) ? 'query' : null
    if (place === null) {
      fields.push([name, value])
      continue
    }
    // null, as a model writes an optional argument it leaves out, is left out: never the text "null"
    if (value === null) continue
    const text = textOf(place, name, value)
    if (typeof text !== 'string') issues.push(text)
    else if (header !== undefined) headers[header] = text
    else query.append(name, text)
  }
  if (issues.length > 0) return invalid(issues, requestId)
  const search = query.toString()
  return { url: search === '' ? url : `${url}?${search}`, body: call.hasBody ? Object.fromEntries(fields) : undefined, headers }
}

async function runRoute (app: FastifyInstance, tool: string, call: RouteCall, args: Arguments, context: CallContext): Promise<RouteAnswer> {
  const request = requestOf(call, args, context.requestId)
  if ('status' in request) return request
  const headers: Record<string, string> = {
    // the route's own headers first: what the caller's request says of credentials and ids is never an argument's
    ...request.headers,
    ...context.credentials,
    'x-request-id': context.requestId,
    // The JSON answer, whatever else the route can answer (a report as HTML, results as NDJSON)
    accept: 'application/json',
    [context.marker.header]: context.marker.value(tool)
  }
  if (request.body !== undefined) headers['content-type'] = 'application/json'
  // Fastify's inject, without its refusal once the app is closing: a tool call sent on a kept-alive connection while
  // the server drains is answered as every route's request then is (its /mcp request holds the close until it ends)
  const response = await inject(app.routing, {
    method: call.method as 'GET' | 'POST' | 'DELETE',
    url: request.url,
    headers,
    payload: request.body === undefined ? undefined : bodyText(request.body)
  })
  const type = response.headers['content-type']
  const json = typeof type === 'string' && type.startsWith('application/json')
  const retryAfter = response.headers['retry-after']
  const quotaHeaders: Record<string, string> = {}
  for (const name of QUOTA_HEADERS) if (response.headers[name] !== undefined) quotaHeaders[name] = String(response.headers[name])
  return {
    quotaHeaders,
    status: response.statusCode,
    body: json ? response.json() : response.payload,
    payload: response.payload,
    retryAfter: retryAfter === undefined ? undefined : String(retryAfter)
  }
}

/**
 * A failed call as the model reads it (SEP-1303): the route's error body (`detail` with `loc`, `code`,
 * `request_id`), its status and Retry-After, as text, so the model can correct its arguments or wait. Never
 * `structuredContent`, which clients check against the output schema.
 */
function toolError (answer: RouteAnswer): CallToolResult {
  const body = typeof answer.body === 'object' && answer.body !== null ? answer.body : { detail: answer.payload }
  const retryAfter = answer.retryAfter === undefined ? {} : { retry_after: Number(answer.retryAfter) }
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ status: answer.status, ...body, ...retryAfter }) }] }
}

/** The forbidden use of a body field the tool leaves out, answered as the route answers an unknown field. */
function omittedIn (tool: DerivedTool, args: Arguments, requestId: string): RouteAnswer | null {
  const given = (tool.declaration.omit ?? []).filter((name) => name in args)
  if (given.length === 0) return null
  return invalid(given.map((name) => ({ type: 'extra_forbidden', loc: ['body', name], msg: messages.extraForbidden(), input: args[name] })), requestId)
}

/**
 * Runs a tool: exactly what its route runs (validation, quota, handler, error mapping) through Fastify's `inject`,
 * with the caller's credentials and request id. A 2xx answer is the result's `structuredContent` and, as text, its
 * JSON; any other answer is a tool error.
 */
export async function runTool (app: FastifyInstance, tool: DerivedTool, args: Arguments, context: CallContext): Promise<ToolAnswer> {
  const omitted = omittedIn(tool, args, context.requestId)
  if (omitted !== null) return { result: toolError(omitted), outcome: 'invalid_arguments', quotaHeaders: {} }
  if ('method' in tool.calls) {
    const answer = await runRoute(app, tool.declaration.name, tool.calls as RouteCall, args, context)
    const { quotaHeaders } = answer
    if (answer.status >= 300) return { result: toolError(answer), outcome: outcomeOf(answer.status), quotaHeaders }
    return { result: successOf(answer.body, answer.payload), outcome: 'ok', quotaHeaders }
  }
  const structured: Arguments = {}
  for (const [name, call] of Object.entries(tool.calls)) {
    const answer = await runRoute(app, tool.declaration.name, call, args, context)
    if (answer.status >= 300) return { result: toolError(answer), outcome: outcomeOf(answer.status), quotaHeaders: answer.quotaHeaders }
    structured[name] = answer.body
  }
  // the routes of several answers read a job, which is never charged
  return { result: successOf(structured, JSON.stringify(structured)), outcome: 'ok', quotaHeaders: {} }
}

function successOf (body: unknown, text: string): CallToolResult {
  const content: CallToolResult['content'] = [{ type: 'text', text }]
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? { content, structuredContent: body as Arguments } : { content }
}
