import type { FastifyInstance } from 'fastify'
import { testConfig, type KitOptions } from '@utility-apis/service-kit'

/**
 * A service as deployed (auth, memory quota, validation, one log line per request to nowhere) for the harness.
 * Load shedding is off: a closed-loop load keeps the event loop saturated on purpose, and shed requests would be
 * counted as cheap 503s instead of measuring what a request costs.
 */
export async function listenForBench (build: (options: KitOptions) => Promise<FastifyInstance>, config: Parameters<typeof testConfig>[0] = {}) {
  const app = await build({
    config: testConfig({ keys: `bench-key:${Number.MAX_SAFE_INTEGER}`, logLevel: 'info', ...config }),
    logger: { level: 'info', stream: { write () {} } },
    pressure: { maxEventLoopUtilization: 0, maxEventLoopDelay: 0 }
  })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close: () => app.close() }
}
