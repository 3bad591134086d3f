import { once } from 'node:events'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { testConfig } from '../src/index.js'
import { buildDemo } from './fixtures/demo-service.js'

let app: FastifyInstance
let port: number

beforeAll(async () => {
  app = await buildDemo({ config: testConfig(), processMetrics: false, requestTimeoutMs: 1500 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  port = (app.server.address() as net.AddressInfo).port
})
afterAll(async () => await app.close())

/** Sends `chunks` on a raw connection and returns everything received until the server closes it. */
/** The answer's body, checked to carry the id its X-Request-Id header names. */
function bodyOf (answer: string): Record<string, unknown> {
  const [head, body] = answer.split('\r\n\r\n')
  const id = /\r\nx-request-id: ([0-9a-f-]{36})\r\n/.exec(head)?.[1]
  const parsed = JSON.parse(body)
  expect(parsed.request_id).toBe(id)
  return parsed
}

async function exchange (...chunks: string[]): Promise<string> {
  const socket = net.connect(port, '127.0.0.1')
  await once(socket, 'connect')
  let received = ''
  socket.on('data', (chunk) => { received += String(chunk) })
  for (const chunk of chunks) socket.write(chunk)
  await once(socket, 'close')
  return received
}

describe('requests Node answers before Fastify sees them, in the {"detail"} shape', () => {
  test('a body that does not arrive within the request timeout: 408, and the connection closed', async () => {
    const answer = await exchange('POST /v1/echo HTTP/1.1\r\nHost: x\r\nX-API-Key: test-key\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":')
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/)
    expect(bodyOf(answer)).toEqual({ detail: 'Request Timeout', code: 'request_timeout', request_id: expect.any(String) })
  }, 10_000)

  test('an error answer to HEAD has no body, the 431 included, so a keep-alive client reads the next answer whole', async () => {
    const big = await exchange(`HEAD /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(big).toMatch(/^HTTP\/1\.1 431 /)
    expect(big.split('\r\n\r\n')[1]).toBe('')
    // Fastify's error answers to HEAD, then a GET on the same keep-alive connection
    const answers = await exchange('HEAD /v1/lookup?year=2026 HTTP/1.1\r\nHost: x\r\n\r\n', 'HEAD /v1/nothing HTTP/1.1\r\nHost: x\r\n\r\n',
      'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    const parts = answers.split('\r\n\r\n')
    expect(parts.map((part) => /^HTTP\/1\.1 (\d+)/.exec(part)?.[1]).slice(0, 3)).toEqual(['401', '404', '200'])
    expect(parts[3]).toMatch(/^\{"status":"ok"/)
  })

  test('headers over 16 KiB: 431', async () => {
    const answer = await exchange(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    expect(answer).toMatch(/^HTTP\/1\.1 431 /)
    expect(bodyOf(answer)).toEqual({ detail: 'Request Header Fields Too Large', code: 'request_header_fields_too_large', request_id: expect.any(String) })
  })

  test('a request line that is not HTTP: 400', async () => {
    const answer = await exchange('HELLO\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.1 400 /)
    expect(bodyOf(answer)).toEqual({ detail: 'Bad Request', code: 'bad_request', request_id: expect.any(String) })
  })
})
