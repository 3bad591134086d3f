import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSafeFetcher, FetchError, type SafeFetcher } from '../src/index.js'
import { startFixture, type Fixture } from './helpers/fixture-server.js'

// A receiver that answers with what it received, and redirects /moved to itself.
let receiver: Fixture
let denied: Fixture
let fetcher: SafeFetcher

beforeAll(async () => {
  receiver = await startFixture((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.url === '/moved') {
        response.writeHead(307, { location: '/' }).end()
        return
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify({
        method: request.method,
        body: Buffer.concat(chunks).toString('utf8'),
        type: request.headers['content-type'],
        agent: request.headers['user-agent']
      }))
    })
  })
  denied = await startFixture((request, response) => response.end('internal'), '127.0.0.2')
  fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'], userAgent: 'test-agent/1' })
})

afterAll(async () => {
  await fetcher.close()
  await Promise.all([receiver.close(), denied.close()])
})

describe('POST', () => {
  test('sends the body byte for byte with the caller\'s content type and the policy\'s User-Agent', async () => {
    const body = '{"a": 1,\n "é": "\\u00e9"}\n'
    const result = await fetcher.fetch(`${receiver.origin}/`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
    expect(result.status).toBe(200)
    expect(JSON.parse(result.body.toString())).toEqual({ method: 'POST', body, type: 'application/json', agent: 'test-agent/1' })
  })

  test('never follows a redirect, so the body goes nowhere else', async () => {
    const before = receiver.requests
    const result = await fetcher.fetch(`${receiver.origin}/moved`, { method: 'POST', body: 'x' })
    expect(result).toMatchObject({ status: 307, redirects: [] })
    expect(receiver.requests).toBe(before + 1)
  })

  test('is refused for an address outside the allow list, without a connection', async () => {
    const before = await denied.settledConnections()
    const error = await fetcher.fetch(`${denied.origin}/`, { method: 'POST', body: 'x' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(FetchError)
    expect(error).toMatchObject({ code: 'FETCH_ERR_BLOCKED' })
    expect(await denied.settledConnections()).toBe(before)
  })

  test('sends a body only with POST', async () => {
    const result = await fetcher.fetch(`${receiver.origin}/`, { method: 'GET', body: 'x' })
    expect(JSON.parse(result.body.toString())).toMatchObject({ method: 'GET', body: '' })
  })
})
