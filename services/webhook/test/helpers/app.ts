import { testConfig, type ServiceConfig } from '@utility-apis/service-kit'
import type { FastifyInstance } from 'fastify'
import { buildApp, type BuildAppOptions } from '../../src/app.js'
import { NOW } from './sign.js'

export const KEY = { 'x-api-key': 'test-key' }

export async function testApp (config: Partial<ServiceConfig> & { keys?: string } = {}, now = () => NOW, options: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  return await buildApp({ config: testConfig(config), now, ...options })
}

export async function postVerify (app: FastifyInstance, payload: unknown, headers: Record<string, string> = KEY) {
  return await app.inject({ method: 'POST', url: '/v1/webhooks/verify', headers, payload: payload as object })
}
