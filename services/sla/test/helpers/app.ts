import { testConfig, type ServiceConfig } from '@utility-apis/service-kit'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.js'

export const KEY = { 'x-api-key': 'test-key' }

// Load shedding is the kit's (and tested there). Off here: with test files running in parallel on a busy machine
// the event loop can look saturated, and a 503 would say nothing about this service.
const NO_SHEDDING = { maxEventLoopUtilization: 0, maxEventLoopDelay: 0 }

export async function testApp (config: Partial<ServiceConfig> & { keys?: string } = {}): Promise<FastifyInstance> {
  return await buildApp({ config: testConfig(config), pressure: NO_SHEDDING })
}

export async function calculate (app: FastifyInstance, payload: unknown, headers: Record<string, string> = KEY) {
  return await app.inject({ method: 'POST', url: '/v1/business-days/calculate', headers, payload: payload as object })
}
