import type { FastifyInstance } from 'fastify'
import { testConfig, type KitOptions } from '@utility-apis/service-kit'

/**
 * A service as deployed (auth, memory quota, validation, load shedding at its production threshold, one log line per
 * request to nowhere) for the harness. The bench's closed-loop load keeps the event loop busy but never a second late,
 * so nothing is shed; the harness counts any non-2xx answer as a failure.
 */
export async function listenForBench (build: (options: KitOptions) => Promise<FastifyInstance>, config: Parameters<typeof testConfig>[0] = {}) {
  const app = await build({
    config: testConfig({ keys: `bench-key:${Number.MAX_SAFE_INTEGER}`, logLevel: 'info', ...config }),
    logger: { level: 'info', stream: { write () {} } }
  })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close: () => app.close() }
}
