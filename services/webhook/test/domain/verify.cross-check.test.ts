import { createHmac, timingSafeEqual } from 'node:crypto'
import { sign as octokitSign, verify as octokitVerify, verifyWithFallback } from '@octokit/webhooks-methods'
import fc from 'fast-check'
import { Webhook } from 'standardwebhooks'
import Stripe from 'stripe'
import { Webhook as SvixWebhook } from 'svix'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../src/domain/verify.js'

// Random payloads and secrets signed by the official libraries: our verdict must agree with theirs on valid and
// tampered deliveries. Only inputs every library accepts are generated (octokit and Stripe throw on an empty body).
const payloads = fc.oneof(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 300 }), fc.json({ maxDepth: 3 }))
const secrets = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 64 }).filter((secret) => secret.trim() !== '')
const tamper = (text: string, at: number): string => {
  const index = at % text.length
  const replacement = text[index] === 'x' ? 'y' : 'x'
  return text.slice(0, index) + replacement + text.slice(index + 1)
}
const RUNS = { numRuns: 150 }

async function octokitAgrees (secret: string, payload: string, signature: string): Promise<boolean> {
  return await octokitVerify(secret, payload, signature)
}

describe('agreement with the official libraries', () => {
  it('github: @octokit/webhooks-methods sign and verify', async () => {
    await fc.assert(fc.asyncProperty(payloads, secrets, fc.nat(), async (payload, secret, at) => {
      const signature = await octokitSign(secret, payload)
      const ours = (body: string, key: string) => verifyWebhook({ provider: 'github', payload: body, secret: key, headers: { 'X-Hub-Signature-256': signature } }, 0).valid
      expect(ours(payload, secret)).toBe(true)
      expect(await octokitAgrees(secret, payload, signature)).toBe(true)
      const changed = tamper(payload, at)
      expect(ours(changed, secret)).toBe(await octokitAgrees(secret, changed, signature))
      expect(ours(payload, `${secret}!`)).toBe(await octokitAgrees(`${secret}!`, payload, signature))
    }), RUNS)
  })

  it('stripe: generateTestHeaderString and verifyHeader', () => {
    fc.assert(fc.property(payloads, secrets, fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }), fc.nat(), (payload, secret, timestamp, at) => {
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp })
      const stripeSays = (body: string, key: string, now: number): boolean => {
        try {
          return Stripe.webhooks.signature?.verifyHeader(body, header, key, 300, undefined, now * 1000) === true
        } catch {
          return false
        }
      }
      const ours = (body: string, key: string, now: number) =>
        verifyWebhook({ provider: 'stripe', payload: body, secret: key, headers: { 'Stripe-Signature': header }, now_epoch_seconds: now }, 0).valid
      for (const now of [timestamp, timestamp + 300, timestamp + 301]) expect(ours(payload, secret, now)).toBe(stripeSays(payload, secret, now))
      const changed = tamper(payload, at)
      expect(ours(changed, secret, timestamp)).toBe(stripeSays(changed, secret, timestamp))
      expect(ours(payload, `${secret}x`, timestamp)).toBe(false)
      expect(stripeSays(payload, `${secret}x`, timestamp)).toBe(false)
    }), RUNS)
  })

  it('standard-webhooks: the standardwebhooks library sign and verify', () => {
    const keys = fc.uint8Array({ minLength: 24, maxLength: 64 }).map((bytes) => `whsec_${Buffer.from(bytes).toString('base64')}`)
    const ids = fc.stringMatching(/^msg_[A-Za-z0-9]{1,24}$/)
    fc.assert(fc.property(payloads, keys, ids, fc.nat(), (payload, secret, id, at) => {
      const now = Math.floor(Date.now() / 1000)
      const wh = new Webhook(secret)
      const headers = { 'webhook-id': id, 'webhook-timestamp': String(now), 'webhook-signature': wh.sign(id, new Date(now * 1000), payload) }
      const librarySays = (body: string, verifier: Webhook): boolean => {
        try {
          verifier.verify(body, headers, { jsonParse: false })
          return true
        } catch {
          return false
        }
      }
      const ours = (body: string, key: string) => verifyWebhook({ provider: 'standard-webhooks', payload: body, secret: key, headers, now_epoch_seconds: now }, 0).valid
      expect(ours(payload, secret)).toBe(true)
      expect(librarySays(payload, wh)).toBe(true)
      const changed = tamper(payload, at)
      expect(ours(changed, secret)).toBe(librarySays(changed, wh))
      const other = `whsec_${Buffer.from('another key, another sender, 32b').toString('base64')}`
      expect(ours(payload, other)).toBe(librarySays(payload, new Webhook(other)))
    }), RUNS)
  })

  it('slack: the HMAC and constant-time comparison as the Slack SDKs compute them', () => {
    // @slack/bolt: hmac sha256 of `v0:${ts}:${body}` with the signing secret, hex, compared with tsscmp.
    const slackSdkVerify = (secret: string, timestamp: number, body: string, signature: string): boolean => {
      const expected = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`
      return expected.length === signature.length && timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
    }
    fc.assert(fc.property(payloads, secrets, fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }), fc.nat(), (payload, secret, timestamp, at) => {
      const signature = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${payload}`).digest('hex')}`
      const headers = { 'X-Slack-Request-Timestamp': String(timestamp), 'X-Slack-Signature': signature }
      const ours = (body: string, key: string) => verifyWebhook({ provider: 'slack', payload: body, secret: key, headers, now_epoch_seconds: timestamp }, 0).valid
      expect(ours(payload, secret)).toBe(slackSdkVerify(secret, timestamp, payload, signature))
      const changed = tamper(payload, at)
      expect(ours(changed, secret)).toBe(slackSdkVerify(secret, timestamp, changed, signature))
      expect(ours(payload, `${secret}0`)).toBe(slackSdkVerify(`${secret}0`, timestamp, payload, signature))
    }), RUNS)
  })

  it('github with several secrets: @octokit/webhooks-methods verifyWithFallback', async () => {
    const lists = fc.array(secrets, { minLength: 1, maxLength: 10 })
    await fc.assert(fc.asyncProperty(payloads, lists, fc.nat(), fc.nat(), async (payload, list, pick, at) => {
      const signature = await octokitSign(list[pick % list.length], payload)
      const ours = (body: string, keys: string[]) =>
        verifyWebhook({ provider: 'github', payload: body, secrets: keys, headers: { 'X-Hub-Signature-256': signature } }, 0)
      const theirs = async (body: string, keys: string[]) => await verifyWithFallback(keys[0], body, signature, keys.slice(1)) === true
      expect(ours(payload, list).valid).toBe(await theirs(payload, list))
      expect(ours(payload, list).matched_secret_index).toBe(list.indexOf(list[pick % list.length]))
      const changed = tamper(payload, at)
      expect(ours(changed, list).valid).toBe(await theirs(changed, list))
      const others = list.map((key) => `${key}!`)
      expect(ours(payload, others).valid).toBe(await theirs(payload, others))
    }), { numRuns: 100 })
  })

  it('standard-webhooks with Svix\'s header names: the svix library sign and verify', () => {
    const keys = fc.uint8Array({ minLength: 24, maxLength: 64 }).map((bytes) => `whsec_${Buffer.from(bytes).toString('base64')}`)
    fc.assert(fc.property(payloads, keys, fc.nat(), (payload, secret, at) => {
      const now = Math.floor(Date.now() / 1000)
      const wh = new SvixWebhook(secret)
      const id = `msg_${at}`
      const headers = { 'svix-id': id, 'svix-timestamp': String(now), 'svix-signature': wh.sign(id, new Date(now * 1000), payload) }
      const librarySays = (body: string): boolean => {
        try {
          wh.verify(body, headers)
          return true
        } catch {
          return false
        }
      }
      const ours = (body: string) => verifyWebhook({ provider: 'standard-webhooks', payload: body, secret, headers, now_epoch_seconds: now }, 0).valid
      expect(ours(payload)).toBe(true)
      expect(librarySays(payload)).toBe(true)
      const changed = tamper(payload, at)
      expect(ours(changed)).toBe(librarySays(changed))
    }), RUNS)
  })
})
