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

// The quota's keys under a prefix of the bench's own (ioredis reads keyPrefix from the URL's query), so a shared Redis
// keeps every other key as it was
const KEY_PREFIX = 'bench:kit-quota:'

export async function start () {
  const given = process.env.BENCH_REDIS_URL
  if (given === undefined) return await listenForBench(build)
  const redisUrl = new URL(given)
  redisUrl.searchParams.set('keyPrefix', KEY_PREFIX)
  // Fail closed: a Redis lost during the run answers 503s the harness counts, instead of the memory fallback's 200s
  return await listenForBench(build, { redisUrl: redisUrl.href, quotaFailMode: 'closed' })
}
