import { randomUUID } from 'node:crypto'
import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import { codeOfStatus, errorBody } from '@utility-apis/fastapi-errors'

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
