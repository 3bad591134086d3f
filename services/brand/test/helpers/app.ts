import type { FastifyInstance } from 'fastify'
import { testConfig } from '@utility-apis/service-kit'
import { buildApp, type BuildAppOptions } from '../../src/app.js'

export const KEY = { 'x-api-key': 'test-key' }

/** The real service with fixture hosts mapped to 127.0.0.1 and only 127.0.0.1 exempt from the address rule. */
/**
 * Load shedding off (0 turns each check off). Parsing a 2 MiB page blocks the loop for a moment, and on a loaded machine
 * a test process is not scheduled for seconds: any finite limit sheds then, as under-pressure reads an interval with no
 * delay sample as an infinite delay, and a 503 would fail the tests that come after. Shedding is the kit's concern.
 */
export const NO_SHEDDING = { maxEventLoopDelay: 0, maxEventLoopUtilization: 0 }

export async function buildTestApp (hosts: string[], overrides: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  return await buildApp({
    config: testConfig(),
    pressure: NO_SHEDDING,
    fetchPolicy: { allowCidrs: ['127.0.0.1/32'], hostMap: Object.fromEntries(hosts.map((host) => [host, '127.0.0.1'])) },
    ...overrides
  })
}

export async function profile (app: FastifyInstance, payload: unknown) {
  return await app.inject({ method: 'POST', url: '/v1/domain/profile', headers: KEY, payload: payload as object })
}
