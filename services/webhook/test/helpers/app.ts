import { testConfig, type ServiceConfig } from '@utility-apis/service-kit'
import type { FastifyInstance } from 'fastify'
import { buildApp, type BuildAppOptions } from '../../src/app.js'
import { NOW } from './sign.js'

export const KEY = { 'x-api-key': 'test-key' }

// Load shedding is the kit's (and tested there). Off here: with test files running in parallel on a busy machine the
// event loop can look saturated, and a 503 would say nothing about this service.
export const NO_SHEDDING = { maxEventLoopUtilization: 0, maxEventLoopDelay: 0 }

export async function testApp (config: Partial<ServiceConfig> & { keys?: string } = {}, now = () => NOW, options: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  return await buildApp({ config: testConfig(config), now, pressure: NO_SHEDDING, ...options })
}

export async function postVerify (app: FastifyInstance, payload: unknown, headers: Record<string, string> = KEY) {
  return await app.inject({ method: 'POST', url: '/v1/webhooks/verify', headers, payload: payload as object })
}
