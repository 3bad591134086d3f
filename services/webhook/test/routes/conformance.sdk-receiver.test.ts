import type { Server } from 'node:http'
import type { AddressInfo, ListenOptions } from 'node:net'
import { createServer } from 'node:http'
import { HttpReceiver, LogLevel } from '@zoom/rivet/users'
import twilio from 'twilio'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEY, testApp } from '../helpers/app.js'

// The suite against a provider's own receiver: Zoom's official @zoom/rivet HttpReceiver, on 127.0.0.1, which answers
// 200 to what it verifies and 400 to the rest. What it accepts cross-checks this service's signing; what the suite
// finds is how that receiver verifies: over JSON.stringify of the parsed body, and without looking at the clock.
const SECRET = 'zoom-webhook-secret-token'
const now = (): number => Math.floor(Date.now() / 1000)

let app: FastifyInstance
let zoom: HttpReceiver
let endpoint: string
let twilioServer: Server
let twilioBase: string
const TWILIO_TOKEN = '12345678901234567890123456789012'

beforeAll(async () => {
  app = await testApp({}, now, { fetchPolicy: { allowCidrs: ['127.0.0.1/32'] } })
  // start(port) takes no host, but hands `port` to Node's server.listen() as it is (rivet 0.4's source), and listen()
  // takes { port, host } as well as a number: given that, rivet listens on 127.0.0.1 only. `port: 0` here lets its
  // check of the argument (a number, or a port in the options) pass.
  zoom = new HttpReceiver({ webhooksSecretToken: SECRET, logLevel: LogLevel.ERROR, port: 0 })
  const loopback: ListenOptions = { port: 0, host: '127.0.0.1' }
  const server = await zoom.start(loopback as unknown as number) as Server
  const address = server.address() as AddressInfo
  // Listening on loopback only, never on every interface
  expect(address.address).toBe('127.0.0.1')
  endpoint = `http://127.0.0.1:${address.port}/zoom/events`
  // Twilio's validateRequest over the URL the receiver was called at, rebuilt from its Host and request line
  twilioServer = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
      const url = `http://${request.headers.host ?? ''}${request.url ?? '/'}`
      const valid = twilio.validateRequest(TWILIO_TOKEN, String(request.headers['x-twilio-signature']), url, params)
      response.writeHead(valid ? 204 : 403).end(valid ? '' : `signature refused for ${url}`)
    })
  })
  await new Promise<void>((resolve) => twilioServer.listen(0, '127.0.0.1', resolve))
  twilioBase = `http://127.0.0.1:${(twilioServer.address() as AddressInfo).port}`
})

afterAll(async () => {
  await app.close()
  await zoom.stop()
  await new Promise((resolve) => twilioServer.close(resolve))
})

const grade = async (payload?: string) => (await app.inject({
  method: 'POST',
  url: '/v1/webhooks/conformance',
  headers: KEY,
  payload: { provider: 'zoom', endpoint_url: endpoint, secret: SECRET, ...(payload === undefined ? {} : { payload }) }
})).json()

const verdicts = (result: { checks: Array<{ name: string, status: number | null, passed: boolean }> }) =>
  Object.fromEntries(result.checks.map((check) => [check.name, [check.status, check.passed]]))

describe('the zoom suite against @zoom/rivet\'s own receiver', () => {
  it('is accepted where signed, refused where forged, and found not to check the timestamp', async () => {
    const result = await grade('{"event":"meeting.started","event_ts":1700000000000,"payload":{"account_id":"acc_1","object":{"id":"85"}}}')
    expect(verdicts(result)).toEqual({
      valid: [200, true],
      tampered_body: [400, true],
      tampered_signature: [400, true],
      other_secret: [400, true],
      stale_timestamp: [200, false],
      missing_signature: [400, true],
      reserialised_body: [400, true],
      valid_again: [200, true]
    })
    expect(result.grade).toBe('fail')
  })

  it('refuses the suite\'s pretty-printed event: it verifies a re-serialised body, not the raw one', async () => {
    const result = await grade()
    expect(result.checks[0]).toMatchObject({ name: 'valid', status: 400, passed: false })
    expect(result.checks[0].finding).toContain('it probably verifies a re-serialised body')
  })
})

describe('the twilio suite against twilio\'s validateRequest, on an endpoint_url not in normal form', () => {
  // The suite requests the parsed URL; the signature must be over that URL, which is the one the receiver rebuilds.
  it.each(['/hooks', '/x/../hooks', '/hooks#frag', '/hooks?', '/h%6Foks'])('passes a receiver that verifies, at %s', async (path) => {
    const result = (await app.inject({
      method: 'POST',
      url: '/v1/webhooks/conformance',
      headers: KEY,
      payload: { provider: 'twilio', endpoint_url: `${twilioBase}${path}`, secret: TWILIO_TOKEN, payload: 'Body=hi&From=%2B1555' }
    })).json()
    expect(result.checks.filter((check: { passed: boolean }) => !check.passed)).toEqual([])
    expect(result.grade).toBe('pass')
  })
})
