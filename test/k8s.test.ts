import { readdirSync, readFileSync } from 'node:fs'
import { BlockList, isIP } from 'node:net'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { isPublicAddress } from '@utility-apis/safe-fetch'
import { DRAIN_MS, loadConfig, testConfig } from '@utility-apis/service-kit'
import { containersOf, kustomizeBuild, type K8sObject } from './helpers/kustomize.js'
import { redisOptionValues } from './helpers/redis-args.js'
import { ROOT, serviceSources, variablesRead, workerVariablesRead } from './helpers/services.js'

const DIR = join(ROOT, 'deploy', 'k8s')
const objects = kustomizeBuild(DIR)
const services = serviceSources()

// Read by the services but deliberately absent from the cluster's configuration.
const NOT_IN_KUBERNETES: Record<string, string> = {
  UNSAFE_FETCH_ALLOW_CIDRS: 'tests and development only: a service refuses to start with it in production',
  UNSAFE_FETCH_HOST_MAP: 'tests and development only: a service refuses to start with it in production',
  REDIS_CLUSTER_NODES: 'the manifests run one Redis (REDIS_URL); a cluster replaces it with these seeds',
  JOBS_PREFIX: 'tests only: keeps the jobs of parallel tests apart on one Redis',
  RENDERER: 'the manifests run the default image, without a browser; the Dockerfile\'s chromium target sets it itself',
  CHROMIUM_PATH: 'set by the Dockerfile\'s chromium target, with RENDERER'
}
// Read by a worker process through the loaders it shares with its API, but without effect there: not set on the
// worker Deployments (they would only mislead whoever reads them).
const NOT_FOR_WORKERS: Record<string, string> = {
  PORT: 'the API\'s port: a worker listens on WORKER_METRICS_PORT alone',
  JOBS_INLINE_WORKER: 'whether the API process works jobs too: a worker process works them whatever it says',
  LOGO_CACHE_CONTROL: 'the Cache-Control of the logo route\'s answers: a worker answers no requests'
}
// Read by node itself, not by the services: a deployment may set them (the site sets its V8 young generation).
const FOR_NODE = new Set(['NODE_OPTIONS'])
// Credentials: from the Secret, never from the ConfigMap.
const SECRETS = ['API_KEYS', 'ADMIN_KEY', 'RAPIDAPI_PROXY_SECRET', 'PUBLISHABLE_KEYS']

function find (kind: string, name: string): K8sObject & Record<string, any> {
  const found = objects.filter((object) => object.kind === kind && object.metadata.name === name)
  expect(found, `${kind} ${name}`).toHaveLength(1)
  return found[0]
}

/**
 * A busy pod answers late but is alive: a liveness probe waits 10 s and restarts only after 30 s of misses; a readiness
 * probe waits 5 s, three times. A 2 s limit restarted pods whose event loop was full of analyses.
 */
function expectPatientProbes (container: Record<string, any>) {
  const { livenessProbe: liveness, readinessProbe: readiness } = container
  expect(liveness.timeoutSeconds).toBeGreaterThanOrEqual(10)
  expect(liveness.periodSeconds * liveness.failureThreshold).toBeGreaterThanOrEqual(30)
  if (readiness === undefined) return
  expect(readiness.timeoutSeconds).toBeGreaterThanOrEqual(5)
  expect(readiness.failureThreshold).toBeGreaterThanOrEqual(3)
}

type Models = Record<string, new (data: object) => { validate: () => void }>
const MODELS: Record<string, () => Promise<unknown>> = {
  v1: async () => await import('kubernetes-models/v1'),
  'apps/v1': async () => await import('kubernetes-models/apps/v1'),
  'autoscaling/v2': async () => await import('kubernetes-models/autoscaling/v2'),
  'policy/v1': async () => await import('kubernetes-models/policy/v1'),
  'networking.k8s.io/v1': async () => await import('kubernetes-models/networking.k8s.io/v1')
}

/** Validates an object against the schema of its apiVersion and kind, from kubernetes-models; throws if invalid. */
async function validateAgainstSchema (object: K8sObject): Promise<void> {
  const models = await MODELS[object.apiVersion]?.() as Models | undefined
  const Model = models?.[object.kind]
  if (Model === undefined) throw new Error(`no schema loaded for ${object.apiVersion} ${object.kind}: add it to MODELS`)
  new Model(object).validate()
}

/** The environment a container starts with: its env entries, then what envFrom brings (env wins, as in Kubernetes). */
function containerEnvironment (container: Record<string, any>): { env: Record<string, string>, from: Record<string, 'ConfigMap' | 'Secret'> } {
  const env: Record<string, string> = {}
  const from: Record<string, 'ConfigMap' | 'Secret'> = {}
  for (const source of container.envFrom ?? []) {
    const kind = source.configMapRef !== undefined ? 'ConfigMap' : 'Secret'
    const data = find(kind, (source.configMapRef ?? source.secretRef).name).data as Record<string, string>
    for (const [name, value] of Object.entries(data)) {
      env[name] = kind === 'Secret' ? Buffer.from(value, 'base64').toString() : value
      from[name] = kind
    }
  }
  for (const entry of container.env ?? []) {
    env[entry.name] = entry.value
    delete from[entry.name]
  }
  return { env, from }
}

// startService's close-with-grace delay: how long in-flight requests may take after SIGTERM
const drainSeconds = (): number => DRAIN_MS / 1000

describe('deploy/k8s', () => {
  test('lists every manifest of the folder in its kustomization', () => {
    const kustomization = readFileSync(join(DIR, 'kustomization.yaml'), 'utf8')
    const manifests = readdirSync(DIR).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    for (const file of manifests) expect(kustomization, file).toContain(`  - ${file}\n`)
  })

  test('every object is valid against the Kubernetes schemas', async () => {
    const failures: string[] = []
    for (const object of objects) {
      await validateAgainstSchema(object).catch((error: Error) => failures.push(`${object.kind} ${object.metadata.name}: ${error.message}`))
    }
    expect(failures).toEqual([])
    expect(objects.map((object) => object.kind)).toEqual(expect.arrayContaining(['Namespace', 'ConfigMap', 'Secret', 'StatefulSet']))
  })

  test('the schema check rejects a broken object (it is not vacuous)', async () => {
    const deployment = structuredClone(find('Deployment', services[0].name))
    containersOf(deployment)[0].ports[0].containerPort = 'http'
    await expect(validateAgainstSchema(deployment)).rejects.toThrow(/containerPort must be integer/)
  })

  test('the Redis the services are pointed at is the one deployed, and only they may reach it', () => {
    const redisService = find('Service', 'redis')
    const redis = find('StatefulSet', 'redis')
    expect(redis.spec.template.metadata.labels).toMatchObject(redisService.spec.selector)
    const url = new URL(find('ConfigMap', 'utility-apis-config').data.REDIS_URL)
    expect(url.hostname).toBe('redis')
    expect(Number(url.port)).toBe(redisService.spec.ports[0].port)
    const policy = find('NetworkPolicy', 'redis')
    expect(redis.spec.template.metadata.labels).toMatchObject(policy.spec.podSelector.matchLabels)
    const admitted = policy.spec.ingress[0].from[0].podSelector.matchLabels
    for (const service of services) expect(find('Deployment', service.name).spec.template.metadata.labels).toMatchObject(admitted)
    const workers = policy.spec.ingress[0].from[1].podSelector.matchLabels
    for (const service of services.filter((candidate) => candidate.worker)) {
      expect(find('Deployment', `${service.name}-worker`).spec.template.metadata.labels).toMatchObject(workers)
    }
  })
})

// Addresses safe-fetch refuses, one or more from every kind of range it knows: the network must refuse them too.
const NOT_PUBLIC = [
  '0.0.0.0', '10.1.2.3', '100.64.0.1', '127.0.0.1', '169.254.169.254', '172.20.0.1', '192.0.0.8', '192.0.2.1', '192.168.0.1',
  '198.18.0.1', '198.51.100.7', '203.0.113.9', '224.0.0.1', '240.0.0.1', '255.255.255.255',
  '::', '::1', '::ffff:169.254.169.254', '64:ff9b::a9fe:a9fe', '100::1', '2001::1', '2001:db8::1', '2002:a9fe:a9fe::1',
  'fc00::1', 'fd00:ec2::254', 'fe80::1', 'ff02::1'
]
const PUBLIC = ['1.1.1.1', '8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '2a00:1450:4001::200e']

// What the network refuses, exactly: the special-purpose ranges of IANA's registries that are not public unicast, each
// refused by safe-fetch too. A range grown past its registry entry (10.0.0.0/7 takes the public 11.0.0.0/8 with it)
// or dropped fails the comparison; the edges checked below fail it too.
const REFUSED_V4: Record<string, string> = {
  '0.0.0.0/8': 'this network',
  '10.0.0.0/8': 'private',
  '100.64.0.0/10': 'shared address space (CGNAT)',
  '127.0.0.0/8': 'loopback',
  '169.254.0.0/16': 'link-local, the cloud metadata address',
  '172.16.0.0/12': 'private',
  '192.0.0.0/24': 'IETF protocol assignments',
  '192.0.2.0/24': 'documentation',
  '192.88.99.0/24': '6to4 relay anycast',
  '192.168.0.0/16': 'private',
  '198.18.0.0/15': 'benchmarking',
  '198.51.100.0/24': 'documentation',
  '203.0.113.0/24': 'documentation',
  '224.0.0.0/4': 'multicast',
  '240.0.0.0/4': 'reserved, broadcast'
}
const REFUSED_V6: Record<string, string> = {
  '::/8': 'unspecified, loopback, IPv4-mapped and -compatible',
  '64:ff9b::/96': 'NAT64',
  '100::/64': 'discard-only',
  '2001::/32': 'Teredo',
  '2001:db8::/32': 'documentation',
  '2002::/16': '6to4',
  'fc00::/7': 'unique local',
  'fe80::/10': 'link-local',
  'ff00::/8': 'multicast'
}

/**
 * Whether an address lies in one of `cidrs`, as the network judges it: by membership alone, whatever safe-fetch thinks
 * of the address (a public one inside a refused range is refused). One list per family: node's BlockList would match
 * every IPv4 address against ::/8 through its IPv4-mapped form.
 */
function exceptedBy (cidrs: string[]): (ip: string) => boolean {
  const lists = { ipv4: new BlockList(), ipv6: new BlockList() }
  for (const cidr of cidrs) {
    const [base, prefix] = cidr.split('/')
    const family = isIP(base) === 4 ? 'ipv4' : 'ipv6'
    lists[family].addSubnet(base, Number(prefix), family)
  }
  return (ip) => isIP(ip) === 4 ? lists.ipv4.check(ip, 'ipv4') : lists.ipv6.check(ip, 'ipv6')
}

/** An IPv4 or IPv6 address as a number, and how many bits it has. */
function addressValue (ip: string): { value: bigint, bits: number } {
  if (ip.includes('.')) return { value: ip.split('.').reduce((sum, part) => sum * 256n + BigInt(part), 0n), bits: 32 }
  const [head, tail] = ip.split('::')
  const groups = (text: string | undefined): string[] => text === undefined || text === '' ? [] : text.split(':')
  const padding = tail === undefined ? [] : Array(8 - groups(head).length - groups(tail).length).fill('0')
  const all = [...groups(head), ...padding, ...groups(tail)]
  return { value: all.reduce((sum, group) => sum * 65536n + BigInt(`0x${group}`), 0n), bits: 128 }
}

function addressText (value: bigint, bits: number): string {
  const width = bits === 32 ? 8n : 16n
  const count = bits === 32 ? 4 : 8
  const parts = Array.from({ length: count }, (_, index) => (value >> (width * BigInt(count - 1 - index))) & ((1n << width) - 1n))
  return bits === 32 ? parts.join('.') : parts.map((part) => part.toString(16)).join(':')
}

/** A range's first and last addresses, and the addresses just outside it (none past either end of the space). */
function rangeEdges (cidr: string): { inside: string[], outside: string[] } {
  const [base, prefix] = cidr.split('/')
  const { value, bits } = addressValue(base)
  const size = 1n << BigInt(bits - Number(prefix))
  const last = value + size - 1n
  const outside = [value - 1n, last + 1n].filter((candidate) => candidate >= 0n && candidate < 1n << BigInt(bits))
  return { inside: [value, last].map((edge) => addressText(edge, bits)), outside: outside.map((edge) => addressText(edge, bits)) }
}

describe('deploy/k8s: egress', () => {
  const policy = find('NetworkPolicy', 'egress')
  const blocks = policy.spec.egress.flatMap((rule: any) => rule.to).filter((peer: any) => peer.ipBlock !== undefined).map((peer: any) => peer.ipBlock)
  const excepted = exceptedBy(blocks.flatMap((block: any) => block.except))

  test('holds every service and worker pod', () => {
    expect(policy.spec.policyTypes).toEqual(['Egress'])
    const selected = policy.spec.podSelector.matchExpressions[0]
    expect(selected).toEqual({ key: 'app.kubernetes.io/component', operator: 'In', values: ['api', 'worker'] })
    const pods = objects.filter((object) => object.kind === 'Deployment').map((object: any) => object.spec.template.metadata.labels)
    expect(pods.length).toBe(services.length + services.filter((service) => service.worker).length)
    for (const labels of pods) expect(selected.values).toContain(labels['app.kubernetes.io/component'])
  })

  test('lets them reach public addresses only, the ranges refused being those safe-fetch refuses', () => {
    expect(blocks.map((block: any) => block.cidr)).toEqual(['0.0.0.0/0', '::/0'])
    for (const ip of NOT_PUBLIC) {
      expect(isPublicAddress(ip), ip).toBe(false)
      expect(excepted(ip), ip).toBe(true)
    }
    for (const ip of PUBLIC) expect(excepted(ip), ip).toBe(false)
  })

  test('refuses exactly the special-purpose ranges, none reaching into public space at either end', () => {
    const [v4, v6] = blocks.map((block: any) => [...block.except].sort())
    expect(v4).toEqual(Object.keys(REFUSED_V4).sort())
    expect(v6).toEqual(Object.keys(REFUSED_V6).sort())
    for (const cidr of [...v4, ...v6]) {
      const { inside, outside } = rangeEdges(cidr)
      // nothing safe-fetch lets through is refused: the range's first and last addresses are not public...
      for (const ip of inside) expect(isPublicAddress(ip), `${ip}, an end of ${cidr}`).toBe(false)
      // ...and a public address just outside it is reached (one refused by safe-fetch may lie in a neighbouring range)
      for (const ip of outside.filter((candidate) => isPublicAddress(candidate))) expect(excepted(ip), `${ip}, next to ${cidr}`).toBe(false)
    }
    // the edges are the ones meant (10.0.0.0/8 ends at 10.255.255.255, 11.0.0.0 follows it), and membership is judged
    // by the range alone: a public address inside a refused range counts as refused
    expect(rangeEdges('10.0.0.0/8')).toEqual({ inside: ['10.0.0.0', '10.255.255.255'], outside: ['9.255.255.255', '11.0.0.0'] })
    expect(rangeEdges('fe80::/10').inside).toEqual(['fe80:0:0:0:0:0:0:0', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'])
    expect([excepted('11.0.0.0'), exceptedBy(['10.0.0.0/7'])('11.0.0.0'), exceptedBy(['::/8'])('11.0.0.0')]).toEqual([false, true, false])
  })

  test('lets them reach the cluster DNS and the two Redis, on their ports alone', () => {
    const [dns, redis] = policy.spec.egress
    expect(dns.to[0].podSelector.matchLabels).toEqual({ 'k8s-app': 'kube-dns' })
    expect(dns.ports.map((port: any) => port.port)).toEqual([53, 53])
    const names = redis.to[0].podSelector.matchExpressions[0].values
    for (const name of ['redis', 'redis-jobs']) expect(find('StatefulSet', name).spec.template.metadata.labels['app.kubernetes.io/name']).toBe(name)
    expect(names).toEqual(['redis', 'redis-jobs'])
    expect(redis.ports).toEqual([{ protocol: 'TCP', port: 6379 }])
  })
})

// The largest job a deployment must hold (a 100,000-domain brand job): results of real profiles at 15 MiB per
// 10,000 (the upper end of the README's estimate), its queue at 1 KiB per waiting input; job creation stops at 90%.
const LARGEST_JOB_RESULTS_MIB = 100_000 / 10_000 * 15
const LARGEST_JOB_QUEUE_MIB = 100_000 * 1024 / 2 ** 20
const JOBS_RETAINED = 8
const STORAGE_FULL_SHARE = 0.9

/** `--maxmemory 1536mb` of a Redis command line, in MiB. */
function maxmemoryMiB (args: string[]): number {
  const value = args[args.indexOf('--maxmemory') + 1]
  const match = /^(\d+)(mb|gb)$/.exec(value ?? '')
  expect(match, `--maxmemory ${value}`).not.toBeNull()
  return Number(match?.[1]) * (match?.[2] === 'gb' ? 1024 : 1)
}

describe('deploy/k8s: the quota\'s Redis', () => {
  // Its quota counters must never be evicted: an LRU policy would drop counters under memory pressure (the brand caches
  // share this Redis), and each dropped counter hands its key its month's quota back.
  test('refuses writes rather than evicts, and keeps an append-only file', () => {
    const args = containersOf(find('StatefulSet', 'redis'))[0].args as string[]
    expect(redisOptionValues(args, '--maxmemory-policy')).toEqual(['noeviction'])
    expect(redisOptionValues(args, '--appendonly')).toEqual(['yes'])
    expect(maxmemoryMiB(args)).toBeGreaterThan(0)
  })
})

describe('deploy/k8s: the jobs\' own Redis', () => {
  test('JOBS_REDIS_URL points at a Redis of its own, apart from the quota\'s, that the API and worker pods may reach', () => {
    const quota = new URL(find('ConfigMap', 'utility-apis-config').data.REDIS_URL)
    const service = find('Service', 'redis-jobs')
    for (const candidate of services.filter((one) => one.worker)) {
      for (const name of [candidate.name, `${candidate.name}-worker`]) {
        const env = containersOf(find('Deployment', name))[0].env as Array<{ name: string, value: string }>
        const url = new URL(env.find((variable) => variable.name === 'JOBS_REDIS_URL')?.value as string)
        expect(url.hostname, name).toBe('redis-jobs')
        expect(url.hostname).not.toBe(quota.hostname)
        expect(Number(url.port)).toBe(service.spec.ports[0].port)
      }
    }
    const redis = find('StatefulSet', 'redis-jobs')
    expect(redis.spec.template.metadata.labels).toMatchObject(service.spec.selector)
    const policy = find('NetworkPolicy', 'redis-jobs')
    expect(redis.spec.template.metadata.labels).toMatchObject(policy.spec.podSelector.matchLabels)
    for (const candidate of services.filter((one) => one.worker)) {
      expect(find('Deployment', candidate.name).spec.template.metadata.labels).toMatchObject(policy.spec.ingress[0].from[0].podSelector.matchLabels)
      expect(find('Deployment', `${candidate.name}-worker`).spec.template.metadata.labels).toMatchObject(policy.spec.ingress[0].from[1].podSelector.matchLabels)
    }
  })

  test('is sized from the retention and the largest job, refuses rather than evicts, and fits its container', () => {
    const container = containersOf(find('StatefulSet', 'redis-jobs'))[0]
    const args = container.args as string[]
    expect(args.join(' ')).toMatch(/--maxmemory-policy noeviction\b/)
    expect(args.join(' ')).toMatch(/--appendonly yes\b/)
    const max = maxmemoryMiB(args)
    expect(max * STORAGE_FULL_SHARE).toBeGreaterThanOrEqual(JOBS_RETAINED * LARGEST_JOB_RESULTS_MIB + LARGEST_JOB_QUEUE_MIB)
    // Redis needs room beyond its data (fragmentation, the AOF rewrite's buffers)
    const limit = container.resources.limits.memory as string
    expect(limit).toMatch(/^\d+(Mi|Gi)$/)
    const limitMiB = Number.parseInt(limit) * (limit.endsWith('Gi') ? 1024 : 1)
    expect(limitMiB).toBeGreaterThanOrEqual(max * 1.25)
    // the quota's Redis keeps its own, smaller size: results no longer share it
    expect(maxmemoryMiB(containersOf(find('StatefulSet', 'redis'))[0].args as string[])).toBeLessThan(max)
  })
})

describe('packages/renderer/README.md on deploy/k8s', () => {
  // The README tells an operator what to change for a Chromium image, starting from what the manifests give the pods
  // that would render: it must name what they really ship.
  test('says the rendering services\' pods run without Chromium, with the memory limit and /tmp they have', () => {
    const readme = readFileSync(join(ROOT, 'packages', 'renderer', 'README.md'), 'utf8')
    const section = /^## Deploying it with Chromium\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1] ?? ''
    expect(section, 'a "## Deploying it with Chromium" section').toMatch(/no Chromium/)
    for (const service of services.filter((candidate) => candidate.renderer)) {
      for (const name of [service.name, ...(service.worker ? [`${service.name}-worker`] : [])]) {
        const deployment = find('Deployment', name)
        const container = containersOf(deployment)[0]
        expect(containerEnvironment(container).env.RENDERER, name).toBeUndefined()
        expect(container.image, name).not.toMatch(/chromium/)
        const memory = /^(\d+)Mi$/.exec(container.resources.limits.memory)?.[1]
        expect(section, `${name}'s memory limit`).toContain(`a ${memory} Mi memory limit`)
        const tmp = /^(\d+)Mi$/.exec(deployment.spec.template.spec.volumes.find((volume: any) => volume.name === 'tmp').emptyDir.sizeLimit)?.[1]
        expect(section, `${name}'s /tmp`).toContain(`a ${tmp} MiB \`/tmp\``)
        expect(section, name).toContain(`\`${name}\``)
      }
    }
  })
})

describe.each(services)('deploy/k8s: $name', (service) => {
  const deployment = find('Deployment', service.name)
  const pod = deployment.spec.template.spec
  const container = containersOf(deployment)[0]
  const http = container.ports.find((port: { name: string }) => port.name === 'http')

  test('listens where its probes and Service look, and the probed paths answer', async () => {
    expect(containersOf(deployment)).toHaveLength(1)
    const { env } = containerEnvironment(container)
    const config = loadConfig({ ...env, API_KEYS: 'k8s-test-key' }, { service: service.name, port: service.defaultPort }).config
    expect(http.containerPort).toBe(service.defaultPort)
    expect(config.port).toBe(http.containerPort)
    expect(config.host).toBe('0.0.0.0')

    expect(container.livenessProbe.httpGet).toEqual({ path: '/health', port: 'http' })
    expect(container.readinessProbe.httpGet).toEqual({ path: '/ready', port: 'http' })
    expectPatientProbes(container)
    const app = await (await service.buildApp())({ config: testConfig() })
    try {
      for (const path of ['/health', '/ready']) expect((await app.inject({ method: 'GET', url: path })).statusCode, path).toBe(200)
    } finally {
      await app.close()
    }

    const kubeService = find('Service', service.name)
    expect(kubeService.spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 'http' }])
    expect(deployment.spec.template.metadata.labels).toMatchObject(kubeService.spec.selector)
    expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels)
  })

  test('is given exactly the variables it reads, credentials from the Secret, and starts in production with them', () => {
    const { env, from } = containerEnvironment(container)
    const read = variablesRead(service)
    const expected = [...read].filter((name) => !(name in NOT_IN_KUBERNETES)).sort()
    expect(Object.keys(env).filter((name) => !FOR_NODE.has(name)).sort(), 'add a new variable to config.env or secrets.env.example, or to NOT_IN_KUBERNETES')
      .toEqual(expected)
    for (const name of SECRETS) expect(from[name], name).toBe('Secret')
    expect(Object.keys(from).filter((name) => from[name] === 'Secret').sort()).toEqual([...SECRETS].sort())

    expect(env.NODE_ENV).toBe('production')
    // secrets.env.example leaves every credential empty: such a deployment must refuse to start, not run open.
    expect(() => loadConfig(env, { service: service.name, port: service.defaultPort })).toThrow(/API_KEYS or RAPIDAPI_PROXY_SECRET/)
    const { config } = loadConfig({ ...env, API_KEYS: 'k8s-test-key' }, { service: service.name, port: service.defaultPort })
    expect(config).toMatchObject({ production: true, redisUrl: env.REDIS_URL, quotaFailMode: env.QUOTA_FAIL_MODE })
  })

  test('runs as non-root on a read-only root filesystem, with bounded resources', () => {
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } })
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0)
    expect(pod.automountServiceAccountToken).toBe(false)
    expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } })
    for (const resource of ['cpu', 'memory']) {
      expect(container.resources.requests[resource], `requests.${resource}`).toBeDefined()
      expect(container.resources.limits[resource], `limits.${resource}`).toBeDefined()
    }
  })

  test('is scraped by Prometheus at /metrics on its port (quota_store_up, load shedding, requests)', () => {
    const http = container.ports.find((port: { name: string }) => port.name === 'http').containerPort
    expect(deployment.spec.template.metadata.annotations).toMatchObject({
      'prometheus.io/scrape': 'true', 'prometheus.io/port': String(http), 'prometheus.io/path': '/metrics'
    })
  })

  test('drains within its grace period: preStop, then the service\'s own drain after SIGTERM', () => {
    const preStop = container.lifecycle.preStop.sleep.seconds as number
    expect(preStop).toBeGreaterThan(0)
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(preStop + drainSeconds())
  })

  test('scales between two replicas and more, and a voluntary disruption takes at most one', () => {
    const autoscaler = find('HorizontalPodAutoscaler', service.name)
    expect(deployment.spec, 'replicas belong to the autoscaler: `kubectl apply` would reset its scale').not.toHaveProperty('replicas')
    expect(autoscaler.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: service.name })
    expect(autoscaler.spec.minReplicas).toBeGreaterThanOrEqual(2)
    expect(autoscaler.spec.maxReplicas).toBeGreaterThan(autoscaler.spec.minReplicas)
    expect(container.resources.requests.cpu, 'CPU utilisation is a share of the request').toBeDefined()
    const budget = find('PodDisruptionBudget', service.name)
    expect(budget.spec.maxUnavailable).toBe(1)
    expect(deployment.spec.template.metadata.labels).toMatchObject(budget.spec.selector.matchLabels)
  })
})

describe.each(services.filter((service) => service.worker))('deploy/k8s: $name-worker', (service) => {
  const deployment = find('Deployment', `${service.name}-worker`)
  const container = containersOf(deployment)[0]

  test('runs dist/worker.js of the service\'s image with exactly the variables a worker reads', async () => {
    expect(container.image).toBe(containersOf(find('Deployment', service.name))[0].image)
    expect(container.command).toEqual(['node', '--liftoff-only', 'dist/worker.js'])
    const { env, from } = containerEnvironment(container)
    const read = await workerVariablesRead(service)
    const expected = [...read].filter((name) => !(name in NOT_IN_KUBERNETES) && !(name in NOT_FOR_WORKERS)).sort()
    expect(Object.keys(env).filter((name) => !FOR_NODE.has(name)).sort(), 'a variable the worker reads is missing, or one it does not read is set')
      .toEqual(expected)
    for (const name of SECRETS) expect(from[name], name).toBe('Secret')
    // what the API's Deployment sets beside the shared ConfigMap, the worker gets the same (LOGO_CACHE_TTL: the logos a
    // job makes are as fresh as the route's own)
    const api = containerEnvironment(containersOf(find('Deployment', service.name))[0]).env
    for (const name of expected) if (name in api) expect(env[name], name).toBe(api[name])
  })

  test('serves /health and /metrics on the port its probe and scrape annotation name', () => {
    const { env } = containerEnvironment(container)
    const port = container.ports.find((entry: { name: string }) => entry.name === 'metrics').containerPort
    expect(String(port)).toBe(env.WORKER_METRICS_PORT)
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health', port: 'metrics' })
    expectPatientProbes(container)
    expect(deployment.spec.template.metadata.annotations['prometheus.io/port']).toBe(String(port))
    expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } })
  })

  test('stops within its grace period: a stop waits for the items in flight at most JOBS_LOCK_MS', () => {
    const { env } = containerEnvironment(container)
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(Number(env.JOBS_LOCK_MS) / 1000)
  })

  test('scales on the depth of its service\'s jobs queue, as /metrics exports it', () => {
    const autoscaler = find('HorizontalPodAutoscaler', `${service.name}-worker`)
    expect(deployment.spec).not.toHaveProperty('replicas')
    expect(autoscaler.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: `${service.name}-worker` })
    const metric = autoscaler.spec.metrics[0].external.metric
    expect(metric).toEqual({ name: 'jobs_queue_depth', selector: { matchLabels: { service: service.name, state: 'waiting' } } })
  })

  // The workers' /metrics leaves jobs_queue_depth out (services/brand/test/worker.test.ts): the API pods must be scraped
  // for it, or the autoscaler has no metric at all.
  test('the queue depth it scales on is scraped from the API pods, at their /metrics', () => {
    const api = find('Deployment', service.name)
    const http = containersOf(api)[0].ports.find((port: { name: string }) => port.name === 'http').containerPort
    expect(api.spec.template.metadata.annotations).toEqual({
      'prometheus.io/scrape': 'true', 'prometheus.io/port': String(http), 'prometheus.io/path': '/metrics'
    })
    expect(deployment.spec.template.metadata.annotations['prometheus.io/path']).toBe('/metrics')
  })
})
