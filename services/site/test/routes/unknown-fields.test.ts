import { testConfig } from '@utility-apis/service-kit'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { KEY } from '../fixtures/analyze.js'

const extra = (loc: Array<string | number>, input: unknown) => ({ type: 'extra_forbidden', loc, msg: 'Extra inputs are not permitted', input })

let app: FastifyInstance
// no load shedding: a busy test machine would turn the 422 asked about into a 503
beforeAll(async () => { app = await buildApp({ config: testConfig(), pressure: { maxEventLoopUtilization: 0, maxEventLoopDelay: 0 } }) })
afterAll(async () => { await app.close() })

const post = async (url: string, payload: object) => await app.inject({ method: 'POST', url, headers: KEY, payload })

describe('the site service refuses unknown fields', () => {
  it.each([
    ['/v1/site-intel/analyze', { url: 'example.invalid', max_page: 3 }, 'max_page', 3],
    ['/v1/site-intel/robots/test', { url: 'https://example.invalid/', robots_txt: '', user_agent: 'GPTBot' }, 'user_agent', 'GPTBot'],
    ['/v1/site-intel/robots/simulate', { url: 'example.invalid', proposed_robots_txt: '', maxurls: 5 }, 'maxurls', 5]
  ])('%s answers a typo with 422 extra_forbidden before fetching anything', async (url, payload, field, input) => {
    const res = await post(url, payload)
    expect(res.statusCode).toBe(422)
    expect(res.json().detail).toEqual([extra(['body', field], input)])
  })
})
