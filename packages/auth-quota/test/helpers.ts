import { Type } from '@sinclair/typebox'
import Fastify from 'fastify'
import { errorShapePlugin } from '@utility-apis/fastapi-errors'
import { authQuotaPlugin, type AuthQuotaOptions } from '../src/index.js'

/** A bare Fastify app with the error shape and auth-quota plugins and two business routes. */
export async function buildQuotaApp (options: AuthQuotaOptions) {
  const app = Fastify()
  await app.register(errorShapePlugin)
  await app.register(authQuotaPlugin, options)
  app.post('/v1/work', { config: { auth: true } }, async (request, reply) => ({
    principal: request.principal?.kind, remaining: Number(reply.getHeader('x-ratelimit-remaining'))
  }))
  app.post('/v1/batch', {
    config: { auth: true, quotaCost: (request) => (request.body as { items: unknown[] }).items.length }
  }, async () => ({ ok: true }))
  app.post('/v1/strict', { config: { auth: true }, schema: { body: Type.Object({ n: Type.Integer() }) } }, async () => ({ ok: true }))
  app.get('/health', async () => ({ status: 'ok' }))
  await app.ready()
  return app
}
