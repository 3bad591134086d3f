import { checkOpenApi } from '@utility-apis/service-kit/testing'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROVIDER_IDS } from '../src/domain/providers/index.js'
import { KEY, postVerify, testApp } from './helpers/app.js'
import { delivery } from './helpers/deliveries.js'

describe('the webhook app', () => {
  let app: FastifyInstance
  beforeAll(async () => { app = await testApp({ adminKey: 'admin-key' }) })
  afterAll(async () => { await app.close() })

  it('serves a valid OpenAPI 3.1 document, version 0.1.0, with both business routes secured', async () => {
    const { errors, document, paths, unsecured } = await checkOpenApi(app)
    expect(errors).toEqual([])
    expect(document.info.version).toBe('0.1.0')
    expect(paths).toEqual(expect.arrayContaining(['/v1/webhooks/verify', '/v1/webhooks/providers']))
    expect(unsecured).not.toContain('POST /v1/webhooks/verify')
    expect(unsecured).not.toContain('GET /v1/webhooks/providers')
    const verify = document.paths['/v1/webhooks/verify'].post
    expect(Object.keys(verify.responses)).toEqual(expect.arrayContaining(['200', '401', '413', '415', '422', '429']))
    const ref = verify.requestBody.content['application/json'].schema.$ref as string
    const body = document.components.schemas[ref.replace('#/components/schemas/', '')]
    for (const field of ['payload', 'headers', 'secret']) expect(body.properties[field]['x-sensitive']).toBe(true)
  })

  it('documents a request example for every provider whose documented response is what the service answers', async () => {
    const { document } = await checkOpenApi(app)
    const verify = document.paths['/v1/webhooks/verify'].post
    const requests = verify.requestBody.content['application/json'].examples
    const responses = verify.responses['200'].content['application/json'].examples
    for (const provider of PROVIDER_IDS) expect(requests[provider].value.provider).toBe(provider)
    for (const [name, example] of Object.entries(requests as Record<string, { value: unknown }>)) {
      const res = await postVerify(app, example.value)
      expect(res.json(), name).toEqual(responses[name].value)
    }
    expect(responses.github.value.valid).toBe(true)
    expect(responses['stripe-reserialised'].value.reason).toBe('signature_mismatch')
  })

  it('documents sign and conformance as secured operations with titled, strict request schemas and computed examples', async () => {
    const { errors, document, unsecured } = await checkOpenApi(app)
    expect(errors).toEqual([])
    for (const path of ['/v1/webhooks/sign', '/v1/webhooks/conformance']) {
      expect(unsecured).not.toContain(`POST ${path}`)
      const body = document.paths[path].post.requestBody.content['application/json']
      expect(Object.keys(body.examples).length).toBeGreaterThan(0)
    }
    const sign = document.paths['/v1/webhooks/sign'].post
    for (const [name, example] of Object.entries(sign.responses['200'].content['application/json'].examples as Record<string, { value: unknown }>)) {
      const request = sign.requestBody.content['application/json'].examples[name].value
      expect((await app.inject({ method: 'POST', url: '/v1/webhooks/sign', headers: KEY, payload: request })).json(), name).toEqual(example.value)
    }
    const graded = document.paths['/v1/webhooks/conformance'].post.responses['200'].content['application/json'].examples
    expect(Object.values(graded).map((example) => (example as { value: { grade: string } }).value.grade)).toEqual(['pass', 'fail'])
  })

  it('counts verdicts by provider and reason in the admin metrics and as Prometheus labels', async () => {
    await postVerify(app, delivery('slack', '{"a":1}'))
    await postVerify(app, { ...delivery('slack', '{"a":1}'), payload: '{"a":2}' })
    const metrics = (await app.inject({ method: 'GET', url: '/admin/metrics', headers: { 'x-admin-key': 'admin-key' } })).json()
    expect(metrics.verdicts['slack:valid']).toBeGreaterThanOrEqual(1)
    expect(metrics.verdicts['slack:signature_mismatch']).toBeGreaterThanOrEqual(1)
    const scrape = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer admin-key' } })).body
    expect(scrape).toMatch(/^verdicts_total\{provider="slack",reason="signature_mismatch",service="webhook"\} [1-9]/m)
  })

  it('answers /health without a key', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' })
    expect(res.json()).toMatchObject({ status: 'ok', service: 'webhook', version: '0.1.0' })
    expect((await app.inject({ method: 'GET', url: '/v1/webhooks/providers', headers: KEY })).statusCode).toBe(200)
  })
})
