import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEY, postVerify, testApp } from '../helpers/app.js'
import { delivery } from '../helpers/deliveries.js'

const BODY = '{"id":"evt_1"}'
const EXTRA = { type: 'extra_forbidden', msg: 'Extra inputs are not permitted' }

describe('POST /v1/webhooks/verify refuses unknown fields', () => {
  let app: FastifyInstance
  beforeAll(async () => { app = await testApp() })
  afterAll(async () => { await app.close() })

  it('answers a typo beside the field it meant with 422 extra_forbidden, never echoing what may be a secret', async () => {
    const { secret, ...rest } = delivery('stripe', BODY)
    const res = await postVerify(app, { ...rest, secrets: [secret], tolerance: 300, secert: 'whsec_typo' })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual([{ ...EXTRA, loc: ['body', 'tolerance'] }, { ...EXTRA, loc: ['body', 'secert'] }])
    expect(res.body).not.toContain('whsec_typo')
  })

  it.each([
    ['/v1/webhooks/sign', { provider: 'stripe', payload: BODY }],
    ['/v1/webhooks/conformance', { provider: 'stripe', endpoint_url: 'https://hooks.example.com/in' }]
  ])('refuses a misspelt secret on %s without echoing it', async (url, body) => {
    const res = await app.inject({
      method: 'POST', url, headers: KEY, payload: { ...body, secrets: ['whsec_typo'], signing_secret: 'whsec_other' }
    })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual(expect.arrayContaining([{ ...EXTRA, loc: ['body', 'secrets'] }, { ...EXTRA, loc: ['body', 'signing_secret'] }]))
    expect(res.body).not.toContain('whsec_')
  })

  it('refuses one inside the generic-hmac options', async () => {
    const sent = delivery('generic-hmac', BODY)
    const res = await postVerify(app, { ...sent, generic: { ...sent.generic, algo: 'sha256' } })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual([{ ...EXTRA, loc: ['body', 'generic', 'algo'] }])
  })

  it('keeps headers free-form: any header name is a header', async () => {
    const sent = delivery('github', BODY)
    const res = await postVerify(app, { ...sent, headers: { ...sent.headers, 'X-Anything-Else': '1', 'user-agent': 'GitHub-Hookshot' } })
    expect(res.statusCode).toBe(200)
    expect(res.json().valid).toBe(true)
  })
})
