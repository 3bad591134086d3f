import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEY, testApp } from '../helpers/app.js'

describe('GET /v1/webhooks/providers', () => {
  let app: FastifyInstance
  beforeAll(async () => { app = await testApp() })
  afterAll(async () => { await app.close() })

  it('lists every provider with its scheme, headers, replay protection and default tolerance', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/webhooks/providers', headers: KEY })
    expect(res.statusCode).toBe(200)
    const { providers } = res.json()
    expect(providers.map((p: { provider: string }) => p.provider)).toEqual(['github', 'slack', 'stripe', 'shopify', 'generic-hmac', 'standard-webhooks'])
    expect(providers.find((p: { provider: string }) => p.provider === 'stripe')).toMatchObject({
      signature_scheme: 'hmac-sha256-hex', signature_headers: ['Stripe-Signature'], replay_protected: true, default_tolerance_seconds: 300
    })
    expect(providers.find((p: { provider: string }) => p.provider === 'shopify')).toMatchObject({
      signature_scheme: 'hmac-sha256-base64', replay_protected: false, default_tolerance_seconds: null, timestamp_header: null
    })
    expect(providers.find((p: { provider: string }) => p.provider === 'standard-webhooks').signature_headers).toEqual(['webhook-signature', 'svix-signature'])
  })

  it('needs an API key and counts against the quota like every business endpoint', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/webhooks/providers' })).statusCode).toBe(401)
    const res = await app.inject({ method: 'GET', url: '/v1/webhooks/providers', headers: KEY })
    expect(res.headers['x-ratelimit-remaining']).toBeDefined()
    const again = await app.inject({ method: 'GET', url: '/v1/webhooks/providers', headers: KEY })
    expect(Number(again.headers['x-ratelimit-remaining'])).toBe(Number(res.headers['x-ratelimit-remaining']) - 1)
  })
})
