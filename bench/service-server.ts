import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { testConfig, type KitOptions } from '@utility-apis/service-kit'
import { ROOT } from './harness.js'

type Build = (options: KitOptions) => Promise<FastifyInstance>

/**
 * A service's buildApp from its tsup build, the code that is deployed: tsx, which runs the sources, compiles with
 * esbuild's keepNames, a call on every function made at run time. `pnpm bench` builds first.
 */
export async function builtApp (service: string): Promise<Build> {
  const file = join(ROOT, 'services', service, 'dist', 'app.js')
  if (!existsSync(file)) throw new Error(`${file} is missing: build first (pnpm build)`)
  return ((await import(pathToFileURL(file).href)) as { buildApp: Build }).buildApp
}

/**
 * A service as deployed (auth, memory quota, validation, load shedding at its production threshold, one log line per
 * request to nowhere) for the harness. The bench's closed-loop load keeps the event loop busy but never a second late,
 * so nothing is shed; the harness counts any non-2xx answer as a failure.
 */
export async function listenForBench (build: Build, config: Parameters<typeof testConfig>[0] = {}) {
  const app = await build({
    config: testConfig({ keys: `bench-key:${Number.MAX_SAFE_INTEGER}`, logLevel: 'info', ...config }),
    logger: { level: 'info', stream: { write () {} } }
  })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, app, close: () => app.close() }
}
