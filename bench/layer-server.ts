import { Type } from '@sinclair/typebox'
import Fastify from 'fastify'

// The packages' builds, as the services load them when deployed.
type AuthQuota = typeof import('../packages/auth-quota/src/index.js')
const { authQuotaPlugin, MemoryQuotaStore, sha256 } = await import('../packages/auth-quota/dist/index.js' as string) as AuthQuota
const { errorShapePlugin } = await import('../packages/fastapi-errors/dist/index.js' as string) as typeof import('../packages/fastapi-errors/src/index.js')

export const LAYERS = ['bare', 'errors', 'auth'] as const

/**
 * The kit's echo route with the kit's layers added one at a time (BENCH_LAYER names the last one): bare Fastify,
 * then the FastAPI error shape (body parser, validator, serializer), then API keys and the quota. The whole kit is
 * kit-server.ts. (The kit gives Fastify no logger, so logging costs only its own access line, in the last layer.)
 */
export async function start () {
  const depth = LAYERS.indexOf((process.env.BENCH_LAYER ?? 'bare') as typeof LAYERS[number])
  const app = Fastify({ logger: false })
  if (depth >= 1) await app.register(errorShapePlugin)
  if (depth >= 2) {
    await app.register(authQuotaPlugin, {
      apiKeys: new Map([[sha256('bench-key'), { quota: null }]]),
      monthlyQuota: Number.MAX_SAFE_INTEGER,
      store: new MemoryQuotaStore(),
      failMode: 'open'
    })
  }
  const schema = depth >= 1 ? { body: Type.Object({ n: Type.Integer() }), response: { 200: Type.Object({ ok: Type.Boolean(), n: Type.Integer() }) } } : {}
  app.post('/v1/echo', { config: { auth: depth >= 2 }, schema }, async (request) => ({ ok: true, n: (request.body as { n: number }).n }))
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close: () => app.close() }
}
