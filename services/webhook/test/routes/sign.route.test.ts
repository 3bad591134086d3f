import { generateKeyPairSync } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { PROVIDER_IDS, PROVIDERS, type ProviderId } from '../../src/domain/providers/index.js'
import { KEY, NO_SHEDDING, postVerify, testApp } from '../helpers/app.js'
import { delivery, GENERIC, SECRETS, URLS } from '../helpers/deliveries.js'
import { NOW } from '../helpers/sign.js'
import { testConfig } from '@utility-apis/service-kit'

const BODY = '{"event":"sign.test","data":{"amount":2599,"note":"héllo"}}'
const publicKeyOnly = (provider: ProviderId): boolean => PROVIDERS[provider].algorithm.kind === 'signature'
const urlOf = (provider: ProviderId): string | undefined => (URLS as Record<string, string>)[provider] ?? undefined

/** What to sign a provider's delivery with, and the request body: its body shape where it signs inside the body. */
function signRequest (provider: ProviderId): Record<string, unknown> {
  const url = urlOf(provider)
  return {
    provider,
    payload: PROVIDERS[provider].signsBodyFields === true ? delivery(provider, BODY).payload : BODY,
    ...(publicKeyOnly(provider) ? { generate_test_key: true } : { secret: SECRETS[provider] }),
    ...(url === undefined ? {} : { url }),
    ...(PROVIDERS[provider].configurable === undefined ? {} : { generic: GENERIC })
  }
}

let app: FastifyInstance
beforeAll(async () => { app = await testApp() })
afterAll(async () => { await app.close() })

const postSign = async (payload: unknown, target = app) =>
  await target.inject({ method: 'POST', url: '/v1/webhooks/sign', headers: KEY, payload: payload as object })

describe('POST /v1/webhooks/sign', () => {
  it.each(PROVIDER_IDS)('signs a %s delivery that verifies as valid with the same secret or the public key', async (provider) => {
    const request = signRequest(provider)
    const res = await postSign(request)
    expect(res.statusCode, res.body).toBe(200)
    const signed = res.json()
    expect(signed.provider).toBe(provider)
    const secret = publicKeyOnly(provider) ? signed.public_key : request.secret
    const verdict = (await postVerify(app, {
      provider,
      payload: signed.payload,
      headers: signed.headers,
      secret,
      ...(request.url === undefined ? {} : { url: request.url }),
      ...(request.generic === undefined ? {} : { generic: request.generic })
    })).json()
    expect(verdict, JSON.stringify(verdict.checks)).toMatchObject({ valid: true, reason: 'valid', provider })
    // A delivery signed at the app's clock is fresh; a changed body is not the one signed (GitLab's token signs nothing).
    if (provider !== PROVIDERS.gitlab.id && PROVIDERS[provider].signsBodyFields !== true) {
      const tampered = (await postVerify(app, { provider, payload: `${signed.payload} `, headers: signed.headers, secret, url: request.url, generic: request.generic })).json()
      expect(tampered.valid).toBe(false)
    }
  })

  it('says what is signed, as the provider documents it, at the given timestamp and id', async () => {
    const stripe = (await postSign({ provider: 'stripe', payload: BODY, secret: SECRETS.stripe, timestamp: 1700000123 })).json()
    expect(stripe.signed_content).toBe(`1700000123.${BODY}`)
    expect(stripe.headers['Stripe-Signature']).toMatch(/^t=1700000123,v1=[0-9a-f]{64}$/)
    const standard = (await postSign({ provider: 'standard-webhooks', payload: BODY, secret: SECRETS['standard-webhooks'], id: 'msg_1' })).json()
    expect(standard.signed_content).toBe(`msg_1.${NOW}.${BODY}`)
    expect(standard.headers).toMatchObject({ 'webhook-id': 'msg_1', 'webhook-timestamp': String(NOW) })
    const github = (await postSign({ provider: 'github', payload: BODY, secret: SECRETS.github })).json()
    expect(github).toEqual({ provider: 'github', payload: BODY, headers: { 'X-Hub-Signature-256': expect.stringMatching(/^sha256=/) }, signed_content: BODY })
  })

  it('signs Standard Webhooks v1a with a private key, and gives a fresh pair only when asked, in the provider\'s forms', async () => {
    const pair = generateKeyPairSync('ed25519')
    const jwk = JSON.stringify(pair.privateKey.export({ format: 'jwk' }))
    const v1a = (await postSign({ provider: 'standard-webhooks', payload: BODY, private_key: jwk })).json()
    expect(v1a.headers['webhook-signature']).toMatch(/^v1a,/)
    expect(v1a.public_key).toBeUndefined()
    const publicKey = `whpk_${Buffer.from(pair.publicKey.export({ format: 'jwk' }).x as string, 'base64url').toString('base64')}`
    expect((await postVerify(app, { provider: 'standard-webhooks', payload: BODY, headers: v1a.headers, secret: publicKey })).json().valid).toBe(true)
    const discord = (await postSign({ provider: 'discord', payload: BODY, generate_test_key: true })).json()
    expect(discord.public_key).toMatch(/^[0-9a-f]{64}$/)
    expect(discord.private_key).toMatch(/^-----BEGIN PRIVATE KEY-----/)
    const again = (await postSign({ provider: 'discord', payload: BODY, generate_test_key: true })).json()
    expect(again.public_key).not.toBe(discord.public_key)
  })

  it('refuses what the provider cannot sign with, in details that name no key (the codes are the domain\'s, tested there)', async () => {
    const refused = async (body: Record<string, unknown>, status = 400) => {
      const res = await postSign(body)
      expect(res.statusCode, res.body).toBe(status)
      return res.json()
    }
    const ed25519Pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    const p256Pem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
    expect((await refused({ provider: 'discord', payload: BODY, secret: 'abc' })).detail).toMatch(/signs with a private key/)
    expect((await refused({ provider: 'discord', payload: BODY })).detail).toMatch(/give private_key \(or, on \/v1\/webhooks\/sign, generate_test_key: true\)/)
    expect((await refused({ provider: 'github', payload: BODY, generate_test_key: true })).detail).toMatch(/not generate_test_key/)
    expect((await refused({ provider: 'github', payload: BODY, private_key: ed25519Pem })).detail).toMatch(/not private_key/)
    expect((await refused({ provider: 'github', payload: BODY })).detail).toMatch(/give secret$/)
    expect((await refused({ provider: 'standard-webhooks', payload: BODY, secret: 'x', generate_test_key: true })).detail).toMatch(/one of/)
    const wrongType = await refused({ provider: 'discord', payload: BODY, private_key: p256Pem })
    expect(wrongType.detail).toBe('private_key is not an Ed25519 key, which this provider signs with')
    expect(JSON.stringify(wrongType)).not.toContain(p256Pem.split('\n')[1])
    expect((await refused({ provider: 'sendgrid', payload: BODY, private_key: 'not a key' })).detail).toMatch(/not a private key/)
    expect((await refused({ provider: 'mailgun', payload: 'a=b', secret: 'k' })).detail).toMatch(/JSON object/)
    expect((await refused({ provider: 'twilio', payload: 'a=b', secret: 'k' }, 422)).detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'url'] })
    expect((await refused({ provider: 'generic-hmac', payload: BODY, secret: 'k' }, 422)).detail[0]).toMatchObject({ type: 'missing', loc: ['body', 'generic'] })
    expect((await refused({ provider: 'github', payload: BODY, secret: 'k', extra: 1 }, 422)).detail[0]).toMatchObject({ type: 'extra_forbidden' })
  })

  it('logs neither the secret, the payload nor a generated private key', async () => {
    const lines: string[] = []
    const logged = await buildApp({
      config: testConfig({}),
      logger: { level: 'trace', stream: { write: (line: string) => { lines.push(line) } } },
      now: () => NOW,
      pressure: NO_SHEDDING
    })
    try {
      const canary = `canary${Date.now()}`
      expect((await postSign({ provider: 'github', payload: `{"c":"${canary}"}`, secret: `${canary}-secret` }, logged)).statusCode).toBe(200)
      const generated = (await postSign({ provider: 'sendgrid', payload: `{"c":"${canary}"}`, generate_test_key: true }, logged)).json()
      expect(lines.length).toBeGreaterThan(0)
      const log = lines.join('\n')
      expect(log).not.toContain(canary)
      expect(log).not.toContain(generated.private_key.split('\n')[1])
      expect(log).not.toContain(generated.public_key)
    } finally {
      await logged.close()
    }
  })
})
