import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { readFileSync } from 'node:fs'
import { connectMcpClient, httpAnswer, listenOnLoopback, readmeToolRows, rowOf, toolAnswer, USAGE_TOOL } from '@utility-apis/service-kit/testing'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONFORMANCE_UNITS } from '../../src/domain/conformance.js'
import { ConformanceRequestSchema, ConformanceResponseSchema } from '../../src/routes/conformance.schemas.js'
import { WEBHOOK_TOOLS } from '../../src/routes/mcp-tools.js'
import { ProvidersResponseSchema } from '../../src/routes/providers.schemas.js'
import { signRequestExamples } from '../../src/routes/sign.examples.js'
import { SignRequestSchema, SignResponseSchema } from '../../src/routes/sign.schemas.js'
import { verifyRequestExamples } from '../../src/routes/verify.examples.js'
import { VerifyRequestSchema, VerifyResponseSchema } from '../../src/routes/verify.schemas.js'
import { KEY, testApp } from '../helpers/app.js'

const json = (value: unknown) => JSON.parse(JSON.stringify(value))

let app: FastifyInstance
let client: Client
let receiver: Server
let receiverUrl: string
beforeAll(async () => {
  // a receiver on 127.0.0.1 that accepts everything: the grade says so, the same way each time
  receiver = createServer((request, response) => { request.resume().on('end', () => response.writeHead(200).end('ok')) })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`
  app = await testApp({ keys: 'test-key,metered-key' }, undefined, { fetchPolicy: { allowCidrs: ['127.0.0.1/32'] } })
  client = await connectMcpClient(await listenOnLoopback(app), KEY)
})
afterAll(async () => {
  await client?.close()
  await app?.close()
  await new Promise((resolve) => receiver?.close(resolve))
})

const post = (url: string, payload: unknown): InjectOptions => ({ method: 'POST', url, payload: payload as object })
const verifyExamples = Object.values(verifyRequestExamples).map((example) => example.value as Record<string, unknown>)
// the examples with a fixed id and timestamp: the same request signs the same delivery
const signExamples = Object.values(signRequestExamples).map((example) => example.value as Record<string, unknown>)
  .filter((value) => value.generate_test_key === undefined)

function cases (): Array<[string, string, Record<string, unknown>, InjectOptions]> {
  const grade = { provider: 'standard-webhooks', endpoint_url: receiverUrl, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }
  return [
    ...verifyExamples.map((body): [string, string, Record<string, unknown>, InjectOptions] =>
      ['verify_webhook', String(body.provider), body, post('/v1/webhooks/verify', body)]),
    ['verify_webhook', 'invalid: secret and secrets both given', { ...verifyExamples[0], secrets: ['a'] }, post('/v1/webhooks/verify', { ...verifyExamples[0], secrets: ['a'] })],
    ['verify_webhook', 'invalid: no payload', { provider: 'github', secret: 's' }, post('/v1/webhooks/verify', { provider: 'github', secret: 's' })],
    ...signExamples.map((body): [string, string, Record<string, unknown>, InjectOptions] =>
      ['sign_webhook', String(body.provider), body, post('/v1/webhooks/sign', body)]),
    ['sign_webhook', 'invalid: an unknown provider', { provider: 'nope', payload: '{}', secret: 's' }, post('/v1/webhooks/sign', { provider: 'nope', payload: '{}', secret: 's' })],
    ['check_webhook_receiver', 'a receiver on 127.0.0.1', grade, post('/v1/webhooks/conformance', grade)],
    ['check_webhook_receiver', 'invalid: a URL that is not one', { ...grade, endpoint_url: 'not a url' }, post('/v1/webhooks/conformance', { ...grade, endpoint_url: 'not a url' })],
    ['check_webhook_receiver', 'invalid: a private address', { ...grade, endpoint_url: 'http://127.0.0.2:9/hooks' },
      post('/v1/webhooks/conformance', { ...grade, endpoint_url: 'http://127.0.0.2:9/hooks' })],
    // no argument to get wrong: one it does not take is ignored, as HTTP ignores an unknown query parameter
    ['list_webhook_providers', 'no argument', {}, { method: 'GET', url: '/v1/webhooks/providers' }],
    ['list_webhook_providers', 'an argument it does not take', { provider: 'github' }, { method: 'GET', url: '/v1/webhooks/providers?provider=github' }],
    ['get_usage', 'no argument', {}, { method: 'GET', url: '/v1/usage' }]
  ]
}

/** A conformance grade without what differs from one run to the next: how long the receiver took. */
function withoutTimings (value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, inner) => key === 'elapsed_ms' || key === 'duration_ms' ? undefined : inner)
}

describe('the webhook service over MCP', () => {
  it("lists its tools with the routes' own schemas", async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['verify_webhook', 'sign_webhook', 'check_webhook_receiver', 'list_webhook_providers', 'get_usage'])
    expect(WEBHOOK_TOOLS).toHaveLength(4)
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]))
    expect(byName.verify_webhook.inputSchema).toEqual(json(VerifyRequestSchema))
    expect(byName.verify_webhook.outputSchema).toEqual({ ...json(VerifyResponseSchema), description: expect.any(String) })
    expect(byName.sign_webhook.inputSchema).toEqual(json(SignRequestSchema))
    expect(byName.sign_webhook.outputSchema).toEqual({ ...json(SignResponseSchema), description: expect.any(String) })
    expect(byName.check_webhook_receiver.inputSchema).toEqual(json(ConformanceRequestSchema))
    expect(byName.check_webhook_receiver.outputSchema).toEqual({ ...json(ConformanceResponseSchema), description: expect.any(String) })
    expect(byName.list_webhook_providers.inputSchema).toEqual({ type: 'object', properties: {} })
    expect(byName.list_webhook_providers.outputSchema).toEqual({ ...json(ProvidersResponseSchema), description: expect.any(String) })
    // the receiver check is the one tool that reaches out, and it sends requests
    expect(byName.check_webhook_receiver.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true })
    expect(byName.verify_webhook.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false })
  })

  it('answers each tool as the HTTP route answers the same input, valid or not', async () => {
    for (const [name, label, args, request] of cases()) {
      const result = await client.callTool({ name, arguments: args })
      const http = await app.inject({ ...request, headers: KEY })
      expect(withoutTimings(toolAnswer(result)), `${name}: ${label}`).toEqual(withoutTimings(httpAnswer(http)))
      expect(result.isError === true, `${name}: ${label}`).toBe(http.statusCode >= 300)
      expect(http.statusCode < 300, `${name}: ${label}`).toBe(!label.startsWith('invalid: '))
    }
  })

  it(`charges the receiver check its ${CONFORMANCE_UNITS} units, as the route does`, async () => {
    const headers = { 'x-api-key': 'metered-key' }
    const agent = await connectMcpClient(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, headers)
    try {
      await agent.callTool({ name: 'check_webhook_receiver', arguments: { provider: 'standard-webhooks', endpoint_url: receiverUrl, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } })
      expect((await app.inject({ method: 'GET', url: '/v1/usage', headers })).json().used).toBe(CONFORMANCE_UNITS)
    } finally {
      await agent.close()
    }
  })
})

describe('services/webhook/README.md', () => {
  it('lists every tool with the routes it runs and whether it reaches the web', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    expect(readmeToolRows(readme)).toEqual([...WEBHOOK_TOOLS, USAGE_TOOL].map(rowOf))
  })
})
