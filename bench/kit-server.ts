import { Type } from '@sinclair/typebox'
import { buildService, type KitOptions } from '@utility-apis/service-kit'
import { listenForBench } from './service-server.js'

/** The same trivial route as the baseline, behind the whole kit: auth, quota (memory or Redis), validation, logging. */
const build = (options: KitOptions) => buildService({
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
}, options)

export async function start () {
  const server = await listenForBench(build, { redisUrl: process.env.BENCH_REDIS_URL ?? null })
  return server
}
