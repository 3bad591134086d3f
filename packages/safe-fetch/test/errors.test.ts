import { describe, expect, test } from 'vitest'
import { toFetchError } from '../src/errors.js'
import { FetchError } from '../src/index.js'

const context = { url: 'http://example.test/', redirects: [{ url: 'http://a.test/', status: 301, location: 'http://example.test/' }] }

function coded (code: string, message = `${code} 10.0.0.1:443`): Error {
  return Object.assign(new Error(message), { code })
}

describe('toFetchError', () => {
  test.each([
    ['ECONNREFUSED', 'FETCH_ERR_CONNECT'],
    ['ECONNRESET', 'FETCH_ERR_CONNECT'],
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
