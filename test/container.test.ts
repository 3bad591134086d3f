import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { parse, parseAllDocuments } from 'yaml'
import { DRAIN_MS, testConfig } from '@utility-apis/service-kit'
import { freePort } from '../packages/service-kit/test/helpers/redis-servers.js'
import { ROOT, serviceSources } from './helpers/services.js'
import { redisOptionValues } from './helpers/redis-args.js'

const run = promisify(execFile)
const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, any>, volumes?: Record<string, unknown> }
const ci = readFileSync(join(ROOT, '.ci', 'run'), 'utf8')

/** The HEALTHCHECK instruction's command, in exec form. */
function healthCheck (): string[] {
  const match = /^HEALTHCHECK\b.*\bCMD (\[.*\])$/m.exec(dockerfile)
  if (match === null) throw new Error('Dockerfile: no HEALTHCHECK ... CMD ["...", ...] instruction')
  return JSON.parse(match[1]) as string[]
}

async function exitCode (command: string[], env: Record<string, string>): Promise<number> {
  try {
    await run(command[0], command.slice(1), { env: { PATH: process.env.PATH, ...env }, timeout: 10_000 })
    return 0
  } catch (error) {
    return (error as { code?: number }).code ?? -1
  }
}

describe('Dockerfile', () => {
  test('the image is the current Active LTS line of Node (26), which CI also runs the whole suite on', () => {
    const version = /^ARG NODE_VERSION=(\d+)$/m.exec(dockerfile)?.[1]
    expect(version).toBe('26')
    expect(ci).toMatch(new RegExp(`npm install [^\\n]*\\bnode@${version} `))
    expect(readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim()).toBe(version)
    // the machine's Node stays supported
    expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node).toBe('>=20.19')
  })

  test('its HEALTHCHECK gives a busy service time: Docker waits 10 s, the check 8 s of it, three misses before unhealthy', () => {
    const options = /^HEALTHCHECK (.*?) CMD /m.exec(dockerfile)?.[1] ?? ''
    const seconds = (name: string) => Number(new RegExp(`--${name}=(\\d+)s\\b`).exec(options)?.[1])
    expect(seconds('timeout')).toBeGreaterThanOrEqual(10)
    expect(Number(/--retries=(\d+)/.exec(options)?.[1])).toBeGreaterThanOrEqual(3)
    // the check answers before Docker gives up on it, so a slow answer is a clean failure, not a killed process
    const own = Number(/timeout: (\d+)/.exec(healthCheck().join(' '))?.[1]) / 1000
    expect(own).toBeGreaterThan(2)
    expect(own).toBeLessThan(seconds('timeout'))
  })

  test('its HEALTHCHECK asks the service in the container for /health, at PORT or the service\'s own default port', async () => {
    const command = healthCheck()
    expect(command[0]).toBe('node')
    // Without PORT, the port main.ts listens on: the check names each service's default
    for (const service of serviceSources()) expect(command.join(' '), service.name).toContain(`${service.name}: ${service.defaultPort}`)

    const service = serviceSources()[0]
    const app = await (await service.buildApp())({ config: testConfig() })
    // no worker's /health to fall back on: a port nothing listens on
    const noWorker = String(await freePort())
    try {
      await app.listen({ port: 0, host: '127.0.0.1' })
      const port = String((app.server.address() as { port: number }).port)
      expect(await exitCode(command, { SERVICE: service.name, PORT: port, WORKER_METRICS_PORT: noWorker })).toBe(0)
      await app.close()
      expect(await exitCode(command, { SERVICE: service.name, PORT: port, WORKER_METRICS_PORT: noWorker })).not.toBe(0)
    } finally {
      await app.close()
    }
  })

  // It probed the API port alone: a container started as `node dist/worker.js` (as the worker Deployments are), which
  // listens on WORKER_METRICS_PORT only, was marked unhealthy by plain Docker
  test('its HEALTHCHECK asks a worker container\'s own /health when nothing listens on the API port', async () => {
    const command = healthCheck()
    const closed = String(await freePort())
    const answers: number[] = [200]
    const worker = createServer((request, reply) => { reply.statusCode = request.url === '/health' ? answers[0] : 404; reply.end() })
    await new Promise<void>((resolve) => worker.listen(0, '127.0.0.1', resolve))
    try {
      const port = String((worker.address() as { port: number }).port)
      expect(await exitCode(command, { SERVICE: 'brand', PORT: closed, WORKER_METRICS_PORT: port })).toBe(0)
      answers[0] = 503
      expect(await exitCode(command, { SERVICE: 'brand', PORT: closed, WORKER_METRICS_PORT: port })).not.toBe(0)
    } finally {
      await new Promise((resolve) => worker.close(resolve))
    }
    expect(await exitCode(command, { SERVICE: 'brand', PORT: closed, WORKER_METRICS_PORT: closed })).not.toBe(0)
  })
})

describe('.ci/run', () => {
  // the worker Deployments run dist/worker.js of the image: the deploy smoke test starts it from the same
  // `pnpm deploy --prod` output as main.js, each on a metrics port of its own, so a worker missing from it fails CI
  test('the deploy smoke test starts each worker service\'s dist/worker.js and waits for its /health', () => {
    const smoke = ci.slice(ci.indexOf('# Deploy smoke test'))
    expect(smoke).toMatch(/\bexec node --liftoff-only dist\/worker\.js\)/)
    expect(smoke).toMatch(/\$\{?metrics_port\}?\/health/)
    const ports = serviceSources().filter((service) => service.worker).map((service) => {
      const call = new RegExp(`^\\s+${service.name}\\) smoke_worker ${service.name} "\\$out" (\\d+) ;;$`, 'm').exec(smoke)
      expect(call, `a smoke_worker call for ${service.name} in the deploy loop`).not.toBeNull()
      return call?.[1]
    })
    expect(new Set(ports).size).toBe(ports.length)
  })
})

describe('docker-compose.yml', () => {
  test('Redis keeps an append-only file on a volume, so a restart does not reset every quota', () => {
    const redis = compose.services.redis
    const args = (redis.command as string[]).join(' ')
    expect(args).toMatch(/--appendonly yes\b/)
    const volume = (redis.volumes as string[]).find((entry) => entry.endsWith(':/data'))
    expect(volume, 'a volume at /data, where redis:7 writes its append-only file').toBeDefined()
    expect(compose.volumes).toHaveProperty(volume?.split(':')[0] as string)
  })

  test('the quota\'s Redis refuses writes rather than evicts a counter, at deploy/k8s\'s maxmemory', () => {
    // an LRU policy would evict counters once brand's caches fill it, and a key whose counter is gone has its quota back
    const args = compose.services.redis.command as string[]
    const values = (option: string): string[] => redisOptionValues(args, option)
    expect(values('--maxmemory-policy')).toEqual(['noeviction'])
    // a maxmemory, so the caches' 75% (services/brand/src/cache-room.ts) leaves the counters a quarter, as in deploy/k8s
    const manifests = parseAllDocuments(readFileSync(join(ROOT, 'deploy', 'k8s', 'redis.yaml'), 'utf8')).map((doc) => doc.toJS())
    const quota = manifests.find((object) => object.kind === 'StatefulSet' && object.metadata.name === 'redis')
    const k8sArgs = quota.spec.template.spec.containers[0].args as string[]
    expect(values('--maxmemory')).toEqual([k8sArgs[k8sArgs.indexOf('--maxmemory') + 1]])
  })

  test('jobs keep their queue and results on a Redis of their own, sized as deploy/k8s\'s, never evicting', () => {
    const jobs = compose.services['redis-jobs']
    const args = (jobs.command as string[]).join(' ')
    expect(args).toMatch(/--maxmemory 1536mb --maxmemory-policy noeviction\b/)
    expect(args).toMatch(/--appendonly yes\b/)
    expect(readFileSync(join(ROOT, 'deploy', 'k8s', 'redis.yaml'), 'utf8')).toContain('"--maxmemory", "1536mb"')
    for (const service of serviceSources().filter((candidate) => candidate.worker)) {
      expect(compose.services[service.name].environment.JOBS_REDIS_URL, service.name).toBe('redis://redis-jobs:6379')
      expect(compose.services[service.name].depends_on['redis-jobs'], service.name).toEqual({ condition: 'service_healthy' })
    }
  })

  test('gives each service\'s in-flight requests their drain before Docker kills it', () => {
    for (const service of serviceSources()) {
      const grace = /^(\d+)s$/.exec(String(compose.services[service.name].stop_grace_period))
      expect(grace, service.name).not.toBeNull()
      expect(Number(grace?.[1]), service.name).toBeGreaterThan(DRAIN_MS / 1000)
    }
  })

  test('each service is health-checked by the image\'s HEALTHCHECK, not a copy of it', () => {
    for (const service of serviceSources()) {
      expect(compose.services[service.name], service.name).toBeDefined()
      expect(compose.services[service.name].healthcheck, service.name).toBeUndefined()
    }
    expect(dockerfile).toMatch(/^ENV SERVICE=\$\{SERVICE\}/m)
  })
})
