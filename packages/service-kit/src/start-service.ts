import closeWithGrace from 'close-with-grace'
import type { FastifyInstance } from 'fastify'
import { loadConfig, type ConfigDefaults } from './config.js'
import type { KitOptions } from './build-service.js'

/** What is safe to log of a thrown value: its type (and code), never its message, which may carry a URL or a secret. */
function errorType (value: unknown): { type: string, code?: string } {
  if (!(value instanceof Error)) return { type: typeof value }
  const code = (value as { code?: unknown }).code
  return typeof code === 'string' ? { type: value.name, code } : { type: value.name }
}

/**
 * What close-with-grace says when a shutdown ends badly (a second signal, the drain past DRAIN_MS, a close that threw),
 * as the service's own JSON log lines: by default it writes plain text to stderr, and a thrown error with its message.
 */
function shutdownLog (app: FastifyInstance) {
  return {
    logger: { error: (value: unknown) => { app.log.error({ err: errorType(value) }, 'shutdown failed') } },
    onSecondSignal: (signal: string) => { app.log.error({ signal }, 'second signal during the drain: exiting now, requests in flight are cut') },
    onTimeout: (delayMs: number) => { app.log.error({ delay_ms: delayMs }, 'the drain did not end in time: exiting, requests in flight are cut') }
  }
}

/**
 * How long in-flight requests may go on after SIGTERM: the longest work a caller may ask of a route (30 s: a brand
 * profile's `timeout_seconds`, a conformance suite; a site analysis's budget is 28 s) and 5 s to answer. A shorter
 * drain cut those requests off at every rollout. The grace periods of deploy/ are sized from it.
 */
export const DRAIN_MS = 35_000

/**
 * The whole of a service's main.ts: read the environment once, build, listen, and on SIGTERM/SIGINT stop accepting,
 * let in-flight requests finish (DRAIN_MS at most) and close Redis and fetch agents. A promise rejection nobody handled
 * (a library's failure its caller already contained, such as a browser's) is logged and the service goes on; an
 * uncaught exception, whose stack unwound mid-work, is logged and shuts the process down as a signal does.
 */
export async function startService (build: (options: KitOptions) => Promise<FastifyInstance>, defaults: ConfigDefaults) {
  let app: FastifyInstance
  try {
    const { config, warnings } = loadConfig(process.env, defaults)
    app = await build({ config })
    for (const warning of warnings) app.log.warn(warning)
    process.on('unhandledRejection', (reason) => { app.log.error({ err: errorType(reason) }, 'unhandled promise rejection') })
    closeWithGrace({ delay: DRAIN_MS, skip: ['unhandledRejection'], ...shutdownLog(app) }, async ({ signal, err }) => {
      if (err) app.log.error({ err: errorType(err) }, 'shutting down after an uncaught exception')
      else app.log.info({ signal }, 'shutting down')
      await app.close()
    })
    await app.listen({ port: config.port, host: config.host })
  } catch (err) {
    process.stderr.write(`${defaults.service}: ${(err as Error).message}\n`)
    process.exit(1)
  }
  return app
}
