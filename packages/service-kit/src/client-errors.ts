import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { performance } from 'node:perf_hooks'
import { codeOfStatus, errorBody } from '@utility-apis/fastapi-errors'
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import type { Metrics } from './metrics.js'
import { logAccess, setResponseHeaders } from './request-hooks.js'

// What Node reports before a request reaches Fastify, answered in the services' {"detail": ...} shape.
const STATUS_BY_CODE: Record<string, number> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431
}

const HEAD = Buffer.from('HEAD ')

/** Fastify's clientErrorHandler: the answer to a request too slow, too large or malformed to parse. */
export function clientErrorHandler (error: Error & { code?: string, rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy()
    return
  }
  const status = STATUS_BY_CODE[error.code ?? ''] ?? 400
  // No request was parsed, so no caller's id: a fresh one, as for any request without its own
  const requestId = randomUUID()
  const body = errorBody(STATUS_CODES[status], codeOfStatus(status), requestId)
  // An answer to HEAD has no body (RFC 9110, 9.3.2): a client would read those bytes as the start of its next answer
  const head = Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, HEAD.length).equals(HEAD)
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\nx-request-id: ${requestId}\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${head ? '' : body}`)
}

/**
 * The longest path parameter the router takes (Fastify's default is 100): the logo route's domain, a URL of up to
 * 2,048 characters, arrives percent-encoded in one.
 */
export const MAX_PATH_PARAM_LENGTH = 8192

/**
 * What Fastify's router refuses before any route or hook runs, answered in the kit's shape. Details are fixed text:
 * Fastify's own messages quote the path, which is caller data.
 */
const FRAMEWORK_ERRORS: Record<string, { status: number, detail: string }> = {
  // `GET /v1/business-days/%zz`: a path that is not valid percent-encoding
  FST_ERR_BAD_URL: { status: 400, detail: 'Bad Request: the path is not valid percent-encoding' },
  // a path parameter over the router's maxParamLength
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, detail: `URI Too Long: a path parameter is longer than ${MAX_PATH_PARAM_LENGTH} characters` }
}

/**
 * Fastify's `frameworkErrors`. Fastify answers these from its router with a body of its own, before the request has a
 * route, so none of the kit's hooks run: this handler gives the answer what they give every other one (the
 * `{detail, code, request_id}` body, X-Request-Id and the security headers, the access line and the request metric).
 * Over MCP a tool's route answers the same, so the tool error carries the code and request id too.
 */
export function frameworkErrorHandler (metrics: Metrics) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const started = performance.now()
    const known = FRAMEWORK_ERRORS[error.code]
    const status = known?.status ?? 500
    const detail = known?.detail ?? 'Internal Server Error'
    const code = known === undefined ? 'internal_error' : codeOfStatus(status)
    if (known === undefined) request.log.error({ err: { type: error.name, code: error.code } }, 'unhandled framework error')
    setResponseHeaders(request, reply)
    reply.raw.once('finish', () => { logAccess(request, reply, metrics, performance.now() - started) })
    reply.code(status).type('application/json; charset=utf-8').send(errorBody(detail, code, request.id))
  }
}
