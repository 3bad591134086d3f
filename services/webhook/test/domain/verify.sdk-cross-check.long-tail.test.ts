import { encodeSignatureHeader, isValidSignature } from '@sanity/webhook'
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api'
import '@shopify/shopify-api/adapters/web-api'
import { getHmac } from '@shopify/shopify-api/test-helpers'
// Bolt's own verifier module: its index loads Socket Mode, whose undici needs a newer Node than the service runs on.
import { isValidSlackRequest } from '@slack/bolt/dist/receivers/verify-request.js'
import { WorkOS } from '@workos-inc/node'
import fc from 'fast-check'
import { parse as gocardlessParse } from 'gocardless-nodejs/webhooks'
import OpenAI from 'openai'
import Orb from 'orb-billing'
import { validateWebhook as replicateValidate } from 'replicate'
import smartcar from 'smartcar'
import { TelnyxWebhook } from 'telnyx/lib/webhooks'
import { describe, expect, it } from 'vitest'
import { PROVIDERS, type ProviderId } from '../../src/domain/providers/index.js'
import { signDelivery } from '../../src/domain/sign.js'
import { verifyWebhook } from '../../src/domain/verify.js'

// The providers of the long tail whose official Node library verifies (or signs) a delivery, checked both ways on
// random payloads and secrets: what this service signs, their library accepts; what their library signs, this
// service's verifier answers valid; and a body changed in one character is refused by both. Signed now, as the
// libraries read the clock.
const payloads = fc.oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }), fc.json({ maxDepth: 3 }))
const secrets = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 64 }).filter((secret) => secret.trim() !== '')
const RUNS = { numRuns: 50 }
const SILENT = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {}, setLevel: () => {}, getLevel: () => 'error', setName: () => {} } as never
const nowSeconds = (): number => Math.floor(Date.now() / 1000)
const tamper = (text: string, at: number): string => {
  const index = at % text.length
  return text.slice(0, index) + (text[index] === 'x' ? 'y' : 'x') + text.slice(index + 1)
}

async function accepts (library: () => unknown): Promise<boolean> {
  try {
    return await library() !== false
  } catch {
    return false
  }
}

const sign = (provider: ProviderId, payload: string, key: { secret: string } | { private_key: string } | { generate_test_key: true }) =>
  signDelivery(PROVIDERS[provider], { payload, ...key, timestamp: nowSeconds() }, nowSeconds())
const ours = (provider: ProviderId, payload: string, headers: Record<string, string>, secret: string): boolean =>
  verifyWebhook({ provider, payload, headers, secret, now_epoch_seconds: nowSeconds() }, nowSeconds()).valid

describe('agreement with the long tail\'s official libraries, both ways', () => {
  it('workos: @workos-inc/node webhooks.verifyHeader accepts ours, and computeSignature signs what we verify', async () => {
    const webhooks = new WorkOS('sk_test_cross_check').webhooks
    await fc.assert(fc.asyncProperty(payloads, secrets, fc.nat(), async (payload, secret, at) => {
      const signed = sign('workos', payload, { secret })
      const header = signed.headers['WorkOS-Signature']
      const theirs = async (body: string) => await accepts(async () => await webhooks.verifyHeader({ payload: body, sigHeader: header, secret }))
      expect(await theirs(payload)).toBe(true)
      const changed = tamper(payload, at)
      expect(await theirs(changed)).toBe(false)
      expect(ours('workos', changed, signed.headers, secret)).toBe(false)
      const millis = Date.now()
      const their = `t=${millis}, v1=${await webhooks.computeSignature(millis, payload, secret)}`
      expect(ours('workos', payload, { 'WorkOS-Signature': their }, secret)).toBe(true)
    }), RUNS)
    const event = JSON.stringify({ id: 'event_01', event: 'user.created', data: { id: 'user_01' }, created_at: '2026-01-01T00:00:00.000Z' })
    const signed = sign('workos', event, { secret: 'workos-secret' })
    const parsed = await webhooks.constructEvent({ payload: JSON.parse(event), sigHeader: signed.headers['WorkOS-Signature'], secret: 'workos-secret' })
    expect(parsed.id).toBe('event_01')
  })

  it('sanity: @sanity/webhook isValidSignature accepts ours, and encodeSignatureHeader signs what we verify', async () => {
    await fc.assert(fc.asyncProperty(payloads, secrets, fc.nat(), async (payload, secret, at) => {
      const signed = sign('sanity', payload, { secret })
      const header = signed.headers['sanity-webhook-signature']
      expect(await isValidSignature(payload, header, secret)).toBe(true)
      const changed = tamper(payload, at)
      expect(await isValidSignature(changed, header, secret)).toBe(false)
      expect(ours('sanity', changed, signed.headers, secret)).toBe(false)
      const their = await encodeSignatureHeader(payload, Date.now(), secret)
      expect(ours('sanity', payload, { 'sanity-webhook-signature': their }, secret)).toBe(true)
      expect(ours('sanity', payload, { 'sanity-webhook-signature': their }, `${secret}x`)).toBe(await isValidSignature(payload, their, `${secret}x`))
    }), RUNS)
  })

  it('orb: orb-billing webhooks.verifySignature and unwrap accept ours and refuse a changed body or secret', async () => {
    const webhooks = new Orb({ apiKey: 'orb-cross-check' }).webhooks
    await fc.assert(fc.asyncProperty(payloads, secrets, fc.nat(), async (payload, secret, at) => {
      const signed = sign('orb', payload, { secret })
      const theirs = async (body: string, key: string) => await accepts(() => { webhooks.verifySignature(body, signed.headers, key) })
      expect(await theirs(payload, secret)).toBe(true)
      const changed = tamper(payload, at)
      expect(await theirs(changed, secret)).toBe(false)
      expect(ours('orb', changed, signed.headers, secret)).toBe(false)
      expect(ours('orb', payload, signed.headers, `${secret}x`)).toBe(await theirs(payload, `${secret}x`))
    }), RUNS)
    const event = JSON.stringify({ id: 'evt_orb', type: 'resource_event.test', properties: { message: 'A test webhook from Orb. Happy building!' } })
    const signed = sign('orb', event, { secret: 'orb-secret' })
    expect(webhooks.unwrap(event, signed.headers, 'orb-secret')).toMatchObject({ id: 'evt_orb' })
  })

  it('telnyx: telnyx\'s TelnyxWebhook.verify accepts a delivery signed with a generated key, and refuses it changed', async () => {
    await fc.assert(fc.asyncProperty(payloads, fc.nat(), async (payload, at) => {
      const signed = sign('telnyx', payload, { generate_test_key: true })
      const key = signed.public_key as string
      const theirs = async (body: string, headers: Record<string, string>) => await accepts(async () => { await new TelnyxWebhook(key).verify(body, headers) })
      expect(await theirs(payload, signed.headers)).toBe(true)
      expect(ours('telnyx', payload, signed.headers, key)).toBe(true)
      const changed = tamper(payload, at)
      expect(await theirs(changed, signed.headers)).toBe(false)
      expect(ours('telnyx', changed, signed.headers, key)).toBe(false)
      // The SDK refuses a timestamp more than 5 minutes away either way; so does a stale one here.
      const stale = signDelivery(PROVIDERS.telnyx, { payload, private_key: signed.private_key as string, timestamp: nowSeconds() - 600 }, nowSeconds())
      expect(await theirs(payload, stale.headers)).toBe(false)
      expect(ours('telnyx', payload, stale.headers, key)).toBe(false)
    }), { numRuns: 20 })
  })

  it('gocardless: gocardless-nodejs webhooks.parse accepts ours, and its published vector verifies here', async () => {
    await fc.assert(fc.asyncProperty(secrets, fc.nat(), async (secret, at) => {
      const payload = JSON.stringify({ events: [{ id: `EV${at}`, action: 'created', resource_type: 'payments', links: {} }] })
      const signed = sign('gocardless', payload, { secret })
      const header = signed.headers['Webhook-Signature']
      const theirs = async (body: string) => await accepts(() => gocardlessParse(body, secret, header))
      expect(await theirs(payload)).toBe(true)
      const changed = tamper(payload, at)
      expect(await theirs(changed)).toBe(false)
      expect(ours('gocardless', changed, signed.headers, secret)).toBe(false)
    }), RUNS)
    const [demo] = PROVIDERS.gocardless.demos
    const published = '2693754819d3e32d7e8fcb13c729631f316c6de8dc1cf634d6527f1c07276e7e'
    expect(gocardlessParse(demo.payload, demo.secret, published).map((event) => event.id)).toEqual(['EV00BD05S5VM2T', 'EV00BD05TB8K63'])
    expect(ours('gocardless', demo.payload, { 'Webhook-Signature': published }, demo.secret)).toBe(true)
  })

  it('slack: @slack/bolt isValidSlackRequest accepts ours, and refuses a changed body, a changed secret and an old timestamp', async () => {
    await fc.assert(fc.asyncProperty(payloads, secrets, fc.nat(), async (payload, secret, at) => {
      const theirs = (body: string, key: string, headers: Record<string, string>) => isValidSlackRequest({
        signingSecret: key,
        body,
        headers: { 'x-slack-signature': headers['X-Slack-Signature'], 'x-slack-request-timestamp': Number(headers['X-Slack-Request-Timestamp']) },
        logger: SILENT
      })
      const signed = sign('slack', payload, { secret })
      expect(theirs(payload, secret, signed.headers)).toBe(true)
      const changed = tamper(payload, at)
      expect(theirs(changed, secret, signed.headers)).toBe(false)
      expect(ours('slack', changed, signed.headers, secret)).toBe(false)
      expect(ours('slack', payload, signed.headers, `${secret}x`)).toBe(theirs(payload, `${secret}x`, signed.headers))
      const old = signDelivery(PROVIDERS.slack, { payload, secret, timestamp: nowSeconds() - 600 }, nowSeconds())
      expect(theirs(payload, secret, old.headers)).toBe(false)
      expect(ours('slack', payload, old.headers, secret)).toBe(false)
    }), RUNS)
  })

  it('shopify: @shopify/shopify-api webhooks.validate accepts ours, and its test helper getHmac signs what we verify', async () => {
    const config = {
      apiKey: 'cross-check',
      scopes: [],
      hostName: 'app.example.com',
      apiVersion: ApiVersion.January26,
      isEmbeddedApp: false,
      logger: { level: LogSeverity.Error, log: () => {} }
    }
    // Shopify's library refuses a delivery without the headers Shopify sends beside the HMAC.
    const beside = { 'X-Shopify-Topic': 'orders/create', 'X-Shopify-Shop-Domain': 'shop.myshopify.com', 'X-Shopify-API-Version': '2026-01', 'X-Shopify-Webhook-Id': 'b54557e4' }
    await fc.assert(fc.asyncProperty(payloads, secrets, fc.nat(), async (payload, secret, at) => {
      const theirs = async (body: string, key: string, headers: Record<string, string>) => {
        const rawRequest = new Request('https://app.example.com/webhooks', { method: 'POST', headers: { ...beside, ...headers }, body })
        return (await shopifyApi({ ...config, apiSecretKey: key }).webhooks.validate({ rawBody: body, rawRequest })).valid
      }
      const signed = sign('shopify', payload, { secret })
      expect(await theirs(payload, secret, signed.headers)).toBe(true)
      const changed = tamper(payload, at)
      expect(await theirs(changed, secret, signed.headers)).toBe(false)
      expect(ours('shopify', changed, signed.headers, secret)).toBe(false)
      expect(ours('shopify', payload, { 'X-Shopify-Hmac-Sha256': getHmac(payload, secret) }, secret)).toBe(true)
    }), { numRuns: 25 })
  })

  it('smartcar: smartcar.verifyPayload accepts ours when the body is compact JSON, and hashChallenge signs what we verify', () => {
    // The SDK hashes JSON.stringify of the parsed body, so only a body in that form is compared; here the raw body is.
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 3 }), secrets, fc.nat(), (value, secret, at) => {
      const payload = JSON.stringify(value)
      const signed = sign('smartcar', payload, { secret })
      expect(smartcar.verifyPayload(secret, signed.headers['SC-Signature'], JSON.parse(payload))).toBe(true)
      expect(ours('smartcar', payload, { 'SC-Signature': smartcar.hashChallenge(secret, payload) }, secret)).toBe(true)
      const changed = tamper(payload, at)
      expect(ours('smartcar', changed, signed.headers, secret)).toBe(false)
      expect(smartcar.hashChallenge(secret, changed)).not.toBe(signed.headers['SC-Signature'])
    }), RUNS)
  })

  it('standard-webhooks aliases: openai webhooks.verifySignature and replicate validateWebhook accept ours, and refuse it changed', async () => {
    const openai = new OpenAI({ apiKey: 'sk-cross-check' }).webhooks
    await fc.assert(fc.asyncProperty(payloads, fc.uint8Array({ minLength: 24, maxLength: 32 }), fc.nat(), async (payload, key, at) => {
      const secret = `whsec_${Buffer.from(key).toString('base64')}`
      const signed = sign('standard-webhooks', payload, { secret })
      const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature } = signed.headers
      const theirs = async (body: string) => [
        await accepts(async () => { await openai.verifySignature(body, signed.headers, secret) }),
        await accepts(async () => await replicateValidate({ id, timestamp, signature, body, secret }))
      ]
      expect(await theirs(payload)).toEqual([true, true])
      const changed = tamper(payload, at)
      expect(await theirs(changed)).toEqual([false, false])
      expect(ours('standard-webhooks', changed, signed.headers, secret)).toBe(false)
    }), RUNS)
  })
})
