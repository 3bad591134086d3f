import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEY, testApp } from '../helpers/app.js'

// The generic provider's options, shared by verify, sign and conformance: a signature prefix no header value can
// carry (a line break, a character past ASCII) is a 422 of validation, before anything is signed or sent. Sent in a
// conformance delivery's header, one such prefix once left the call unanswered and every later delivery to that
// receiver waiting.

const generic = (prefix: string) => ({ provider: 'generic-hmac', secret: 's', generic: { header_name: 'X-Sig', prefix } })

let app: FastifyInstance
let receiver: Server
let deliveries = 0
beforeAll(async () => {
  receiver = createServer((_request, response) => { deliveries++; response.end() })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  app = await testApp({}, undefined, { fetchPolicy: { allowCidrs: ['127.0.0.1/32'] } })
})
afterAll(async () => {
  await app.close()
  await new Promise((resolve) => receiver.close(resolve))
})

describe('a generic prefix no header can carry', () => {
  it.each(['v1=\r\n', 'v1=\nX-Other: 1', 'sig\u0100='])('is a 422 on verify, sign and conformance, nothing sent: %j', async (prefix) => {
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
    const calls = [
      ['/v1/webhooks/verify', { ...generic(prefix), payload: '{}', headers: { 'X-Sig': 'v1=00' } }],
      ['/v1/webhooks/sign', { ...generic(prefix), payload: '{}' }],
      ['/v1/webhooks/conformance', { ...generic(prefix), endpoint_url: endpoint }]
    ] as const
    for (const [url, payload] of calls) {
      const res = await app.inject({ method: 'POST', url, headers: KEY, payload })
      expect([url, res.statusCode, res.json().detail[0].loc]).toEqual([url, 422, ['body', 'generic', 'prefix']])
    }
    expect(deliveries).toBe(0)
  })

  it('still takes a printable prefix, and a receiver answers the deliveries it signs', async () => {
    const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
    const res = await app.inject({ method: 'POST', url: '/v1/webhooks/conformance', headers: KEY, payload: { ...generic('sha256='), endpoint_url: endpoint } })
    expect(res.statusCode).toBe(200)
    expect(deliveries).toBeGreaterThan(0)
  })
})
