import cors from '@fastify/cors'
import underPressure from '@fastify/under-pressure'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { authQuotaPlugin, MemoryQuotaStore, RedisQuotaStore, type QuotaStore } from '@utility-apis/auth-quota'
import { errorShapePlugin, HttpError } from '@utility-apis/fastapi-errors'
import type { ServiceConfig } from './config.js'
import { documentBusinessRoutes, registerDocs, type DocsInfo } from './docs.js'
import { clientErrorHandler } from './client-errors.js'
import { drainOnClose } from './drain.js'
import { createLogger, type LoggerSettings } from './logger.js'
import { mcpPlugin } from './mcp/mcp.route.js'
import type { McpTool } from './mcp/mcp-tools.js'
import { MCP_TAG } from './mcp/mcp.schemas.js'
import { Metrics } from './metrics.js'
import { operationsRoutes } from './operations.route.js'
import { USAGE_TAG, usageRoute } from './usage.route.js'
import { compileSerializer } from './serializer.js'
import { createRedisClient, waitForRedis, type RedisClient } from './redis-client.js'
import { requestIdOf } from './request-id.js'
import { RedisStoreHealth } from './store-health.js'

export type ServiceInstance = FastifyInstance

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics
    /** The shared Redis (REDIS_URL) or Redis Cluster (REDIS_CLUSTER_NODES) client for quota and caches, else null. */
    redis: RedisClient | null
  }
}

export interface KitOptions {
  config: ServiceConfig
  /** Log destination and level (tests capture lines); defaults to stdout at LOG_LEVEL. */
  logger?: LoggerSettings
  /** The clock of the quota window. */
  clock?: () => Date
  /** An injected Redis client; otherwise one is created from config.redisUrl. The kit closes it either way. */
  redis?: RedisClient
  /** Load-shedding thresholds (tests lower them). */
  pressure?: { maxEventLoopDelay?: number, maxEventLoopUtilization?: number, retryAfter?: number, sampleInterval?: number }
  /** The whole request, headers and body, must arrive within this (30 s; tests lower it). */
  requestTimeoutMs?: number
  /** How long open connections may still send requests after close begins (1 s). */
  drainMs?: number
  /** No business call waits longer than this for the quota store, then the fail mode decides (1,000 ms, as the client's command timeout). */
  quotaStoreTimeoutMs?: number
  /** Process metrics (memory, CPU, event loop) in /metrics; tests that build many apps turn them off. */
  processMetrics?: boolean
}

export interface ServiceDefinition extends DocsInfo {
  name: string
  /** Bytes; 1 MiB unless the service needs more. */
  bodyLimit?: number
  routes: (app: FastifyInstance) => Promise<void>
  /** The business routes offered as MCP tools at POST /mcp (`get_usage` is added); none: no /mcp. */
  tools?: McpTool[]
}

const MiB = 1024 * 1024
const SECURITY_HEADERS = [['cache-control', 'no-store'], ['x-content-type-options', 'nosniff'], ['x-frame-options', 'DENY']] as const

export async function buildService (definition: ServiceDefinition, options: KitOptions): Promise<FastifyInstance> {
  const { config } = options
  const requestTimeout = options.requestTimeoutMs ?? 30_000
  const log = createLogger(definition.name, config.replica, { level: options.logger?.level ?? config.logLevel, stream: options.logger?.stream })
  // The kit's pino is Fastify's logger, so request.log works in every route, carries the request id and is redacted.
  // Fastify's own request logging is off: the kit writes one access line per request (below).
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: definition.bodyLimit ?? MiB,
    requestTimeout,
    // Node applies a request timeout only when it is given to http.createServer (Fastify sets it afterwards), and
    // checks it every connectionsCheckingInterval (30 s by default, which would double it)
    http: { requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout) },
    clientErrorHandler,
    keepAliveTimeout: 72_000,
    return503OnClosing: false,
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true }
  }).withTypeProvider<TypeBoxTypeProvider>()

  const metrics = new Metrics(definition.name, { processMetrics: options.processMetrics })
  const redisTarget = config.redisClusterNodes ?? config.redisUrl
  const redis = options.redis ?? (redisTarget === null ? null : createRedisClient(redisTarget))
  if (redis) await waitForRedis(redis, 2000)
  const storeHealth = redis ? new RedisStoreHealth(redis, log, { timeoutMs: options.quotaStoreTimeoutMs }) : undefined
  metrics.gauge('quota_store_up', 'Whether the quota store answers: 1, or 0 while the quota follows QUOTA_FAIL_MODE.',
    () => storeHealth === undefined || storeHealth.up ? 1 : 0)
  app.decorate('metrics', metrics)
  app.decorate<RedisClient | null>('redis', redis)

  let closing = false
  app.addHook('preClose', async () => { closing = true })
  drainOnClose(app, options.drainMs ?? 1000)
  app.addHook('onClose', async () => {
    storeHealth?.close()
    await new Promise<void>((resolve) => log.flush(() => resolve()))
    if (!redis) return
    await redis.quit().catch(() => redis.disconnect())
  })

  // Every response, errors and 404s included, carries its request id and the security headers. One sent during
  // shutdown also closes its connection, so a keep-alive client opens its next one elsewhere.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    for (const [name, value] of SECURITY_HEADERS) reply.header(name, value)
    done()
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })

  // Shed load before anything else, so shed requests are never authenticated or counted. The signal is a blocked
  // event loop (1 s of delay): utilisation alone is near 1 under any saturating but healthy load.
  const retryAfter = String(options.pressure?.retryAfter ?? 10)
  const maxDelay = options.pressure?.maxEventLoopDelay ?? 1000
  const maxUtilization = options.pressure?.maxEventLoopUtilization ?? 0
  await app.register(underPressure, {
    maxEventLoopDelay: maxDelay,
    maxEventLoopUtilization: maxUtilization,
    ...(options.pressure?.sampleInterval ? { sampleInterval: options.pressure.sampleInterval } : {}),
    pressureHandler: () => {
      metrics.count('load_shed')
      throw new HttpError(503, 'Service Unavailable', { 'retry-after': retryAfter }, 'service_overloaded')
    }
  })

  if (config.corsOrigins !== null) {
    await app.register(cors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST'],
      allowedHeaders: ['content-type', 'x-api-key', 'x-request-id', 'mcp-protocol-version'],
      exposedHeaders: ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'],
      maxAge: 600
    })
  }

  app.setSerializerCompiler(compileSerializer)

  await app.register(errorShapePlugin, {
    onError: (kind) => { if (kind === 'validation') metrics.count('validation_failures') }
  })

  const store: QuotaStore = redis ? new RedisQuotaStore(redis, 'q', { timeoutMs: options.quotaStoreTimeoutMs }) : new MemoryQuotaStore()
  await app.register(authQuotaPlugin, {
    apiKeys: config.apiKeys,
    monthlyQuota: config.monthlyQuota,
    rapidApiProxySecret: config.rapidApiProxySecret,
    store,
    failMode: config.quotaFailMode,
    health: storeHealth,
    clock: options.clock,
    onEvent: (event) => {
      const names = {
        auth_failure: 'auth_failures',
        quota_rejection: 'quota_rejections',
        quota_store_error: 'quota_store_errors',
        quota_fail_open: 'quota_fail_open',
        quota_fail_closed: 'quota_fail_closed'
      } as const
      metrics.count(names[event])
    }
  })

  // One access line per request (no body, no query string, no headers), and its duration for /metrics.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched'
    const durationMs = reply.elapsedTime
    request.log.info({ method: request.method, route, status: reply.statusCode, durationMs: Math.round(durationMs) }, 'request')
    metrics.observe(request.method, route, reply.statusCode, durationMs / 1000)
    done()
  })

  documentBusinessRoutes(app)
  await registerDocs(app, {
    title: definition.title,
    version: definition.version,
    description: definition.description,
    tags: [...(definition.tags ?? []), USAGE_TAG, ...(definition.tools === undefined ? [] : [MCP_TAG])],
    publicUrl: config.publicUrl
  })
  await app.register(operationsRoutes, {
    service: definition.name,
    version: definition.version,
    adminKey: config.adminKey,
    metrics,
    // This process only: a Redis outage is the fail mode's to answer, and taking every replica out of its Service
    // for it would turn fail-open into a full outage (quota_store_up says whether Redis answers)
    isReady: () => closing ? { ready: false, reason: 'Shutting down' } : { ready: true }
  })
  if (definition.tools !== undefined) {
    const service = { name: definition.name, version: definition.version, title: definition.title, description: definition.description }
    await app.register(mcpPlugin, { service, tools: definition.tools, corsOrigins: config.corsOrigins, publicUrl: config.publicUrl, metrics })
  }
  await app.register(usageRoute)
  await app.register(definition.routes)
  await app.ready()
  return app
}
