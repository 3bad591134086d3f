import { randomUUID } from 'node:crypto'
import { testConfig } from '@utility-apis/service-kit'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { PROVIDER_IDS } from '../../src/domain/providers/index.js'
import { KEY, NO_SHEDDING, postVerify } from '../helpers/app.js'
import { delivery } from '../helpers/deliveries.js'
import { NOW } from '../helpers/sign.js'

describe('secrets and payloads never leave the request', () => {
  it('keeps canary secrets, payloads and signature headers out of every log line, metric and response', async () => {
    const lines: string[] = []
    const app = await buildApp({
      config: testConfig({ keys: 'test-key,small-key:1', adminKey: 'admin-key' }),
      logger: { level: 'trace', stream: { write: (line: string) => { lines.push(line) } } },
      now: () => NOW,
      pressure: NO_SHEDDING
    })
    const canary = `canary${randomUUID().replace(/-/g, '')}`
    const payload = `{"note":"${canary}"}`
    const secret = `${canary}-secret`
    const responses: string[] = []
    const send = async (body: unknown, headers: Record<string, string> = KEY) => {
      const res = await postVerify(app, body, headers)
      responses.push(res.body)
      return res.statusCode
    }
    try {
      for (const provider of PROVIDER_IDS) {
        const request = delivery(provider, payload, NOW, provider === 'standard-webhooks' ? `whsec_${Buffer.from(canary).toString('base64')}` : secret)
        expect(await send(request)).toBe(200)
        expect(await send({ ...request, payload: `${payload}\n` })).toBe(200)
        expect(await send({ ...request, secret: `${secret}\n` })).toBe(200)
        expect(await send({ ...request, headers: { 'x-canary': canary, ...request.headers } })).toBe(200)
      }
      const { secret: _one, ...github } = delivery('github', payload, NOW, secret)
      expect(await send({ ...github, secrets: [`${canary}-old`, secret] })).toBe(200)
      expect(await send({ ...github, secrets: [`${canary}-old`, `${canary}-older`] })).toBe(200)
      expect(await send({ ...github, secrets: [secret], secret })).toBe(422)
      expect(await send({ ...github, secrets: Array.from({ length: 11 }, (_, i) => `${canary}-${i}`) })).toBe(422)
      expect(await send({ ...github, provider: 'auto', secret })).toBe(200)
      expect(await send({ ...delivery('twilio', payload, NOW, secret), url: `https://example.com/${canary}` })).toBe(200)
      expect(await send({ ...delivery('github', payload, NOW, secret), secret: '' })).toBe(422)
      expect(await send({ ...delivery('github', payload, NOW, secret), tolerance_seconds: -1, headers: { 'X-Hub-Signature-256': canary } })).toBe(422)
      expect(await send({ provider: 'paypal', payload, secret, headers: { 'X-Hub-Signature-256': canary } })).toBe(422)
      expect(await send(delivery('github', payload, NOW, secret), {})).toBe(401)
      expect(await send(delivery('github', payload, NOW, secret), { 'x-api-key': canary })).toBe(401)
      expect(await send(delivery('github', payload, NOW, secret), { 'x-api-key': 'small-key' })).toBe(200)
      expect(await send(delivery('github', payload, NOW, secret), { 'x-api-key': 'small-key' })).toBe(429)
      expect(await send(delivery('github', `${payload}${'x'.repeat(5 * 1024 * 1024)}`, NOW, secret))).toBe(413)
      const invalid = await app.inject({ method: 'POST', url: '/v1/webhooks/verify', headers: { ...KEY, 'content-type': 'application/json' }, payload: `{"secret":"${secret}",` })
      expect(invalid.statusCode).toBe(422)
      responses.push(invalid.body)
      const text = await app.inject({ method: 'POST', url: '/v1/webhooks/verify', headers: { ...KEY, 'content-type': 'text/plain' }, payload: secret })
      expect(text.statusCode).toBe(415)
      responses.push(text.body)
      const metrics = await app.inject({ method: 'GET', url: '/admin/metrics', headers: { 'x-admin-key': 'admin-key' } })
      responses.push(metrics.body)
    } finally {
      await app.close()
    }
    expect(lines.length).toBeGreaterThan(20)
    expect(lines.filter((line) => line.includes(canary))).toEqual([])
    expect(responses.filter((body) => body.includes(canary))).toEqual([])
  })
})
