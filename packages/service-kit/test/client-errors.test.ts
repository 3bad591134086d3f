import { once } from 'node:events'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { MAX_PATH_PARAM_LENGTH } from '../src/client-errors.js'
import { testConfig } from '../src/index.js'
import { buildDemo } from './fixtures/demo-service.js'
import { captureLog } from './helpers/log-capture.js'

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

describe("what Fastify's router refuses before any route, in the kit's shape, headers and logs", () => {
  const log = captureLog()
  let routed: FastifyInstance
  beforeAll(async () => {
    routed = await buildDemo({ config: testConfig(), processMetrics: false, logger: { level: 'info', stream: log.stream } }, (target) => {
      target.get('/v1/items/:id', { config: { auth: true }, schema: { tags: ['demo'], summary: 'Item' } }, async (request) => ({ id: (request.params as { id: string }).id }))
    })
  })
  afterAll(async () => await routed.close())

  test.each([
    ['a path that is not valid percent-encoding', '/v1/items/%zz', 400, 'bad_request'],
    ['a path parameter over MAX_PATH_PARAM_LENGTH characters', `/v1/items/${'x'.repeat(MAX_PATH_PARAM_LENGTH + 1)}?token=secret-query`, 414, 'uri_too_long']
  ])('%s: {detail, code, request_id}, X-Request-Id, security headers, an access line and the metric', async (_name, url, status, code) => {
    const answer = await routed.inject({ method: 'GET', url, headers: { 'x-api-key': 'test-key', 'x-request-id': 'trace-bad-url' } })
    expect(answer.statusCode).toBe(status)
    expect(answer.json()).toEqual({ detail: expect.any(String), code, request_id: 'trace-bad-url' })
    expect(answer.headers['x-request-id']).toBe('trace-bad-url')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['cache-control']).toBe('no-store')
    // the detail is the kit's words: Fastify's quote the path, caller data
    expect(answer.body).not.toContain('xxxxxxxxxx')
    const line = log.lines.map((text) => JSON.parse(text)).findLast((entry) => entry.msg === 'request' && entry.reqId === 'trace-bad-url')
    expect(line).toMatchObject({ method: 'GET', route: 'unmatched', status })
    expect(JSON.stringify(line)).not.toContain('secret-query')
    const exposition = await routed.metrics.exposition()
    expect(exposition).toMatch(new RegExp(`http_request_duration_seconds_count\\{[^}]*route="unmatched"[^}]*status="${status}"[^}]*\\} [1-9]`))
  })

  test('takes a path parameter far over Fastify\'s default 100 characters: a logo route\'s percent-encoded domain URL', async () => {
    const id = encodeURIComponent(`https://${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.example/`)
    const answer = await routed.inject({ method: 'GET', url: `/v1/items/${id}`, headers: { 'x-api-key': 'test-key' } })
    expect(answer.statusCode).toBe(200)
    expect(answer.json().id).toBe(decodeURIComponent(id))
  })

  test('documents both: 400 on every operation, 414 on those with a path parameter', async () => {
    const paths = (await routed.inject({ method: 'GET', url: '/openapi.json' })).json().paths
    expect(paths['/v1/items/{id}'].get.responses['414'].description).toMatch(/`uri_too_long`/)
    expect(paths['/v1/items/{id}'].get.responses['400'].description).toMatch(/`bad_request`/)
    expect(paths['/v1/echo'].post.responses['414']).toBeUndefined()
    // a route's own 400 is its own
    expect(paths['/v1/forbidden'].post.responses['400']).toBeDefined()
  })
})
