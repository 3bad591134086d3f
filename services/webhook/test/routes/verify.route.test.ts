import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROVIDER_IDS } from '../../src/domain/providers/index.js'
import { KEY, postVerify, testApp } from '../helpers/app.js'
import { delivery, GENERIC } from '../helpers/deliveries.js'
import { NOW } from '../helpers/sign.js'

const BODY = '{"id":"evt_1","amount":100}'

describe('POST /v1/webhooks/verify', () => {
  let app: FastifyInstance
  beforeAll(async () => { app = await testApp() })
  afterAll(async () => { await app.close() })

  it.each(PROVIDER_IDS)('answers a valid %s delivery with the whole verdict', async (provider) => {
    const res = await postVerify(app, delivery(provider, BODY))
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Object.keys(body).sort()).toEqual(['checks', 'matched_secret_index', 'matched_signature_header', 'provider', 'raw_body_hints', 'reason', 'replay_protected', 'replay_test_vectors', 'signature_scheme', 'valid'])
    expect(body).toMatchObject({ valid: true, provider, reason: 'valid', raw_body_hints: [] })
    expect(body.checks.length).toBeGreaterThan(2)
    for (const check of body.checks) expect(Object.keys(check).sort()).toEqual(['detail', 'name', 'status'])
    expect(res.headers['cache-control']).toBe('no-store')
  })

  it.each(PROVIDER_IDS)('returns %s replay test vectors that verify as valid when posted back unchanged', async (provider) => {
    const first = (await postVerify(app, delivery(provider, BODY))).json()
    expect(first.replay_test_vectors.length).toBeGreaterThan(0)
    for (const vector of first.replay_test_vectors) {
      const replay = await postVerify(app, vector)
      expect(replay.json()).toMatchObject({ valid: true, provider })
    }
  })

  it('generates generic-hmac vectors in the caller\'s own configuration', async () => {
    const vectors = (await postVerify(app, delivery('generic-hmac', BODY))).json().replay_test_vectors
    expect(vectors[0].generic).toEqual(GENERIC)
    expect(Object.keys(vectors[0].headers)).toContain(GENERIC.header_name)
  })

  it('answers 200 with valid false and a reason when the signature fails', async () => {
    const res = await postVerify(app, { ...delivery('stripe', BODY), payload: `${BODY}\n` })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ valid: false, reason: 'signature_mismatch', matched_signature_header: null })
    expect(body.checks.map((check: { name: string }) => check.name)).toContain('near_miss_trailing_newline_removed')
    expect(body.raw_body_hints[0]).toEqual({ framework: 'any', summary: 'The signature matches the payload without its trailing newline', detail: expect.any(String) })
  })

  it('tells a caller whose code sent the body as "[object Object]" that the body was lost, with the Express fix', async () => {
    const body = (await postVerify(app, { ...delivery('stripe', BODY), payload: '[object Object]' })).json()
    expect(body).toMatchObject({ valid: false, reason: 'signature_mismatch' })
    expect(body.raw_body_hints[0].summary).toBe('The payload is the text "[object Object]"')
    expect(body.raw_body_hints.map((hint: { framework: string }) => hint.framework)).toContain('Express')
  })

  it('uses the injected clock when now_epoch_seconds is omitted', async () => {
    const { now_epoch_seconds: _omit, ...request } = delivery('slack', BODY, NOW - 10)
    expect((await postVerify(app, request)).json().valid).toBe(true)
    const later = await testApp({}, () => NOW + 3600)
    try {
      expect((await postVerify(later, request)).json().reason).toBe('timestamp_outside_tolerance')
    } finally {
      await later.close()
    }
  })

  it('accepts a 4 MiB payload under the 5 MiB body limit, and refuses a larger body with 413', async () => {
    const payload = `{"blob":"${'x'.repeat(4 * 1024 * 1024)}"}`
    expect((await postVerify(app, delivery('github', payload))).json().valid).toBe(true)
    const tooBig = await postVerify(app, delivery('github', `{"blob":"${'x'.repeat(5 * 1024 * 1024)}"}`))
    expect(tooBig.statusCode).toBe(413)
  })

  it('answers 401 without or with a wrong API key', async () => {
    const missing = await postVerify(app, delivery('github', BODY), {})
    expect(missing.statusCode).toBe(401)
    expect(missing.json()).toEqual({ detail: 'Missing API key: send it in the X-API-Key header, or as Authorization: Bearer <key>', code: 'missing_api_key', request_id: expect.any(String) })
    expect((await postVerify(app, delivery('github', BODY), { 'x-api-key': 'nope' })).json()).toEqual({ detail: 'Invalid API key', code: 'invalid_api_key', request_id: expect.any(String) })
  })

  it('answers 429 once the monthly quota is used', async () => {
    const small = await testApp({ keys: 'test-key:2' })
    try {
      expect((await postVerify(small, delivery('github', BODY))).statusCode).toBe(200)
      expect((await postVerify(small, delivery('github', BODY))).statusCode).toBe(200)
      const over = await postVerify(small, delivery('github', BODY))
      expect(over.statusCode).toBe(429)
      expect(over.headers['retry-after']).toBeDefined()
    } finally {
      await small.close()
    }
  })

  it('answers 415 for a body that is not JSON', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/webhooks/verify', headers: { ...KEY, 'content-type': 'text/plain' }, payload: 'hello' })
    expect(res.statusCode).toBe(415)
  })
})

describe('POST /v1/webhooks/verify validation', () => {
  let app: FastifyInstance
  beforeAll(async () => { app = await testApp() })
  afterAll(async () => { await app.close() })
  const valid = delivery('github', BODY)
  const errors = async (payload: unknown) => {
    const res = await postVerify(app, payload)
    expect(res.statusCode).toBe(422)
    return res.json().detail as Array<{ type: string, loc: Array<string | number>, msg: string, input?: unknown, ctx?: unknown }>
  }

  it('reports every missing field', async () => {
    const detail = await errors({})
    expect(detail.map((error) => [error.type, error.loc.join('.')])).toEqual([
      ['missing', 'body.provider'], ['missing', 'body.payload'], ['missing', 'body.headers'], ['missing', 'body.secret']
    ])
    expect(detail[0].msg).toBe('Field required')
  })

  it('refuses an unknown provider with literal_error', async () => {
    const [error] = await errors({ ...valid, provider: 'paypal' })
    expect(error).toMatchObject({ type: 'literal_error', loc: ['body', 'provider'], input: 'paypal' })
    expect(error.msg).toBe(`Input should be ${PROVIDER_IDS.map((id) => `'${id}'`).join(', ')} or 'auto'`)
    expect(error.msg).toContain("'github', 'slack', 'stripe', 'shopify', 'generic-hmac', 'standard-webhooks'")
  })

  it('refuses an empty secret without echoing it', async () => {
    const [error] = await errors({ ...valid, secret: '' })
    expect(error).toMatchObject({ type: 'string_too_short', loc: ['body', 'secret'], ctx: { min_length: 1 } })
    expect(error).not.toHaveProperty('input')
  })

  it.each([[-1, 'greater_than_equal'], [86401, 'less_than_equal'], [1.5, 'int_from_float'], ['60', 'int_type']])(
    'refuses tolerance_seconds %s', async (tolerance, type) => {
      const [error] = await errors({ ...valid, tolerance_seconds: tolerance })
      expect(error).toMatchObject({ type, loc: ['body', 'tolerance_seconds'] })
    })

  it('refuses a now_epoch_seconds past 9999-12-31 (1e300 read as a time made a nonsense diagnosis), and takes that last second', async () => {
    const [error] = await errors({ ...valid, now_epoch_seconds: 1e300 })
    expect(error).toMatchObject({ loc: ['body', 'now_epoch_seconds'] })
    expect((await postVerify(app, { ...valid, now_epoch_seconds: 253402300799 })).statusCode).toBe(200)
  })

  it('accepts tolerance_seconds 0 and 86400 and a null now_epoch_seconds', async () => {
    expect((await postVerify(app, { ...valid, tolerance_seconds: 0 })).statusCode).toBe(200)
    expect((await postVerify(app, { ...valid, tolerance_seconds: 86400, now_epoch_seconds: null })).statusCode).toBe(200)
  })

  it('requires generic with generic-hmac', async () => {
    const { generic: _generic, ...request } = delivery('generic-hmac', BODY)
    expect(await errors(request)).toEqual([{ type: 'missing', loc: ['body', 'generic'], msg: 'Field required' }])
    expect(await errors({ ...request, generic: null })).toEqual([{ type: 'missing', loc: ['body', 'generic'], msg: 'Field required' }])
  })

  it('refuses a bad generic encoding and header name', async () => {
    const request = delivery('generic-hmac', BODY)
    const detail = await errors({ ...request, generic: { header_name: 'X Bad', encoding: 'base32' } })
    expect(detail.map((error) => [error.type, error.loc.join('.')])).toEqual([
      ['string_pattern_mismatch', 'body.generic.header_name'], ['literal_error', 'body.generic.encoding']
    ])
  })

  it('refuses non-string header values and payloads without echoing them', async () => {
    const detail = await errors({ ...valid, payload: 42, headers: { 'X-Hub-Signature-256': 7 } })
    expect(detail.map((error) => [error.type, error.loc.join('.')])).toEqual([
      ['string_type', 'body.payload'], ['string_type', 'body.headers.X-Hub-Signature-256']
    ])
    for (const error of detail) expect(error).not.toHaveProperty('input')
  })

  it('reports invalid JSON and an empty body in FastAPI\'s shape', async () => {
    const invalid = await app.inject({ method: 'POST', url: '/v1/webhooks/verify', headers: { ...KEY, 'content-type': 'application/json' }, payload: '{"provider":' })
    expect(invalid.statusCode).toBe(422)
    expect(invalid.json().detail[0]).toMatchObject({ type: 'json_invalid', msg: 'JSON decode error' })
    const empty = await app.inject({ method: 'POST', url: '/v1/webhooks/verify', headers: { ...KEY, 'content-type': 'application/json' } })
    expect(empty.json().detail).toEqual([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }])
  })
})

describe('POST /v1/webhooks/verify: secrets, URL and generic options', () => {
  let app: FastifyInstance
  beforeAll(async () => { app = await testApp() })
  afterAll(async () => { await app.close() })
  const request = delivery('github', BODY)

  it('takes secrets instead of secret and says which matched', async () => {
    const { secret, ...rest } = request
    const res = await postVerify(app, { ...rest, secrets: ['old-secret', secret] })
    expect(res.json()).toMatchObject({ valid: true, matched_secret_index: 1 })
  })

  it('refuses both secret and secrets without echoing either', async () => {
    const res = await postVerify(app, { ...request, secrets: ['other-secret-canary'] })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual([{ type: 'value_error', loc: ['body'], msg: 'Value error, give either secret or secrets, not both', ctx: { error: 'give either secret or secrets, not both' } }])
    expect(res.body).not.toContain('canary')
    expect(res.body).not.toContain(request.secret)
  })

  it('refuses neither, and secrets out of 1 to 10', async () => {
    const { secret: _secret, ...rest } = request
    expect((await postVerify(app, rest)).json().detail).toEqual([{ type: 'missing', loc: ['body', 'secret'], msg: 'Field required' }])
    const tooFew = (await postVerify(app, { ...rest, secrets: [] })).json().detail
    expect(tooFew).toMatchObject([{ type: 'too_short', loc: ['body', 'secrets'] }])
    const tooMany = (await postVerify(app, { ...rest, secrets: Array.from({ length: 11 }, (_, i) => `s${i}`) })).json().detail
    expect(tooMany).toMatchObject([{ type: 'too_long', loc: ['body', 'secrets'] }])
    expect(JSON.stringify(tooMany)).not.toContain('s10')
  })

  it.each(['twilio', 'square', 'hubspot'] as const)('requires the url %s signs, also when the provider is detected', async (provider) => {
    const { url: _url, ...signed } = delivery(provider, BODY)
    for (const body of [signed, { ...signed, provider: 'auto' }]) {
      const res = await postVerify(app, body)
      expect(res.statusCode).toBe(422)
      expect(res.json().detail).toEqual([{ type: 'missing', loc: ['body', 'url'], msg: 'Field required' }])
    }
    expect((await postVerify(app, delivery(provider, BODY))).json()).toMatchObject({ valid: true, provider })
  })

  it('validates before it charges: with a spent key every malformed body is a 422, also the rules the schema cannot say', async () => {
    const spent = await testApp({ keys: 'spent-key:0' })
    try {
      const headers = { 'x-api-key': 'spent-key' }
      const { url: _url, ...withoutUrl } = delivery('twilio', BODY)
      const { secret: _secret, ...withoutSecret } = request
      for (const body of [{ ...request, provider: 'nope' }, withoutSecret, { ...request, secrets: ['a'] }, withoutUrl, { ...withoutUrl, provider: 'auto' }]) {
        const res = await postVerify(spent, body, headers)
        expect(res.statusCode, JSON.stringify(res.json())).toBe(422)
        expect(res.headers['x-ratelimit-remaining']).toBeUndefined()
      }
      // a well-formed call on the spent key is the 429
      expect((await postVerify(spent, request, headers)).statusCode).toBe(429)
    } finally {
      await spent.close()
    }
  })

  it('refuses a URL that is not absolute http or https', async () => {
    const detail = (await postVerify(app, { ...request, url: '/webhooks/github' })).json().detail
    expect(detail).toMatchObject([{ type: 'url_parsing', loc: ['body', 'url'] }])
    expect((await postVerify(app, { ...request, url: 'ftp://example.com/hook' })).json().detail).toMatchObject([{ type: 'url_scheme' }])
  })

  it('refuses a template placeholder without its header', async () => {
    const generic = { header_name: 'X-Sig', signed_content: '{timestamp}.{body}' }
    const detail = (await postVerify(app, { ...request, provider: 'generic-hmac', generic })).json().detail
    expect(detail).toEqual([{
      type: 'value_error', loc: ['body', 'generic', 'signed_content'], msg: 'Value error, {timestamp} needs generic.timestamp_header', input: '{timestamp}.{body}', ctx: { error: '{timestamp} needs generic.timestamp_header' }
    }])
    const noBody = (await postVerify(app, { ...request, provider: 'generic-hmac', generic: { header_name: 'X-Sig', signed_content: '{timestamp}' } })).json().detail
    expect(noBody).toMatchObject([{ type: 'string_pattern_mismatch', loc: ['body', 'generic', 'signed_content'] }])
  })

  it('answers provider auto with the detected provider, or provider_not_detected', async () => {
    expect((await postVerify(app, { ...request, provider: 'auto' })).json()).toMatchObject({ valid: true, provider: 'github' })
    const res = await postVerify(app, { ...request, provider: 'auto', headers: { 'X-Unknown': 'x' } })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ valid: false, provider: 'auto', reason: 'provider_not_detected', checks: [{ name: 'provider_detection', status: 'failed' }] })
  })
})
