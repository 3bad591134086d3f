import { createHmac } from 'node:crypto'
import { LinearWebhookClient } from '@linear/sdk/webhooks'
import Mux from '@mux/mux-node'
import { Paddle } from '@paddle/paddle-node-sdk'
import coinbase from 'coinbase-commerce-node'
import fc from 'fast-check'
import Razorpay from 'razorpay'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../src/domain/verify.js'

// Random payloads and secrets checked by the providers' official SDKs: our verdict must agree with theirs on valid
// and tampered deliveries. Where the SDK only verifies, the delivery is signed by the documented construction
// (node:crypto here) and both verdicts are compared. The SDKs that read the clock get deliveries signed now.
const payloads = fc.oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }), fc.json({ maxDepth: 3 }))
const secrets = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 64 }).filter((secret) => secret.trim() !== '')
const tamper = (text: string, at: number): string => {
  const index = at % text.length
  return text.slice(0, index) + (text[index] === 'x' ? 'y' : 'x') + text.slice(index + 1)
}
const hex = (secret: string, content: string): string => createHmac('sha256', secret).update(content, 'utf8').digest('hex')
const nowSeconds = (): number => Math.floor(Date.now() / 1000)
const RUNS = { numRuns: 100 }

async function agrees (sdk: () => unknown): Promise<boolean> {
  try {
    return await sdk() !== false
  } catch {
    return false
  }
}

describe('agreement with the providers\' official SDKs', () => {
  it('paddle: @paddle/paddle-node-sdk webhooks.isSignatureValid', async () => {
    const paddle = new Paddle('pdl_sdbx_apikey_cross_check')
    await fc.assert(fc.asyncProperty(payloads, secrets, fc.nat(), async (payload, secret, at) => {
      const ts = nowSeconds()
      const header = `ts=${ts};h1=${hex(secret, `${ts}:${payload}`)}`
      const sdk = async (body: string, key: string) => await agrees(async () => await paddle.webhooks.isSignatureValid(body, key, header))
      const ours = (body: string, key: string) =>
        verifyWebhook({ provider: 'paddle', payload: body, secret: key, headers: { 'Paddle-Signature': header }, now_epoch_seconds: ts }, 0).valid
      expect(ours(payload, secret)).toBe(true)
      expect(await sdk(payload, secret)).toBe(true)
      const changed = tamper(payload, at)
      expect(ours(changed, secret)).toBe(await sdk(changed, secret))
      expect(ours(payload, `${secret}!`)).toBe(await sdk(payload, `${secret}!`))
    }), RUNS)
  })

  it('linear: @linear/sdk LinearWebhookClient.verify, with webhookTimestamp in the signed body', async () => {
    await fc.assert(fc.asyncProperty(payloads, secrets, fc.nat(), async (text, secret, at) => {
      const millis = Date.now()
      const payload = JSON.stringify({ type: 'Issue', action: 'create', data: { text }, webhookTimestamp: millis })
      const signature = hex(secret, payload)
      const sdk = async (body: string) => await agrees(() => new LinearWebhookClient(secret).verify(Buffer.from(body), signature))
      const ours = (body: string) =>
        verifyWebhook({ provider: 'linear', payload: body, secret, headers: { 'Linear-Signature': signature }, now_epoch_seconds: Math.floor(millis / 1000) }, 0).valid
      expect(ours(payload)).toBe(true)
      expect(await sdk(payload)).toBe(true)
      const changed = tamper(payload, at)
      expect(ours(changed)).toBe(await sdk(changed))
    }), RUNS)
  })

  it('mux: @mux/mux-node webhooks.verifySignature', async () => {
    const mux = new Mux({ tokenId: 'cross-check', tokenSecret: 'cross-check' })
    await fc.assert(fc.asyncProperty(payloads, secrets, fc.nat(), async (payload, secret, at) => {
      const t = nowSeconds()
      const headers = { 'mux-signature': `t=${t},v1=${hex(secret, `${t}.${payload}`)}` }
      const sdk = async (body: string, key: string) => await agrees(async () => { await mux.webhooks.verifySignature(body, headers, key) })
      const ours = (body: string, key: string) => verifyWebhook({ provider: 'mux', payload: body, secret: key, headers, now_epoch_seconds: t }, 0).valid
      expect(ours(payload, secret)).toBe(true)
      expect(await sdk(payload, secret)).toBe(true)
      const changed = tamper(payload, at)
      expect(ours(changed, secret)).toBe(await sdk(changed, secret))
      expect(ours(payload, `${secret}0`)).toBe(await sdk(payload, `${secret}0`))
    }), RUNS)
  })

  it('razorpay: Razorpay.validateWebhookSignature', () => {
    fc.assert(fc.property(payloads, secrets, fc.nat(), (payload, secret, at) => {
      const signature = hex(secret, payload)
      const sdk = (body: string, key: string) => Razorpay.validateWebhookSignature(body, signature, key)
      const ours = (body: string, key: string) =>
        verifyWebhook({ provider: 'razorpay', payload: body, secret: key, headers: { 'X-Razorpay-Signature': signature } }, 0).valid
      expect(ours(payload, secret)).toBe(true)
      expect(sdk(payload, secret)).toBe(true)
      const changed = tamper(payload, at)
      expect(ours(changed, secret)).toBe(sdk(changed, secret))
      expect(ours(payload, `${secret}x`)).toBe(sdk(payload, `${secret}x`))
    }), RUNS)
  })

  it('coinbase-commerce: coinbase-commerce-node Webhook.verifySigHeader', async () => {
    await fc.assert(fc.asyncProperty(payloads, secrets, fc.nat(), async (payload, secret, at) => {
      const signature = hex(secret, payload)
      const sdk = async (body: string, key: string) => await agrees(() => coinbase.Webhook.verifySigHeader(body, signature, key))
      const ours = (body: string, key: string) =>
        verifyWebhook({ provider: 'coinbase-commerce', payload: body, secret: key, headers: { 'X-CC-Webhook-Signature': signature } }, 0).valid
      expect(ours(payload, secret)).toBe(true)
      expect(await sdk(payload, secret)).toBe(true)
      const changed = tamper(payload, at)
      expect(ours(changed, secret)).toBe(await sdk(changed, secret))
      expect(ours(payload, `${secret}x`)).toBe(await sdk(payload, `${secret}x`))
    }), RUNS)
  })
})
