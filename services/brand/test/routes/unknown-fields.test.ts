import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, KEY, profile } from '../helpers/app.js'

const extra = (loc: Array<string | number>, input: unknown) => ({ type: 'extra_forbidden', loc, msg: 'Extra inputs are not permitted', input })

let app: FastifyInstance
beforeAll(async () => { app = await buildTestApp([]) })
afterAll(async () => { await app.close() })

describe('the brand service refuses unknown fields', () => {
  it('answers "timeout": 10 beside "domain" with 422 extra_forbidden before fetching anything', async () => {
    const res = await profile(app, { domain: 'unreachable.invalid', timeout: 10 })
    expect(res.statusCode).toBe(422)
    expect(res.json()).toEqual({ ...res.json(), detail: [extra(['body', 'timeout'], 10)] })
  })

  it('in a batch, too', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/domain/profile/batch', headers: KEY, payload: { domains: ['a.invalid'], timeout_second: 5 } })
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual([extra(['body', 'timeout_second'], 5)])
  })
})
