import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REFUSED_TARGETS } from '@utility-apis/safe-fetch/testing'
import { CONFORMANCE_UNITS, MAX_REQUESTS } from '../../src/domain/conformance.js'
import { KEY, testApp } from '../helpers/app.js'

// Four receivers of Standard Webhooks deliveries on 127.0.0.1, each a real HTTP server verifying (or not) with the
// standardwebhooks library, and one on 127.0.0.2, outside the allow list, that no request may reach.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const webhook = new Webhook(SECRET)

interface Receiver { url: string, port: number, connections: () => number, requests: Array<{ agent?: string, body: string }>, close: () => Promise<void> }
type Handler = (raw: string, headers: Record<string, string>, response: ServerResponse) => void

async function receiver (handler: Handler, host = '127.0.0.1'): Promise<Receiver> {
  const requests: Receiver['requests'] = []
  const server: Server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      requests.push({ agent: request.headers['user-agent'], body: raw })
      handler(raw, request.headers as Record<string, string>, response)
    })
  })
  let connections = 0
  server.on('connection', () => { connections++ })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as AddressInfo
  const close = async () => await new Promise<void>((resolve) => server.close(() => resolve()))
  return { url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/hooks`, port, connections: () => connections, requests, close }
}

/** Verifies the raw body with the library (which checks the timestamp) and acknowledges an id seen before, unprocessed. */
function verifying (answerBadWith = 401, reserialise = false): Handler {
  const seen = new Set<string>()
  return (raw, headers, response) => {
    try {
      const body = reserialise ? JSON.stringify(JSON.parse(raw)) : raw
      webhook.verify(body, headers)
    } catch {
      response.writeHead(answerBadWith, { 'content-type': 'text/plain' }).end(`signature refused ${'.'.repeat(500)}`)
      return
    }
    const id = headers['webhook-id']
    if (seen.has(id)) {
      response.writeHead(200).end('duplicate, ignored')
      return
    }
    seen.add(id)
    response.writeHead(204).end()
  }
}

let app: FastifyInstance
const receivers: Record<string, Receiver> = {}

beforeAll(async () => {
  app = await testApp({}, () => Math.floor(Date.now() / 1000), { fetchPolicy: { allowCidrs: ['127.0.0.1/32'] } })
  receivers.verifies = await receiver(verifying())
  receivers.acceptsAll = await receiver((raw, headers, response) => response.writeHead(200).end('ok'))
  receivers.reserialises = await receiver(verifying(401, true))
  receivers.fails500 = await receiver(verifying(500))
  receivers.crashes = await receiver((raw, headers, response) => response.writeHead(500).end('TypeError: cannot read properties of undefined'))
  receivers.redirects = await receiver((raw, headers, response) => response.writeHead(308, { location: '/hooks/v2' }).end())
  // accepts its first request, then rate-limits or is gone: it verifies nothing
  let limited = 0
  receivers.rateLimits = await receiver((raw, headers, response) => response.writeHead(++limited === 1 ? 200 : 429).end('slow down'))
  let gone = 0
  receivers.vanishes = await receiver((raw, headers, response) => response.writeHead(++gone === 1 ? 204 : 404).end())
  receivers.private = await receiver((raw, headers, response) => response.writeHead(200).end('internal'), '127.0.0.2')
})

afterAll(async () => {
  await app.close()
  await Promise.all(Object.values(receivers).map(async (entry) => { await entry.close() }))
})

const grade = async (endpoint: string, extra: Record<string, unknown> = {}) =>
  await app.inject({
    method: 'POST',
    url: '/v1/webhooks/conformance',
    headers: KEY,
    payload: { provider: 'standard-webhooks', endpoint_url: endpoint, secret: SECRET, ...extra }
  })

const named = (checks: Array<{ name: string }>, name: string) => checks.find((check) => check.name === name) as Record<string, unknown>

describe('POST /v1/webhooks/conformance', () => {
  it('passes a receiver that verifies the raw body, the timestamp and the id, in at most 12 requests named for the service', async () => {
    const res = await grade(receivers.verifies.url)
    expect(res.statusCode, res.body).toBe(200)
    const result = res.json()
    expect(result.checks.map((check: { name: string }) => check.name)).toEqual([
      'valid', 'replayed_id', 'tampered_body', 'tampered_signature', 'other_secret', 'stale_timestamp', 'missing_signature', 'reserialised_body',
      'valid_again'
    ])
    expect(result.checks.filter((check: { passed: boolean }) => !check.passed)).toEqual([])
    expect(result.grade).toBe('pass')
    expect(named(result.checks, 'valid')).toMatchObject({ expected: '2xx', status: 204, finding: null })
    expect(receivers.verifies.requests.length).toBeLessThanOrEqual(MAX_REQUESTS)
    for (const request of receivers.verifies.requests) expect(request.agent).toMatch(/webhook-conformance/)
    expect(res.headers['x-ratelimit-remaining']).toBeDefined()
  })

  it('fails a receiver that accepts everything, saying it is not verifying', async () => {
    const result = (await grade(receivers.acceptsAll.url)).json()
    expect(result.grade).toBe('fail')
    expect(named(result.checks, 'valid')).toMatchObject({ passed: true })
    expect(named(result.checks, 'tampered_body')).toMatchObject({
      passed: false, status: 200, finding: 'the endpoint accepted a body that was not signed: it is not verifying the signature over the raw body'
    })
    expect(named(result.checks, 'missing_signature').finding).toMatch(/without a signature: it is not verifying/)
    expect(named(result.checks, 'stale_timestamp').finding).toMatch(/does not check the timestamp/)
    // the repeat is acknowledged, as by a receiver that deduplicates: which of the two it is cannot be seen
    expect(named(result.checks, 'replayed_id')).toMatchObject({ expected: '2xx', status: 200, passed: true })
  })

  it('fails a receiver that verifies a re-serialised body: it refuses the valid delivery', async () => {
    const result = (await grade(receivers.reserialises.url)).json()
    expect(result.grade).toBe('fail')
    expect(named(result.checks, 'valid')).toMatchObject({
      passed: false, status: 401, finding: expect.stringContaining('it refused a valid delivery: it probably verifies a re-serialised body, not the raw one')
    })
    expect(named(result.checks, 'tampered_signature').passed).toBe(true)
  })

  it('fails a receiver that answers 500 to bad signatures, and keeps only 200 bytes of each answer', async () => {
    const result = (await grade(receivers.fails500.url)).json()
    expect(result.grade).toBe('fail')
    const tampered = named(result.checks, 'tampered_signature')
    expect(tampered).toMatchObject({ passed: false, status: 500, finding: expect.stringContaining('answer 4xx') })
    expect(Buffer.byteLength(tampered.response_start as string)).toBe(200)
    expect(named(result.checks, 'valid').passed).toBe(true)
  })

  it('says a 5xx or a redirect to the valid delivery is a failure or a moved endpoint, not a refused signature', async () => {
    const crashed = named((await grade(receivers.crashes.url)).json().checks, 'valid')
    expect(crashed).toMatchObject({ passed: false, status: 500 })
    expect(crashed.finding).toMatch(/^it answered 500 to a valid delivery: it failed/)
    expect(crashed.finding).not.toMatch(/re-serialised/)
    const moved = named((await grade(receivers.redirects.url)).json().checks, 'valid')
    expect(moved).toMatchObject({ passed: false, status: 308 })
    expect(moved.finding).toMatch(/^it answered 308, a redirect, to a valid delivery: senders do not follow redirects/)
  })

  it.each([['rateLimits', 429, 'rate limited'], ['vanishes', 404, 'not found']] as const)(
    'fails a receiver that accepts one delivery and then answers everything else %s (%i): that says nothing about signatures',
    async (name, status, meaning) => {
      const result = (await grade(receivers[name].url)).json()
      expect(result.grade).toBe('fail')
      expect(named(result.checks, 'valid')).toMatchObject({ passed: true })
      expect(named(result.checks, 'valid_again')).toMatchObject({ expected: '2xx', status, passed: false })
      expect(named(result.checks, 'tampered_signature')).toMatchObject({
        passed: false, status, finding: expect.stringContaining(`(${meaning}), which says nothing about the signature`)
      })
      expect(receivers[name].requests.length).toBe(result.checks.length)
    })

  it('refuses an endpoint on a private address without sending it anything (SSRF)', async () => {
    const res = await grade(receivers.private.url)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBe('Target address is not allowed')
    expect(receivers.private.requests).toEqual([])
  })

  it('costs a fixed number of units, and refuses keys and fields it cannot use', async () => {
    const before = Number((await grade(receivers.verifies.url)).headers['x-ratelimit-remaining'])
    const after = Number((await grade(receivers.verifies.url)).headers['x-ratelimit-remaining'])
    expect(before - after).toBe(CONFORMANCE_UNITS)
    expect((await grade(receivers.verifies.url, { secret: undefined })).json().detail).toMatch(/give secret/)
    // a key-pair provider without its private key is told what this route takes: generate_test_key is the sign route's
    const keyless = await grade(receivers.verifies.url, { provider: 'discord' })
    expect(keyless.json()).toMatchObject({ code: 'private_key_required' })
    expect(keyless.json().detail).toMatch(/give private_key \(or, on \/v1\/webhooks\/sign, generate_test_key/)
    expect((await grade(receivers.verifies.url, { provider: 'discord', secret: undefined, generate_test_key: true })).statusCode).toBe(422)
    expect((await grade(receivers.verifies.url, { extra: true })).statusCode).toBe(422)
    expect((await grade('ftp://example.com/')).statusCode).toBe(422)
  })
})

// The production policy (nothing allowed) and the list the fetcher's own tests run: every target it refuses is
// refused here before the suite sends anything, with the same 400, and costs nothing
describe('POST /v1/webhooks/conformance: targets the fetcher refuses', () => {
  let production: FastifyInstance
  const loopback: Record<'v4' | 'v6', Receiver> = {} as Record<'v4' | 'v6', Receiver>
  beforeAll(async () => {
    production = await testApp({ keys: 'refused-key,spent-key:0' }, () => Math.floor(Date.now() / 1000))
    loopback.v4 = await receiver((raw, headers, response) => response.writeHead(200).end('reached'))
    loopback.v6 = await receiver((raw, headers, response) => response.writeHead(200).end('reached'), '::1')
  })
  afterAll(async () => {
    await production.close()
    await Promise.all([loopback.v4.close(), loopback.v6.close()])
  })

  it.each(REFUSED_TARGETS.map((target) => [target.name, target.url] as const))('refuses %s', async (_name, url) => {
    const res = await production.inject({
      method: 'POST',
      url: '/v1/webhooks/conformance',
      headers: { 'x-api-key': 'refused-key' },
      payload: { provider: 'standard-webhooks', endpoint_url: url({ v4: loopback.v4.port, v6: loopback.v6.port }), secret: SECRET }
    })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code: 'target_not_allowed', detail: 'Target address is not allowed' })
    // Charged nothing: this key has only ever been refused
    expect(res.headers['x-ratelimit-remaining']).toBe(res.headers['x-ratelimit-limit'])
    // Refused before the quota decides: a key whose quota is spent is told the same, not 429
    const spent = await production.inject({
      method: 'POST',
      url: '/v1/webhooks/conformance',
      headers: { 'x-api-key': 'spent-key' },
      payload: { provider: 'standard-webhooks', endpoint_url: url({ v4: loopback.v4.port, v6: loopback.v6.port }), secret: SECRET }
    })
    expect(spent.statusCode, spent.body).toBe(400)
    expect(spent.json().code).toBe('target_not_allowed')
    expect([loopback.v4.connections(), loopback.v6.connections()]).toEqual([0, 0])
  })
})
