import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROVIDER_IDS } from '../../src/domain/providers/index.js'
import { KEY, testApp } from '../helpers/app.js'

describe('GET /v1/webhooks/providers', () => {
  let app: FastifyInstance
  beforeAll(async () => { app = await testApp() })
  afterAll(async () => { await app.close() })

  it('lists every provider with its scheme, headers, replay protection and default tolerance', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/webhooks/providers', headers: KEY })
    expect(res.statusCode).toBe(200)
    const { providers } = res.json()
    expect(providers.map((p: { provider: string }) => p.provider)).toEqual([...PROVIDER_IDS])
    expect(providers).toHaveLength(60)
    expect(providers.slice(0, 6).map((p: { provider: string }) => p.provider)).toEqual(['github', 'slack', 'stripe', 'shopify', 'generic-hmac', 'standard-webhooks'])
    expect(providers.find((p: { provider: string }) => p.provider === 'paddle')).toMatchObject({
      signature_headers: ['Paddle-Signature'], timestamp_header: 'Paddle-Signature (ts=)', replay_protected: true
    })
    expect(providers.find((p: { provider: string }) => p.provider === 'typeform'))
      .toMatchObject({ signature_scheme: 'hmac-sha256-base64', replay_protected: false })
    expect(providers.find((p: { provider: string }) => p.provider === 'linear').timestamp_header).toContain('webhookTimestamp')
    expect(providers.find((p: { provider: string }) => p.provider === 'stripe')).toMatchObject({
      signature_scheme: 'hmac-sha256-hex', signature_headers: ['Stripe-Signature'], replay_protected: true, default_tolerance_seconds: 300
    })
    expect(providers.find((p: { provider: string }) => p.provider === 'shopify')).toMatchObject({
      signature_scheme: 'hmac-sha256-base64', replay_protected: false, default_tolerance_seconds: null, timestamp_header: null
    })
    expect(providers.find((p: { provider: string }) => p.provider === 'standard-webhooks').signature_headers).toEqual(['webhook-signature', 'svix-signature'])
  })

  it('lists the key format, the aliases and the URL-signing providers, and PayPal out of scope with its reason', async () => {
    const { providers, out_of_scope: outOfScope } = (await app.inject({ method: 'GET', url: '/v1/webhooks/providers', headers: KEY })).json()
    const byId = (id: string) => providers.find((p: { provider: string }) => p.provider === id)
    expect(byId('standard-webhooks').aliases).toEqual(expect.arrayContaining(['Svix', 'Clerk', 'Resend', 'OpenAI']))
    expect(byId('discord')).toMatchObject({ signature_scheme: 'ed25519-hex', key_format: expect.stringContaining('64 hex'), replay_protected: true })
    expect(byId('plaid').key_format).toContain('JWK')
    expect(providers.filter((p: { requires_url: boolean }) => p.requires_url).map((p: { provider: string }) => p.provider).sort()).toEqual(['hubspot', 'mailchimp', 'square', 'trello', 'twilio'])
    for (const provider of providers) expect(Object.keys(provider)).toEqual(expect.arrayContaining(['key_format', 'aliases', 'requires_url', 'default_tolerance_seconds']))
    // The senders that sign inside the body: no header, the field named in the signed content.
    expect(byId('mailgun')).toMatchObject({ signature_headers: [], replay_protected: true, signed_content: expect.stringContaining('<signature.timestamp><signature.token>') })
    expect(byId('adyen')).toMatchObject({ signature_headers: [], key_format: 'hex', signed_content: expect.stringContaining('additionalData.hmacSignature') })
    expect(outOfScope).toEqual([{ name: 'PayPal', reason: expect.stringContaining('PAYPAL-CERT-URL') }])
  })

  it('needs an API key and counts against the quota like every business endpoint', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/webhooks/providers' })).statusCode).toBe(401)
    const res = await app.inject({ method: 'GET', url: '/v1/webhooks/providers', headers: KEY })
    expect(res.headers['x-ratelimit-remaining']).toBeDefined()
    const again = await app.inject({ method: 'GET', url: '/v1/webhooks/providers', headers: KEY })
    expect(Number(again.headers['x-ratelimit-remaining'])).toBe(Number(res.headers['x-ratelimit-remaining']) - 1)
  })
})
