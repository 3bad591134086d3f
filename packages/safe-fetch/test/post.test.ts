import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSafeFetcher, FetchError } from '../src/index.js'
import { startFixture, type Fixture } from './helpers/fixture-server.js'

// POST, for signed callbacks: the body arrives as sent, a redirect is answered as it is (never followed, so a
// callback cannot be bounced to another address), and the address rules are the same as for GET.
let receiver: Fixture
let denied: Fixture
const received: Array<{ method: string, body: string, type: string | undefined }> = []
const fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'], hostMap: { 'hooks.test': '127.0.0.1' } })

beforeAll(async () => {
  receiver = await startFixture((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8') })
    request.on('end', () => {
      received.push({ method: request.method ?? '', body, type: request.headers['content-type'] })
      if (request.url === '/moved') response.writeHead(307, { location: '/elsewhere' }).end()
      else response.writeHead(204).end()
    })
  })
  denied = await startFixture((_request, response) => response.end('internal'), '127.0.0.2')
})

afterAll(async () => {
  await fetcher.close()
  await Promise.all([receiver.close(), denied.close()])
})

describe('POST', () => {
  test('sends its body and headers and answers the status', async () => {
    const body = JSON.stringify({ type: 'job.completed' })
    const response = await fetcher.fetch(`http://hooks.test:${receiver.port}/hook`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
    expect(response.status).toBe(204)
    expect(received.at(-1)).toEqual({ method: 'POST', body, type: 'application/json' })
  })

  test('answers a redirect as it is instead of following it', async () => {
    const before = receiver.requests
    const response = await fetcher.fetch(`http://hooks.test:${receiver.port}/moved`, { method: 'POST', body: '{}' })
    expect(response.status).toBe(307)
    expect(receiver.requests).toBe(before + 1)
  })

  test('is refused for an address that is not allowed, without a connection', async () => {
    const connections = await denied.settledConnections()
    const error = await fetcher.fetch(`http://127.0.0.2:${denied.port}/hook`, { method: 'POST', body: '{}' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FetchError)
    expect((error as FetchError).code).toBe('FETCH_ERR_BLOCKED')
    expect(await denied.settledConnections()).toBe(connections)
  })
})
