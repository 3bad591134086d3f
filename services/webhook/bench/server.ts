import { testConfig } from '@utility-apis/service-kit'
import { buildApp } from '../src/app.js'

/**
 * The webhook service as deployed (auth, memory quota, validation, logging to nowhere), for the bench harness. Load
 * shedding is off: a saturating load would otherwise get part of its answers as fast 503s, which inflate the count.
 */
export async function start () {
  const app = await buildApp({
    config: testConfig({ keys: `bench-key:${Number.MAX_SAFE_INTEGER}`, logLevel: 'info' }),
    logger: { level: 'info', stream: { write () {} } },
    pressure: { maxEventLoopUtilization: 0, maxEventLoopDelay: 0 }
  })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close: () => app.close() }
}
