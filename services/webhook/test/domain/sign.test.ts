import { generateKeyPairSync } from 'node:crypto'
import { Signature } from '@hubspot/api-client'
import { LinearWebhookClient } from '@linear/sdk/webhooks'
import Mux from '@mux/mux-node'
import { sign as octokitSign, verify as octokitVerify } from '@octokit/webhooks-methods'
import { Paddle } from '@paddle/paddle-node-sdk'
import { EventWebhook } from '@sendgrid/eventwebhook'
import { verifyKey } from 'discord-interactions'
import Razorpay from 'razorpay'
import { WebhooksHelper } from 'square'
import { Webhook } from 'standardwebhooks'
import Stripe from 'stripe'
import { Webhook as SvixWebhook } from 'svix'
import twilio from 'twilio'
import { describe, expect, it } from 'vitest'
import { PROVIDERS } from '../../src/domain/providers/index.js'
import { signDelivery, SignRefusal, type SignRequest } from '../../src/domain/sign.js'

// Deliveries this service signs, checked by each provider's own library; where the library signs too, both
// signatures must be the same bytes. Signed now, as the libraries that read the clock expect.
const BODY = '{"id":"evt_1","type":"test","data":{"note":"héllo","n":1}}'
const now = (): number => Math.floor(Date.now() / 1000)
const sign = (provider: keyof typeof PROVIDERS, request: SignRequest) => signDelivery(PROVIDERS[provider], request, now())

describe('signed deliveries, cross-checked with the providers\' libraries', () => {
  it('stripe: the header of generateTestHeaderString, and constructEvent accepts ours', () => {
    const secret = 'whsec_cross_check_secret'
    const timestamp = now()
    const ours = sign('stripe', { payload: BODY, secret, timestamp })
    expect(ours.headers['Stripe-Signature']).toBe(Stripe.webhooks.generateTestHeaderString({ payload: BODY, secret, timestamp }))
    expect(new Stripe('sk_test_x').webhooks.constructEvent(BODY, ours.headers['Stripe-Signature'], secret).id).toBe('evt_1')
  })

  it('standard-webhooks: standardwebhooks and svix sign the same v1 signature, and verify ours under both header names', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
    const timestamp = now()
    const ours = sign('standard-webhooks', { payload: BODY, secret, timestamp, id: 'msg_cross' })
    const at = new Date(timestamp * 1000)
    expect(ours.headers['webhook-signature']).toBe(new Webhook(secret).sign('msg_cross', at, BODY))
    expect(ours.headers['webhook-signature']).toBe(new SvixWebhook(secret).sign('msg_cross', at, BODY))
    expect(() => new Webhook(secret).verify(BODY, ours.headers)).not.toThrow()
    const svixHeaders = Object.fromEntries(Object.entries(ours.headers).map(([name, value]) => [name.replace('webhook-', 'svix-'), value]))
    expect(() => new SvixWebhook(secret).verify(BODY, svixHeaders)).not.toThrow()
    expect(() => new SvixWebhook(secret).verify(`${BODY} `, svixHeaders)).toThrow()
  })

  it('github: @octokit/webhooks-methods signs the same and verifies ours', async () => {
    const ours = sign('github', { payload: BODY, secret: 'octokit-secret' })
    expect(ours.headers['X-Hub-Signature-256']).toBe(await octokitSign('octokit-secret', BODY))
    expect(await octokitVerify('octokit-secret', BODY, ours.headers['X-Hub-Signature-256'])).toBe(true)
  })

  it('twilio: getExpectedTwilioSignature gives the same signature, and validateRequest accepts ours', () => {
    const url = 'https://example.com/sms?tenant=7'
    const form = 'To=%2B15005550006&From=%2B15005550001&Body=hello+there'
    const params = Object.fromEntries(new URLSearchParams(form))
    const ours = sign('twilio', { payload: form, secret: 'twilio-token', url })
    expect(ours.headers['X-Twilio-Signature']).toBe(twilio.getExpectedTwilioSignature('twilio-token', url, params))
    expect(twilio.validateRequest('twilio-token', ours.headers['X-Twilio-Signature'], url, params)).toBe(true)
  })

  it('square, hubspot, paddle, linear, mux and razorpay: each library verifies ours', async () => {
    const url = 'https://example.com/hooks?portal=1'
    const square = sign('square', { payload: BODY, secret: 'square-key', url })
    expect(await WebhooksHelper.verifySignature({
      requestBody: BODY, signatureHeader: square.headers['X-Square-HmacSha256-Signature'], signatureKey: 'square-key', notificationUrl: url
    })).toBe(true)
    const hubspot = sign('hubspot', { payload: BODY, secret: 'hubspot-secret', url, method: 'POST' })
    expect(Signature.isValid({
      signatureVersion: 'v3',
      signature: hubspot.headers['X-HubSpot-Signature-v3'],
      method: 'POST',
      clientSecret: 'hubspot-secret',
      requestBody: BODY,
      url,
      timestamp: Number(hubspot.headers['X-HubSpot-Request-Timestamp'])
    })).toBe(true)
    const paddle = sign('paddle', { payload: BODY, secret: 'pdl_ntfset_cross' })
    expect(await new Paddle('pdl_sdbx_apikey_x').webhooks.isSignatureValid(BODY, 'pdl_ntfset_cross', paddle.headers['Paddle-Signature'])).toBe(true)
    const linear = sign('linear', { payload: BODY, secret: 'lin_wh_cross' })
    expect(JSON.parse(linear.payload).webhookTimestamp).toBeGreaterThan(0)
    expect(new LinearWebhookClient('lin_wh_cross').verify(Buffer.from(linear.payload), linear.headers['Linear-Signature'])).toBe(true)
    const mux = sign('mux', { payload: BODY, secret: 'mux-secret' })
    await expect(new Mux({ tokenId: 'x', tokenSecret: 'x' }).webhooks.verifySignature(BODY, { 'mux-signature': mux.headers['Mux-Signature'] }, 'mux-secret'))
      .resolves.not.toThrow()
    const razorpay = sign('razorpay', { payload: BODY, secret: 'razorpay-secret' })
    expect(Razorpay.validateWebhookSignature(BODY, razorpay.headers['X-Razorpay-Signature'], 'razorpay-secret')).toBe(true)
  })

  it('discord and sendgrid: their libraries verify a delivery signed with a generated key', async () => {
    const discord = sign('discord', { payload: BODY, generate_test_key: true })
    expect(await verifyKey(BODY, discord.headers['X-Signature-Ed25519'], discord.headers['X-Signature-Timestamp'], discord.public_key as string)).toBe(true)
    const sendgrid = sign('sendgrid', { payload: BODY, generate_test_key: true })
    const events = new EventWebhook()
    const key = events.convertPublicKeyToECDSA(sendgrid.public_key as string)
    expect(events.verifySignature(key, BODY, sendgrid.headers['X-Twilio-Email-Event-Webhook-Signature'], sendgrid.headers['X-Twilio-Email-Event-Webhook-Timestamp']))
      .toBe(true)
  })
})

describe('signDelivery refusals', () => {
  const code = (provider: keyof typeof PROVIDERS, request: SignRequest): string => {
    try {
      sign(provider, request)
    } catch (error) {
      if (error instanceof SignRefusal) return error.code
      throw error
    }
    return 'signed'
  }
  const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()

  it('names each refusal with a stable snake_case code', () => {
    expect(code('discord', { payload: BODY, secret: 'abc' })).toBe('private_key_required')
    expect(code('plaid', { payload: BODY })).toBe('private_key_required')
    expect(code('github', { payload: BODY, generate_test_key: true })).toBe('private_key_not_supported')
    expect(code('github', { payload: BODY })).toBe('secret_required')
    expect(code('github', { payload: BODY, secret: 'a', private_key: p256 })).toBe('conflicting_keys')
    expect(code('discord', { payload: BODY, private_key: p256 })).toBe('invalid_private_key')
    expect(code('sendgrid', { payload: BODY, private_key: p256 })).toBe('signed')
    expect(code('adyen', { payload: BODY, secret: 'ab'.repeat(32) })).toBe('payload_not_signable')
    // a standard notification body, with a key that is not hex: the key is refused as every provider's is
    expect(code('adyen', { payload: PROVIDERS.adyen.demos[0].payload, secret: 'not hex' })).toBe('invalid_secret')
    expect(code('linear', { payload: 'not json', secret: 'a' })).toBe('payload_not_signable')
  })

  // Each secret here is one that the libraries refuse, or decode to other bytes than the key format does: signing it with
  // an empty key (the old fallback) gave one signature for all of them, which no receiver and not verify accepts.
  const SDK_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
  it.each([
    ['not base64', 'not base64!!', 'incorrect characters'],
    ['a space after whsec_', 'whsec_ MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'incorrect characters'],
    ['under 4 characters', 'whsec_AA', 'incorrect padding']
  ])('standard-webhooks: refuses a secret %s as invalid_secret, as standardwebhooks and svix refuse it', (_, secret, sdkError) => {
    expect(() => new Webhook(secret)).toThrow(sdkError)
    expect(() => new SvixWebhook(secret)).toThrow(sdkError)
    expect(code('standard-webhooks', { payload: BODY, secret })).toBe('invalid_secret')
  })

  it('standard-webhooks: refuses a pasted secret with a trailing newline, saying so, rather than signing with no key', () => {
    const secret = `${SDK_SECRET}\n`
    // the libraries sign with the secret's bytes all the same: the signature with an empty key was nobody's
    expect(new Webhook(secret).sign('msg_1', new Date(0), BODY)).toBe(new Webhook(SDK_SECRET).sign('msg_1', new Date(0), BODY))
    expect(code('standard-webhooks', { payload: BODY, secret })).toBe('invalid_secret')
    expect(() => sign('standard-webhooks', { payload: BODY, secret })).toThrow(/whitespace before or after it.*not trimmed/)
    expect(() => sign('standard-webhooks', { payload: BODY, secret })).not.toThrow(/MfKQ/)
  })

  it.each([
    ['hex', 'not hex'], ['hex', 'abc'], ['base64', 'not base64!!'], ['hex', `${'ab'.repeat(16)}\n`]
  ] as const)('generic-hmac: refuses a secret that is not its key_encoding %s (%j) as invalid_secret', (encoding, secret) => {
    const generic = { header_name: 'X-Sig', key_encoding: encoding }
    expect(code('generic-hmac', { payload: BODY, secret, generic })).toBe('invalid_secret')
    // the same secret as text is a key like any other
    expect(code('generic-hmac', { payload: BODY, secret, generic: { header_name: 'X-Sig' } })).toBe('signed')
  })

  it('reads a JWK private key as well as a PEM one', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const signed = sign('plaid', { payload: BODY, private_key: JSON.stringify(privateKey.export({ format: 'jwk' })) })
    expect(signed.signed_content).toMatch(/^[\w-]+\.[\w-]+$/)
    expect(signed.public_key).toBeUndefined()
  })
})
