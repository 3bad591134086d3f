import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { jobsSettingsFromEnv, workerSettingsFromEnv } from '@utility-apis/jobs'
import { rendererFromEnv } from '@utility-apis/renderer'
import { loadConfig, type KitOptions } from '@utility-apis/service-kit'

export const ROOT = join(import.meta.dirname, '..', '..')

export interface ServiceSource {
  name: string
  /** Variables main.ts reads itself for the service's own options (`env.RENDERER`), beside the kit's configuration. */
  ownVariables: string[]
  /** The port main.ts gives startService: where the service listens without PORT. */
  defaultPort: number
  /** main.ts reads the renderer's variables too (brand, site). */
  renderer: boolean
  /** main.ts reads the bulk-jobs variables too (brand, site). */
  jobs: boolean
  /** A src/worker.ts, which reads the worker variables. */
  worker: boolean
  buildApp: () => Promise<(options: KitOptions) => Promise<FastifyInstance>>
}

const START = /startService\([\s\S]*\{\s*service:\s*'([a-z-]+)',\s*port:\s*(\d+)\s*\}\s*\)/

/** Every service under services/, as its main.ts starts it. */
export function serviceSources (): ServiceSource[] {
  return readdirSync(join(ROOT, 'services')).sort().map((folder) => {
    const main = readFileSync(join(ROOT, 'services', folder, 'src', 'main.ts'), 'utf8')
    const start = START.exec(main)
    if (start === null) throw new Error(`services/${folder}/src/main.ts: no startService(..., { service, port }) call found`)
    return {
      name: start[1],
      ownVariables: [...main.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]),
      defaultPort: Number(start[2]),
      jobs: main.includes('jobsSettingsFromEnv'),
      renderer: main.includes('rendererFromEnv'),
      worker: existsSync(join(ROOT, 'services', folder, 'src', 'worker.ts')),
      buildApp: async () => (await import(`../../services/${folder}/src/app.ts`)).buildApp
    }
  })
}

/** An environment that records the name of every variable read from it, and answers from `values`. */
function recordingEnv (values: Record<string, string>, read: Set<string>): Record<string, string | undefined> {
  return new Proxy(values, {
    get (target, name) {
      if (typeof name === 'string') read.add(name)
      return target[name as string]
    }
  })
}

/**
 * The variables a service reads at start-up, found by running its configuration loader on an
 * environment that records every read, in development and in production mode.
 */
export function variablesRead (service: ServiceSource, process: 'main' | 'worker' = 'main'): Set<string> {
  const read = new Set<string>(process === 'main' ? service.ownVariables : [])
  const environments: Array<Record<string, string>> = [{}, { NODE_ENV: 'production', API_KEYS: 'k' }]
  for (const values of environments) {
    const env = recordingEnv(values, read)
    loadConfig(env, { service: service.name, port: service.defaultPort })
    if (service.jobs) jobsSettingsFromEnv(env)
    if (service.renderer) rendererFromEnv(recordingEnv({ ...values, RENDERER: 'chromium' }, read))
    if (process === 'worker') workerSettingsFromEnv(env)
  }
  return read
}
