import underPressure from '@fastify/under-pressure'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { performance } from 'node:perf_hooks'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { authQuotaPlugin, MemoryQuotaStore, RedisQuotaStore, type QuotaStore } from '@utility-apis/auth-quota'
import { errorShapePlugin, HttpError } from '@utility-apis/fastapi-errors'
import type { ServiceConfig } from './config.js'
import { documentBusinessRoutes, registerDocs, type DocsInfo } from './docs.js'
import { accessLogger } from './access-log.js'
import { createLogger, type LoggerSettings } from './logger.js'
import { Metrics } from './metrics.js'
import { operationsRoutes } from './operations.route.js'
import { compileSerializer } from './serializer.js'
import { createRedisClient, waitForRedis } from './redis-client.js'

export type ServiceInstance = FastifyInstance

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
    /** The shared Redis client when REDIS_URL is set (quota, caches), else null. */
    redis: Redis | null
  }
  interface FastifyRequest {
    /** performance.now() when the kit first saw the request, for the access line's duration. */
    startedAt: number
  }
}

export interface KitOptions {
  config: ServiceConfig
  /** Log destination and level (tests capture lines); defaults to stdout at LOG_LEVEL. */
  logger?: LoggerSettings
  /** The clock of the quota window. */
  clock?: () => Date
  /** An injected Redis client; otherwise one is created from config.redisUrl. The kit closes it either way. */
  redis?: Redis
  /** Load-shedding thresholds (tests lower them). */
  pressure?: { maxEventLoopDelay?: number, maxEventLoopUtilization?: number, retryAfter?: number, sampleInterval?: number }
}

export interface ServiceDefinition extends DocsInfo {
  name: string
  /** Bytes; 1 MiB unless the service needs more. */
  bodyLimit?: number
  routes: (app: FastifyInstance) => Promise<void>
}

const MiB = 1024 * 1024
const SECURITY_HEADERS = [['cache-control', 'no-store'], ['x-content-type-options', 'nosniff'], ['x-frame-options', 'DENY']] as const

export async function buildService (definition: ServiceDefinition, options: KitOptions): Promise<FastifyInstance> {
  const { config } = options
  const log = createLogger(definition.name, config.replica, { level: options.logger?.level ?? config.logLevel, stream: options.logger?.stream })
  // Fastify is given no logger of its own: with one, it attaches 'finish' and 'error' listeners to every response and
  // makes or validates a request logger per call, all measurable, for request logging the kit does itself (one access
  // line, below). The kit's logger is app.log, so startup, shutdown and server-level errors still reach it; unhandled
  // request errors are logged by the error handler on it.
  const app = Fastify({
    logger: false,
    bodyLimit: definition.bodyLimit ?? MiB,
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    trustProxy: false
  }).withTypeProvider<TypeBoxTypeProvider>()
  ;(app as { log: FastifyBaseLogger }).log = log

  const metrics = new Metrics()
  const redis = options.redis ?? (config.redisUrl ? createRedisClient(config.redisUrl, log) : null)
  if (redis) await waitForRedis(redis, 2000)
  app.decorate('metrics', metrics)
  app.decorate('redis', redis)

  let closing = false
  app.addHook('preClose', async () => { closing = true })
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => log.flush(() => resolve()))
    if (!redis) return
    await redis.quit().catch(() => redis.disconnect())
  })

  // Shed load before anything else, so shed requests are never authenticated or counted. The signal is a blocked
  // event loop (1 s of delay): utilisation alone is near 1 under any saturating but healthy load. under-pressure
  // samples it; the check itself is this first onRequest hook, because under-pressure's own hook reads the route's
  // options (a getter that builds an object) on every request. Unmatched paths are answered 404 unshed.
  const retryAfter = String(options.pressure?.retryAfter ?? 10)
  const maxDelay = options.pressure?.maxEventLoopDelay ?? 1000
  const maxUtilization = options.pressure?.maxEventLoopUtilization ?? 0
  await app.register(underPressure, options.pressure?.sampleInterval ? { sampleInterval: options.pressure.sampleInterval } : {})
  const overloaded = () => {
    const usage = app.memoryUsage()
    return (maxDelay > 0 && usage.eventLoopDelay > maxDelay) || (maxUtilization > 0 && usage.eventLoopUtilized > maxUtilization)
  }
  app.decorateRequest('startedAt', 0)
  app.addHook('onRequest', (request, _reply, done) => {
    request.startedAt = performance.now()
    if (request.is404 || !overloaded()) return done()
    metrics.count('load_shed')
    done(new HttpError(503, 'Service Unavailable', { 'retry-after': retryAfter }))
  })

  app.setSerializerCompiler(compileSerializer)

  await app.register(errorShapePlugin, {
    log,
    onError: (kind) => { if (kind === 'validation') metrics.count('validation_failures') }
  })

  const store: QuotaStore = redis ? new RedisQuotaStore(redis) : new MemoryQuotaStore()
  await app.register(authQuotaPlugin, {
    apiKeys: config.apiKeys,
    monthlyQuota: config.monthlyQuota,
    rapidApiProxySecret: config.rapidApiProxySecret,
    store,
    failMode: config.quotaFailMode,
    clock: options.clock,
    onEvent: (event) => {
      const names = { auth_failure: 'auth_failures', quota_rejection: 'quota_rejections', quota_store_error: 'quota_store_errors', quota_fail_open: 'quota_fail_open', quota_fail_closed: 'quota_fail_closed' } as const
      metrics.count(names[event])
    }
  })

  // One line per request (no body, no query string, no headers), written as the response is handed to the socket.
  // onSend rather than onResponse: any onResponse hook makes Fastify attach listeners to every response, which cost
  // more than the line itself. Callback-style hooks: a promise per hook is measurable on every call.
  const accessLogFor = accessLogger(log, { service: definition.name, replica: config.replica })
  const finisher = (label: string) => {
    const write = accessLogFor(label)
    const requests = metrics.byMethodAndStatus('requests', (method, status) => `${method} ${label} ${status}`)
    return (request: FastifyRequest, reply: FastifyReply) => {
      for (const [name, value] of SECURITY_HEADERS) reply.header(name, value)
      // A keep-alive socket that finishes its request during shutdown would otherwise hold close() open.
      if (closing) reply.header('connection', 'close')
      requests(request.method, reply.statusCode).value++
      write(request.id, request.method, reply.statusCode, Math.round(performance.now() - request.startedAt))
    }
  }
  // The route label is fixed when the route is made, so no per-request lookup of the route's options.
  app.addHook('onRoute', (route) => {
    const finish = finisher(route.url)
    const onSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
      finish(request, reply)
      done(null, payload)
    }
    route.onSend = [...[route.onSend ?? []].flat(), onSend] as typeof route.onSend
  })
  const finishUnmatched = finisher('unmatched')
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.is404) finishUnmatched(request, reply)
    done(null, payload)
  })

  documentBusinessRoutes(app)
  await registerDocs(app, { title: definition.title, version: definition.version, description: definition.description, tags: definition.tags })
  await app.register(operationsRoutes, {
    service: definition.name,
    version: definition.version,
    adminKey: config.adminKey,
    metrics,
    isReady: () => {
      if (closing) return { ready: false, reason: 'Shutting down' }
      if (redis && redis.status !== 'ready') return { ready: false, reason: 'Redis unreachable' }
      return { ready: true }
    }
  })
  await app.register(definition.routes)
  await app.ready()
  return app
}
