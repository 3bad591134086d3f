import type { FastifyInstance } from 'fastify'
import { testConfig } from '@utility-apis/service-kit'
import { buildApp, type BuildAppOptions } from '../../src/app.js'

export const KEY = { 'x-api-key': 'test-key' }

/** The real service with fixture hosts mapped to 127.0.0.1 and only 127.0.0.1 exempt from the address rule. */
export async function buildTestApp (hosts: string[], overrides: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  return await buildApp({
    config: testConfig(),
    // parsing a 2 MiB page blocks the loop for a moment; load shedding is the kit's concern, not these tests'
    pressure: { maxEventLoopDelay: 60_000, maxEventLoopUtilization: 1 },
    fetchPolicy: { allowCidrs: ['127.0.0.1/32'], hostMap: Object.fromEntries(hosts.map((host) => [host, '127.0.0.1'])) },
    ...overrides
  })
}

export async function profile (app: FastifyInstance, payload: unknown) {
  return await app.inject({ method: 'POST', url: '/v1/domain/profile', headers: KEY, payload: payload as object })
}
