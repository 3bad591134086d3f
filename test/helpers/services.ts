import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { Redis } from 'ioredis'
import { jobsSettingsFromEnv, workerSettingsFromEnv, type WorkerProcessDefinition } from '@utility-apis/jobs'
import { rendererFromEnv } from '@utility-apis/renderer'
import { loadConfig, Metrics, type KitOptions } from '@utility-apis/service-kit'

export const ROOT = join(import.meta.dirname, '..', '..')

export interface ServiceSource {
  name: string
  /** Its folder under services/. */
  folder: string
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
      folder,
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

// Development, and production with the one variable it insists on: a variable read in either mode counts.
const ENVIRONMENTS: Array<Record<string, string>> = [{}, { NODE_ENV: 'production', API_KEYS: 'k' }]

/**
 * The variables a service's API process reads at start-up, found by running its configuration loaders on an
 * environment that records every read, in development and in production mode.
 */
export function variablesRead (service: ServiceSource): Set<string> {
  const read = new Set<string>(service.ownVariables)
  for (const values of ENVIRONMENTS) {
    const env = recordingEnv(values, read)
    loadConfig(env, { service: service.name, port: service.defaultPort })
    if (service.jobs) jobsSettingsFromEnv(env)
    if (service.renderer) rendererFromEnv(recordingEnv({ ...values, RENDERER: 'chromium' }, read))
  }
  return read
}

type WorkerFactory = (env: Record<string, string | undefined>, warn: (message: string) => void) => WorkerProcessDefinition

const WORKER_CALL = /runWorkerProcess\(\s*(\w+)\(process\.env\b/

/** The worker definition src/worker.ts hands runWorkerProcess (`brandWorker`), imported from where worker.ts has it. */
async function workerFactory (service: ServiceSource): Promise<WorkerFactory> {
  const src = join(ROOT, 'services', service.folder, 'src')
  const source = readFileSync(join(src, 'worker.ts'), 'utf8')
  const name = WORKER_CALL.exec(source)?.[1]
  const from = name === undefined ? undefined : new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '\\./([\\w./-]+)\\.js'`).exec(source)?.[1]
  if (name === undefined || from === undefined) {
    throw new Error(`services/${service.folder}/src/worker.ts: no runWorkerProcess(<definition>(process.env, ...)) of an import from ./<module>.js`)
  }
  const module = await import(pathToFileURL(join(src, `${from}.ts`)).href) as Record<string, WorkerFactory>
  return module[name]
}

/**
 * The variables a service's worker process (src/worker.ts) reads at start-up: runWorkerProcess's loaders, and the
 * service's worker definition, both its factory and its `build` (where a service reads its own settings, such as
 * brand's LOGO_CACHE_TTL), each on an environment that records every read. `build` is given a Redis that never connects
 * (it only wires the caches to it) and what it opens is closed again; RENDERER stays unset there, so no browser starts.
 */
export async function workerVariablesRead (service: ServiceSource): Promise<Set<string>> {
  const read = new Set<string>()
  const factory = await workerFactory(service)
  for (const values of ENVIRONMENTS) {
    const env = recordingEnv(values, read)
    const definition = factory(env, () => {})
    const { config } = loadConfig(env, { service: definition.service, port: definition.port })
    jobsSettingsFromEnv(env)
    workerSettingsFromEnv(env)
    if (service.renderer) rendererFromEnv(recordingEnv({ ...values, RENDERER: 'chromium' }, read))
    const redis = new Redis({ lazyConnect: true })
    try {
      const parts = await definition.build(config, redis, new Metrics(definition.service))
      await parts.close?.()
      await parts.fetcher.close()
    } finally {
      redis.disconnect()
    }
  }
  return read
}
