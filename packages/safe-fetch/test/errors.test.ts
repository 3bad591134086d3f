import { once } from 'node:events'
import { maxHeaderSize } from 'node:http'
import { createServer, type AddressInfo } from 'node:net'
import { afterAll, describe, expect, test } from 'vitest'
import { toFetchError } from '../src/errors.js'
import { createSafeFetcher, FetchError } from '../src/index.js'

const context = { url: 'http://example.test/', redirects: [{ url: 'http://a.test/', status: 301, location: 'http://example.test/' }] }

function coded (code: string, message = `${code} 10.0.0.1:443`): Error {
  return Object.assign(new Error(message), { code })
}

describe('toFetchError', () => {
  test.each([
    ['ECONNREFUSED', 'FETCH_ERR_CONNECT'],
    ['ECONNRESET', 'FETCH_ERR_CONNECT'],
    ['UND_ERR_HEADERS_OVERFLOW', 'FETCH_ERR_PROTOCOL'],
    ['UND_ERR_SOCKET', 'FETCH_ERR_CONNECT'],
    ['ENOTFOUND', 'FETCH_ERR_DNS'],
    ['EAI_AGAIN', 'FETCH_ERR_DNS'],
    ['UND_ERR_CONNECT_TIMEOUT', 'FETCH_ERR_TIMEOUT'],
    ['UND_ERR_HEADERS_TIMEOUT', 'FETCH_ERR_TIMEOUT'],
    ['UND_ERR_BODY_TIMEOUT', 'FETCH_ERR_TIMEOUT'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'FETCH_ERR_TLS'],
    ['CERT_HAS_EXPIRED', 'FETCH_ERR_TLS'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'FETCH_ERR_TLS'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'FETCH_ERR_TLS'],
    ['HPE_INVALID_CONSTANT', 'FETCH_ERR_PROTOCOL'],
    ['Z_DATA_ERROR', 'FETCH_ERR_PROTOCOL'],
    ['ERR__ERROR_FORMAT_PADDING_1', 'FETCH_ERR_PROTOCOL'],
    ['UND_ERR_RES_CONTENT_LENGTH_MISMATCH', 'FETCH_ERR_PROTOCOL']
  ])('maps %s to %s without repeating the low-level message', (code, expected) => {
    const error = toFetchError(coded(code), context)
    expect(error).toBeInstanceOf(FetchError)
    expect(error.code).toBe(expected)
    expect(error.message).not.toContain('10.0.0.1')
    expect(error.url).toBe(context.url)
    expect(error.redirects).toEqual(context.redirects)
    expect((error.cause as Error).message).toContain('10.0.0.1')
  })

  test('an AbortSignal.timeout reason is a timeout', () => {
    const reason = new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    expect(toFetchError(reason, context).code).toBe('FETCH_ERR_TIMEOUT')
  })

  test('an unknown failure still becomes a FetchError', () => {
    expect(toFetchError(new Error('weird'), context)).toMatchObject({ code: 'FETCH_ERR_CONNECT', message: 'The request failed' })
  })

  test('a FetchError keeps its code and its own URL, and gains the chain', () => {
    const original = new FetchError('FETCH_ERR_BLOCKED', 'Target address is not allowed', { url: 'http://hop.test/', address: '10.0.0.1' })
    const mapped = toFetchError(original, context)
    expect(mapped).toBe(original)
    expect(mapped).toMatchObject({ url: 'http://hop.test/', address: '10.0.0.1', redirects: context.redirects })
    expect(toFetchError(new FetchError('FETCH_ERR_DNS', 'x'), context).url).toBe(context.url)
  })
})

/** A real TCP server that answers every request with `payload` as raw bytes, then closes the connection. */
async function rawServer (payload: string): Promise<{ url: string, close: () => Promise<void> }> {
  const server = createServer((socket) => {
    socket.on('error', () => {})
    socket.once('data', () => socket.end(payload))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/`, close: async () => { await new Promise((resolve) => server.close(resolve)) } }
}

const fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'] })
afterAll(async () => { await fetcher.close() })

describe('what a fetch from a server that breaks HTTP reports', () => {
  const head = 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n'
  test.each([
    ['headers over the limit', `${head}X-Big: ${'a'.repeat(maxHeaderSize)}\r\nContent-Length: 2\r\n\r\nok`,
      'FETCH_ERR_PROTOCOL', `The response headers are larger than ${maxHeaderSize / 1024} KiB`],
    ['too many small headers', `${head}${'X-H: v\r\n'.repeat(maxHeaderSize / 4)}Content-Length: 2\r\n\r\nok`,
      'FETCH_ERR_PROTOCOL', `The response headers are larger than ${maxHeaderSize / 1024} KiB`],
    ['no HTTP at all', 'SSH-2.0-OpenSSH_9.6\r\n', 'FETCH_ERR_PROTOCOL', 'The server sent a response that is not valid HTTP/1.1'],
    ['binary garbage', '\u0000\u0001\u00ff\u00fe\r\n\r\n', 'FETCH_ERR_PROTOCOL', 'The server sent a response that is not valid HTTP/1.1'],
    ['a status that is not a number', 'HTTP/1.1 2OO OK\r\n\r\n', 'FETCH_ERR_PROTOCOL', 'The server sent a response that is not valid HTTP/1.1'],
    ['a body shorter than its Content-Length on a kept-alive connection', `${head}Content-Length: 100\r\n\r\nonly this`,
      'FETCH_ERR_PROTOCOL', 'The connection closed before the whole response body arrived'],
    ['a body shorter than its Content-Length with Connection: close', `${head}Connection: close\r\nContent-Length: 100\r\n\r\nonly this`,
      'FETCH_ERR_PROTOCOL', 'The response body is shorter than its Content-Length'],
    ['an unfinished chunked body', `${head}Transfer-Encoding: chunked\r\n\r\n10\r\nabc`,
      'FETCH_ERR_PROTOCOL', 'The connection closed before the whole response body arrived'],
    ['a gzip body that is not gzip', `${head}Content-Encoding: gzip\r\nContent-Length: 5\r\n\r\nhello`,
      'FETCH_ERR_PROTOCOL', 'The response body does not match its Content-Encoding'],
    ['a close before any response', '', 'FETCH_ERR_CONNECT', 'The connection closed before the response arrived']
  ])('%s', async (_case, payload, code, message) => {
    const server = await rawServer(payload)
    try {
      const outcome = await fetcher.fetch(server.url).then(() => null, (error: unknown) => error)
      expect(outcome).toBeInstanceOf(FetchError)
      expect(outcome).toMatchObject({ code, message, url: server.url })
    } finally {
      await server.close()
    }
  })
})
