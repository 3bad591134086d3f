import { Type } from '@sinclair/typebox'
import { buildService, testConfig } from '@utility-apis/service-kit'

/** The same trivial route as the baseline, behind the whole kit: auth, quota (memory or Redis), validation, logging. */
export async function start () {
  const app = await buildService({
    name: 'bench',
    version: '0.1.0',
    title: 'Bench',
    description: 'Kit overhead benchmark',
    routes: async (app) => {
      app.post('/v1/echo', {
        config: { auth: true },
        schema: { tags: ['bench'], body: Type.Object({ n: Type.Integer() }), response: { 200: Type.Object({ ok: Type.Boolean(), n: Type.Integer() }) } }
      }, async (request) => ({ ok: true, n: (request.body as { n: number }).n }))
    }
  }, {
    config: testConfig({
      keys: `bench-key:${Number.MAX_SAFE_INTEGER}`,
      redisUrl: process.env.BENCH_REDIS_URL ?? null,
      logLevel: 'info'
    }),
    // Logging stays on (as in production) but goes nowhere, so the terminal is not the bottleneck.
    logger: { level: 'info', stream: { write () {} } }
  })
  if (app.redis) await app.redis.del(...(await app.redis.keys('quota:*')), 'quota:none')
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close: () => app.close() }
}
