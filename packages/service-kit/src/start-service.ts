import closeWithGrace from 'close-with-grace'
import type { FastifyInstance } from 'fastify'
import { loadConfig, type ConfigDefaults } from './config.js'
import type { KitOptions } from './build-service.js'

/**
 * The whole of a service's main.ts: read the environment once, build, listen, and on SIGTERM/SIGINT stop accepting,
 * let in-flight requests finish (10 s at most) and close Redis and fetch agents.
 */
export async function startService (build: (options: KitOptions) => Promise<FastifyInstance>, defaults: ConfigDefaults) {
  let app: FastifyInstance
  try {
    const { config, warnings } = loadConfig(process.env, defaults)
    app = await build({ config })
    for (const warning of warnings) app.log.warn(warning)
    closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
      if (err) app.log.error({ err: { type: err.name } }, 'shutting down after an error')
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
