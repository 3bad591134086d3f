import { readFileSync } from 'node:fs'
import { curlExamples } from '@utility-apis/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { testApp } from './helpers/app.js'

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
const examples = curlExamples(README, 3001)

describe('the README\'s curl examples for the webhook service (3001)', () => {
  let app: FastifyInstance
  beforeAll(async () => { app = await testApp({ keys: 'dev-key' }) })
  afterAll(async () => { await app.close() })

  it('are there: verify, providers and the operational endpoints', () => {
    expect(examples.map((example) => `${example.method} ${example.url}`)).toEqual(expect.arrayContaining([
      'POST /v1/webhooks/verify', 'GET /v1/webhooks/providers', 'GET /health', 'GET /openapi.json'
    ]))
  })

  it.each(examples.filter((example) => example.url === '/v1/webhooks/verify').map((example, i) => [i + 1, example]))(
    'verify example %i is a valid delivery as printed', async (_n, example) => {
      const res = await app.inject(example)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ valid: true, reason: 'valid' })
    })

  it('answer every other example without an error', async () => {
    for (const example of examples.filter((item) => item.url !== '/v1/webhooks/verify')) {
      const res = await app.inject(example)
      expect(res.statusCode, `${example.method} ${example.url}`).toBeLessThan(example.url.startsWith('/admin/') || example.url === '/metrics' ? 500 : 300)
    }
  })
})
