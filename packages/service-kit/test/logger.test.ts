import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { testConfig } from '../src/index.js'
import { buildDemo } from './fixtures/demo-service.js'
import { captureLog as capture } from './helpers/log-capture.js'

describe('logs never carry secrets', () => {
  test('canaries sent through every outcome never reach a log line', async () => {
    const canary = (what: string) => `canary-${what}-${randomUUID()}`
    const c = {
      apiKey: canary('apikey'),
      adminKey: canary('adminkey'),
      query: canary('query'),
      secret: canary('secret'),
      payload: canary('payload'),
      json: canary('json'),
      proxy: canary('proxy')
    }
    const { lines, stream } = capture()
    const app = await buildDemo({
      config: testConfig({ keys: `${c.apiKey}:2`, adminKey: c.adminKey, rapidApiProxySecret: c.proxy }),
      logger: { level: 'trace', stream }
    })
    const k = { 'x-api-key': c.apiKey }
    const body = { name: 'ok', secret: c.secret, count: 1, headers: { 'x-signature': c.payload } }
    const outcomes = [
      // success
      await app.inject({ method: 'POST', url: `/v1/echo?token=${c.query}`, headers: k, payload: body }),
      // 401 with a wrong key and a wrong admin key
      await app.inject({ method: 'POST', url: '/v1/echo', headers: { 'x-api-key': `${c.apiKey}x` }, payload: body }),
      await app.inject({ method: 'GET', url: '/admin/metrics', headers: { 'x-admin-key': `${c.adminKey}x` } }),
      await app.inject({ method: 'POST', url: '/v1/echo', headers: { 'x-rapidapi-proxy-secret': `${c.proxy}x` }, payload: body }),
      // 413
      await app.inject({ method: 'POST', url: '/v1/echo', headers: k, payload: { ...body, name: c.payload.repeat(40_000) } }),
      // 415
      await app.inject({ method: 'POST', url: `/v1/echo?q=${c.query}`, headers: { ...k, 'content-type': 'text/plain' }, payload: c.payload }),
      // 422 with the secret in a failing field, and invalid JSON
      await app.inject({ method: 'POST', url: '/v1/echo', headers: k, payload: { ...body, count: c.secret } }),
      await app.inject({ method: 'POST', url: '/v1/echo', headers: { ...k, 'content-type': 'application/json' }, payload: `{"secret":"${c.json}",` }),
      // forced 500 whose internal message contains the secret
      await app.inject({ method: 'POST', url: '/v1/boom', headers: { ...k, 'content-type': 'application/json' }, payload: JSON.stringify({ secret: c.secret }) }),
      // the key's quota is 2 and only the success above was charged (the 500 gave its unit back): one more, then 429
      await app.inject({ method: 'POST', url: '/v1/echo', headers: k, payload: body }),
      await app.inject({ method: 'POST', url: '/v1/echo', headers: k, payload: body }),
      await app.inject({ method: 'GET', url: '/admin/metrics', headers: { 'x-admin-key': c.adminKey } }),
      // an unknown route, with the key in the query string
      await app.inject({ method: 'GET', url: `/v1/nothing?api_key=${c.apiKey}` })
    ]
    expect(outcomes.map((r) => r.statusCode)).toEqual([200, 401, 401, 401, 413, 415, 422, 422, 500, 200, 429, 200, 404])
    // the 500 body and every other body are free of internals
    expect(outcomes[8].json()).toEqual({ detail: 'Internal Server Error', code: 'internal_error', request_id: outcomes[8].headers['x-request-id'] })
    // a redaction path that silently stopped matching would show here
    app.log.info({ headers: { 'x-api-key': c.apiKey, authorization: c.apiKey }, req: { headers: { cookie: c.apiKey } }, secret: c.secret }, 'redaction probe')
    await app.close()

    const all = lines.join('')
    expect(lines.length).toBeGreaterThan(outcomes.length)
    for (const value of Object.values(c)) expect(all).not.toContain(value)
    expect(all).toContain('[REDACTED]')
    expect(all).not.toContain('?token=')
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request')
    expect(requestLines).toHaveLength(outcomes.length)
    expect(requestLines[0]).toMatchObject({ method: 'POST', route: '/v1/echo', status: 200, service: 'demo' })
    expect(requestLines.at(-1)).toMatchObject({ method: 'GET', route: 'unmatched', status: 404 })
    expect(requestLines.every((l) => Number.isInteger(l.durationMs) && l.durationMs >= 0)).toBe(true)
    expect(lines.some((l) => l.includes('"unhandled error"'))).toBe(true)
  })
})
