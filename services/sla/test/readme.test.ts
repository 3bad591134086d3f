import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp } from './helpers/app.js'

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

/** The README's table of what each route costs: `METHOD /path` and the units of a 2xx answer as written. */
function documentedCosts (): Map<string, string> {
  const table = /<!-- route-costs -->\n([\s\S]*?)<!-- \/route-costs -->/.exec(README)
  if (table === null) throw new Error('README has no route-costs table')
  return new Map([...table[1].matchAll(/^\| `([A-Z]+ [^`]+)` \| ([^|]+) \|$/gm)].map(([, route, units]) => [route, units.trim()]))
}

// What each call costs, as the quota counts it: a fresh key per route, so its X-RateLimit-Remaining starts at the limit
const CALLS: Record<string, { payload?: unknown, url?: string, charged: (units: string) => number }> = {
  'POST /v1/business-days/calculate': {
    payload: { operation: 'is_business_time', calendar: 'weekdays', timezone: 'UTC', at: '2026-03-02T10:00:00' },
    charged: Number
  },
  'POST /v1/business-days/calculate/batch': {
    // Three calculations, one of them invalid: two succeed
    payload: {
      calculations: [
        { operation: 'is_business_time', calendar: 'weekdays', timezone: 'UTC', at: '2026-03-02T10:00:00' },
        { operation: 'is_business_time', calendar: 'weekdays', timezone: 'Nowhere/Nothing', at: '2026-03-02T10:00:00' },
        { operation: 'add_business_days', calendar: 'weekdays', timezone: 'UTC', date: '2026-03-02', days: 3 }
      ]
    },
    charged: (units) => units.startsWith('1 per calculation that succeeds') ? 2 : Number.NaN
  },
  'GET /v1/business-days/calendars': { url: '/v1/business-days/calendars?country=SG', charged: Number },
  'GET /v1/business-days/holidays': { url: '/v1/business-days/holidays?calendar=SG&year=2026', charged: Number },
  'GET /v1/usage': { charged: (units) => Number(units.split(':')[0]) }
}

describe('services/sla/README.md', () => {
  let app: FastifyInstance
  const keys = Object.keys(CALLS).map((_, i) => `cost-key-${i}`)
  beforeAll(async () => { app = await testApp({ keys: keys.join(',') }) })
  afterAll(async () => { await app.close() })

  it('lists every route that needs a key, with what a 2xx answer of it costs', async () => {
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const routes = Object.entries(document.paths as Record<string, Record<string, { security?: unknown[] }>>)
      .flatMap(([path, methods]) => Object.entries(methods)
        .filter(([, operation]) => (operation.security ?? []).length > 0)
        .map(([method]) => `${method.toUpperCase()} ${path}`))
    expect(routes.length).toBeGreaterThan(3)
    expect([...documentedCosts().keys()].sort()).toEqual(routes.filter((route) => route.startsWith('GET /v1/') || route.startsWith('POST /v1/')).sort())
  })

  it('charges each route what the table says', async () => {
    const costs = documentedCosts()
    for (const [index, [route, call]] of Object.entries(CALLS).entries()) {
      const [method, path] = route.split(' ')
      const headers = { 'x-api-key': keys[index] }
      const res = await app.inject({ method: method as 'GET' | 'POST', url: call.url ?? path, headers, ...(call.payload === undefined ? {} : { payload: call.payload as object }) })
      expect(res.statusCode, route).toBe(200)
      const spent = Number(res.headers['x-ratelimit-limit']) - Number(res.headers['x-ratelimit-remaining'])
      expect(spent, route).toBe(call.charged(costs.get(route) ?? ''))
    }
  })
})
