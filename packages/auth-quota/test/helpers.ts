import { Type } from '@sinclair/typebox'
import Fastify from 'fastify'
import { errorShapePlugin, HttpError } from '@utility-apis/fastapi-errors'
import { authQuotaPlugin, type AuthQuotaOptions, type QuotaCharge } from '../src/index.js'

/** What the business handlers of a quota app saw: how often each ran, and the last quota charge. */
export interface HandlerLog {
  runs: Record<string, number>
  charge: QuotaCharge | null
}

/**
 * A bare Fastify app with the error shape and auth-quota plugins and business routes of each kind: a fixed-cost call,
 * a batch whose non-numeric items are refused inside it, a strict body, a GET (with its HEAD), a GET taking publishable
 * keys, and a failing handler.
 */
export async function buildQuotaApp (options: AuthQuotaOptions, log: HandlerLog = { runs: {}, charge: null }) {
  const app = Fastify()
  const ran = (name: string) => { log.runs[name] = (log.runs[name] ?? 0) + 1 }
  await app.register(errorShapePlugin)
  await app.register(authQuotaPlugin, options)
  app.post('/v1/work', { config: { auth: true } }, async (request, reply) => {
    ran('work')
    log.charge = request.quotaCharge
    return { principal: request.principal?.kind, remaining: Number(reply.getHeader('x-ratelimit-remaining')) }
  })
  app.post('/v1/batch', {
    config: { auth: true, quotaCost: (request) => (request.body as { items: unknown[] }).items.length },
    schema: { body: Type.Object({ items: Type.Array(Type.Unknown(), { minItems: 1, maxItems: 10 }) }) }
  }, async (request) => {
    ran('batch')
    log.charge = request.quotaCharge
    const processed = (request.body as { items: unknown[] }).items.filter((item) => typeof item === 'number').length
    request.quotaCharge?.setUnits(processed)
    return { processed }
  })
  app.post('/v1/strict', { config: { auth: true }, schema: { body: Type.Object({ n: Type.Integer() }) } }, async () => {
    ran('strict')
    return { ok: true }
  })
  app.get('/v1/lookup', { config: { auth: true } }, async () => {
    ran('lookup')
    return { ok: true }
  })
  // a route an <img> tag calls: a publishable key is accepted as ?token=
  app.get('/v1/image', { config: { auth: true, publishableKeys: true } }, async (request) => {
    ran('image')
    return { principal: request.principal?.id }
  })
  app.post('/v1/fail', { config: { auth: true } }, async (request) => {
    ran('fail')
    throw new HttpError(Number((request.body as { status?: number } | undefined)?.status ?? 502), 'Upstream failed')
  })
  app.get('/health', async () => ({ status: 'ok' }))
  await app.ready()
  return app
}
