import { Type } from '@sinclair/typebox'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { bodyValidatorCompiler, createHttpError, errorShapePlugin, HttpError, RequestValidationError, schemaThen, valueError } from '../src/index.js'

const logged: Array<Record<string, unknown>> = []
const lines: string[] = []
const stream = { write: (line: string) => { lines.push(line); logged.push(JSON.parse(line)) } }
const app = Fastify({ bodyLimit: 64, logger: { level: 'warn', stream }, genReqId: () => 'req-1' })
const TargetNotAllowed = createHttpError('target_not_allowed', 400, 'Target address is not allowed')
const seen: string[] = []
// A larger limit for the deep bodies, on an app of its own.
const roomy = Fastify({ bodyLimit: 1 << 20 })

beforeAll(async () => {
  await app.register(errorShapePlugin, { onError: (kind) => seen.push(kind) })
  app.post('/v1/things', { schema: { body: Type.Object({ n: Type.Integer() }) } }, async (request) => request.body)
  app.get('/v1/fail', async () => { throw new Error('db password is hunter2') })
  app.get('/v1/teapot', async () => { throw new HttpError(418, "I'm a teapot", { 'x-hint': 'tea' }) })
  // thrown deep in domain code, through a promise chain, without any route catching it
  app.get('/v1/fetch', async () => await Promise.resolve().then(() => { throw new TargetNotAllowed() }))
  await app.ready()
  await roomy.register(errorShapePlugin)
  roomy.post('/v1/things', { schema: { body: Type.Object({ n: Type.Integer(), tags: Type.Array(Type.String()) }) } }, async () => 'ok')
  roomy.post('/v1/any', { schema: { body: Type.Unknown() } }, async () => 'ok')
  await roomy.ready()
})
afterAll(async () => { await app.close(); await roomy.close() })

describe('error bodies are always {"detail", "code", "request_id"}', () => {
  test('unknown route: 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/nothing?x=1' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Not Found', code: 'not_found', request_id: 'req-1' })
  })

  test('known route, wrong method: 405 with Allow', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/v1/things' })
    expect(res.statusCode).toBe(405)
    expect(res.headers.allow).toBe('POST')
    expect(res.json()).toEqual({ detail: 'Method Not Allowed', code: 'method_not_allowed', request_id: 'req-1' })
  })

  test('over the body limit: 413', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/things', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ n: 1, pad: 'x'.repeat(100) }) })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ detail: 'Request body too large', code: 'body_too_large', request_id: 'req-1' })
  })

  test('not JSON: 415', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/things', headers: { 'content-type': 'text/plain' }, payload: 'n=1' })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({ detail: expect.stringMatching(/^Unsupported Media Type/), code: 'unsupported_media_type', request_id: 'req-1' })
  })

  test('invalid JSON: 422 json_invalid with the position', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/things', headers: { 'content-type': 'application/json' }, payload: '{"n":}' })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({
      detail: [{ type: 'json_invalid', loc: ['body', 5], msg: 'JSON decode error', input: {}, ctx: { error: 'Expecting value' } }],
      code: 'validation_failed',
      request_id: 'req-1'
    })
  })

  test('empty body: missing at ["body"]', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/things', headers: { 'content-type': 'application/json' }, payload: '' })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ detail: [{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }], code: 'validation_failed', request_id: 'req-1' })
  })

  test('an unexpected error: 500 without internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/fail' })
    expect(res.statusCode).toBe(500)
    expect(res.body).toBe('{"detail":"Internal Server Error","code":"internal_error","request_id":"req-1"}')
    expect(seen).toContain('server')
    expect(logged.some((line) => line.msg === 'unhandled error' && line.level === 50)).toBe(true)
    expect(JSON.stringify(logged)).not.toContain('hunter2')
    // the request's logger names its id already: a second reqId made the line a JSON object with a repeated key
    const line = lines.find((text) => text.includes('unhandled error')) ?? ''
    expect(line.match(/"reqId"/g)).toHaveLength(1)
  })

  test('HttpError keeps its status, message and headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/teapot' })
    expect(res.statusCode).toBe(418)
    expect(res.headers['x-hint']).toBe('tea')
    expect(res.json()).toEqual({ detail: "I'm a teapot", code: 'i_m_a_teapot', request_id: 'req-1' })
  })

  test('a coded error answers its own status and code wherever it is thrown', async () => {
    const res = await app.inject({ method: 'GET', url: '/v1/fetch' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'Target address is not allowed', code: 'target_not_allowed', request_id: 'req-1' })
  })

  test('codes are snake_case, checked where they are defined', () => {
    expect(() => createHttpError('SERVICE_OVERLOADED', 503, 'Service Unavailable')).toThrow(/snake_case/)
    expect(() => new HttpError(400, 'Bad', {}, 'badThing')).toThrow(/snake_case/)
    expect(new HttpError(404, 'Not Found').code).toBe('not_found')
  })
})

describe('deeply nested bodies', () => {
  const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth)
  test.each([
    ['a top-level array', deep(5000)],
    ['an invalid field', `{"n":${deep(5000)},"tags":[]}`],
    ['an invalid list item', `{"n":1,"tags":[${deep(5000)}]}`]
  ])('%s 5,000 levels deep: 422 that names the bound', async (_name, payload) => {
    for (const url of ['/v1/things', '/v1/any']) {
      const res = await roomy.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload })
      expect(res.statusCode).toBe(422)
      expect(res.json().detail).toEqual([expect.objectContaining({
        type: 'json_invalid', msg: 'JSON decode error', ctx: { error: 'Nesting too deep: at most 64 levels of arrays and objects' }
      })])
    }
  })

  test('an invalid field 60 levels deep is echoed in full', async () => {
    const res = await roomy.inject({ method: 'POST', url: '/v1/things', headers: { 'content-type': 'application/json' }, payload: `{"n":${deep(60)},"tags":[]}` })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual([{ type: 'int_type', loc: ['body', 'n'], msg: 'Input should be a valid integer', input: JSON.parse(deep(60)) }])
  })
})

describe('schemaThen: a route\'s own checks, before any preHandler (where the quota decides)', () => {
  test('the schema\'s issues, then the route\'s check on an accepted body, and the handler sees the validated value', async () => {
    const checked = Fastify()
    const charged: string[] = []
    await checked.register(errorShapePlugin)
    const Body = Type.Object({ url: Type.String() }, { additionalProperties: false })
    checked.post('/v1/fetch', {
      schema: { body: Body },
      validatorCompiler: bodyValidatorCompiler(schemaThen<{ url: string }>(Body, (value) => {
        if (!value.url.startsWith('http')) throw new RequestValidationError([valueError(['body', 'url'], value.url, 'url must use http')])
      })),
      preHandler: async (request) => { charged.push(request.url) }
    }, async (request) => request.body)
    const post = async (payload: unknown) => await checked.inject({ method: 'POST', url: '/v1/fetch', payload: payload as object })
    expect((await post({ url: 7 })).json().detail).toMatchObject([{ type: 'string_type', loc: ['body', 'url'] }])
    expect((await post({ url: 'ftp://x' })).json().detail).toEqual([valueError(['body', 'url'], 'ftp://x', 'url must use http')])
    expect(charged).toEqual([])
    expect((await post({ url: 'https://x' })).json()).toEqual({ url: 'https://x' })
    expect(charged).toEqual(['/v1/fetch'])
    await checked.close()
  })
})
