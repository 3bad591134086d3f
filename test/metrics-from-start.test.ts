import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { testConfig } from '@utility-apis/service-kit'
import { serviceSources } from './helpers/services.js'

// Alerts on a counter that has never moved must see 0, not "no data": every counter and gauge family of /metrics has
// a sample as soon as the service has started, before any call.
const apps = new Map<string, FastifyInstance>()

beforeAll(async () => {
  for (const service of serviceSources()) {
    const build = await service.buildApp()
    apps.set(service.name, await build({ config: testConfig({ adminKey: 'admin' }), processMetrics: false } as Parameters<typeof build>[0]))
  }
})
afterAll(async () => { await Promise.all([...apps.values()].map(async (app) => await app.close())) })

describe.each(['webhook', 'sla', 'brand', 'site'])('%s /metrics at start', (name) => {
  test('every counter and gauge has a sample, at 0 (quota_store_up at 1)', async () => {
    const text = (await (apps.get(name) as FastifyInstance).inject({ method: 'GET', url: '/metrics', headers: { 'x-admin-key': 'admin' } })).body
    const families = [...text.matchAll(/^# TYPE (\S+) (counter|gauge)$/gm)].map((match) => match[1])
    expect(families.length).toBeGreaterThan(8)
    for (const family of families) {
      const samples = [...text.matchAll(new RegExp(`^${family}(?:\\{[^}]*\\})? (\\S+)$`, 'gm'))].map((match) => Number(match[1]))
      expect(samples.length, family).toBeGreaterThan(0)
      expect(samples.every((value) => value === (family === 'quota_store_up' ? 1 : 0)), family).toBe(true)
    }
  })
})
