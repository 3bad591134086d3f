import { testConfig } from '@utility-apis/service-kit'
import { buildApp } from '../src/app.js'

/**
 * The SLA service as deployed (auth, memory quota, validation, logging to nowhere), for the bench harness. Load
 * shedding is off: a closed-loop load test keeps the event loop saturated on purpose, and shed requests would be
 * counted as cheap 503s instead of measuring what a request costs.
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
