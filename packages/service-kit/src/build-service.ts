import cors from '@fastify/cors'
import underPressure from '@fastify/under-pressure'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import { errorShapePlugin, HttpError } from '@utility-apis/fastapi-errors'
import type { ServiceConfig } from './config.js'
import { documentBusinessRoutes, registerDocs, type DocsInfo } from './docs.js'
import { clientErrorHandler, frameworkErrorHandler, MAX_PATH_PARAM_LENGTH } from './client-errors.js'
import { drainOnClose } from './drain.js'
import { createLogger, type LoggerSettings } from './logger.js'
import { mcpPlugins } from './mcp/mcp.route.js'
import type { McpTool } from './mcp/mcp-tools.js'
import { MCP_TAG } from './mcp/mcp.schemas.js'
import { MEMORY_SHED_BYTES } from './memory-limit.js'
import { Metrics } from './metrics.js'
import { operationsRoutes } from './operations.route.js'
import { USAGE_TAG, usageRoute } from './usage.route.js'
import { compileSerializer } from './serializer.js'
import { connectQuota, registerQuota } from './quota.js'
import type { RedisClient } from './redis-client.js'
import { addAccessLog, addResponseHeaders } from './request-hooks.js'
import { requestIdOf } from './request-id.js'

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
  pressure?: { maxEventLoopDelay?: number, maxEventLoopUtilization?: number, maxRssBytes?: number, retryAfter?: number, sampleInterval?: number }
  /** The whole request, headers and body, must arrive within this (30 s; tests lower it). */
  requestTimeoutMs?: number
  /** How long open connections may still send requests after close begins (1 s). */
  drainMs?: number
  /**
   * No business call waits longer than this for a reachable quota store (5,000 ms); one that does is a 503. Only a
   * refused or lost connection sends calls to the fail mode.
   */
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

/** Fastify as every service runs it: the kit's logger, request ids, body limit, timeouts and error answers. */
function createFastify (definition: ServiceDefinition, log: FastifyBaseLogger, requestTimeout: number, metrics: Metrics) {
  // The kit's pino is Fastify's logger, so request.log works in every route, carries the request id and is redacted.
  // Fastify's own request logging is off: the kit writes one access line per request (request-hooks.ts).
  return Fastify({
    loggerInstance: log,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: definition.bodyLimit ?? MiB,
    requestTimeout,
    // Node applies a request timeout only when it is given to http.createServer (Fastify sets it afterwards), and
    // checks it every connectionsCheckingInterval (30 s by default, which would double it)
    http: { requestTimeout, connectionsCheckingInterval: Math.min(1000, requestTimeout) },
    clientErrorHandler,
    // the router's own refusals (a malformed path, a path parameter too long) in the kit's shape, headers and logs
    frameworkErrors: frameworkErrorHandler(metrics),
    keepAliveTimeout: 72_000,
    return503OnClosing: false,
    trustProxy: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH }
  }).withTypeProvider<TypeBoxTypeProvider>()
}

/**
 * Shed business calls before anything else, so shed requests are never authenticated or counted. The signals are a
 * blocked event loop (1 s of delay: utilisation alone is near 1 under any saturating but healthy load) and resident
 * memory near the container's limit. /health, /ready and /metrics still answer: a busy process is alive, and a health
 * check that met a 503 would have it restarted.
 */
async function registerShedding (app: FastifyInstance, pressure: KitOptions['pressure'] = {}, metrics: Metrics) {
  const retryAfter = String(pressure.retryAfter ?? 10)
  await app.register(underPressure, {
    maxEventLoopDelay: pressure.maxEventLoopDelay ?? 1000,
    maxEventLoopUtilization: pressure.maxEventLoopUtilization ?? 0,
    maxRssBytes: pressure.maxRssBytes ?? MEMORY_SHED_BYTES,
    ...(pressure.sampleInterval ? { sampleInterval: pressure.sampleInterval } : {}),
    pressureHandler: (request) => {
      if (request.routeOptions.config?.auth !== true) return
      metrics.count('load_shed')
      throw new HttpError(503, 'Service Unavailable', { 'retry-after': retryAfter }, 'service_overloaded')
    }
  })
}

async function registerCors (app: FastifyInstance, origins: ServiceConfig['corsOrigins']) {
  if (origins === null) return
  await app.register(cors, {
    origin: origins,
    // Every method and request header a business route takes: DELETE cancels a job, Idempotency-Key makes a retried
    // job creation safe; a preflight that leaves one out makes the browser refuse the call before it is sent
    methods: ['GET', 'POST', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key', 'mcp-protocol-version', 'x-api-key', 'x-request-id'],
    exposedHeaders: ['x-request-id', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'],
    maxAge: 600
  })
}

/**
 * How long the close waits for Redis to answer QUIT before dropping the connection. A paused or unreachable Redis held
 * it for the client's command timeout (15 s), which the drain's limit (35 s) shares with the requests in flight.
 */
const QUIT_MS = 1000

async function quitWithin (redis: RedisClient, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<void>((resolve) => { timer = setTimeout(resolve, ms) })
  try {
    // a command still unanswered then (a refund) is lost with the connection, as it would be at the drain's limit
    await Promise.race([redis.quit().catch(() => {}), late])
  } finally {
    clearTimeout(timer)
    redis.disconnect()
  }
}

export async function buildService (definition: ServiceDefinition, options: KitOptions): Promise<FastifyInstance> {
  const { config } = options
  const log = createLogger(definition.name, config.replica, { level: options.logger?.level ?? config.logLevel, stream: options.logger?.stream })
  const metrics = new Metrics(definition.name, { processMetrics: options.processMetrics })
  const app = createFastify(definition, log as FastifyBaseLogger, options.requestTimeoutMs ?? 30_000, metrics)
  const quota = await connectQuota(config, log as FastifyBaseLogger, options.redis, options.quotaStoreTimeoutMs)
  app.decorate('metrics', metrics)
  app.decorate<RedisClient | null>('redis', quota.redis)

  let closing = false
  app.addHook('preClose', async () => { closing = true })
  drainOnClose(app, options.drainMs ?? 1000)
  app.addHook('onClose', async () => {
    quota.health?.close()
    await new Promise<void>((resolve) => log.flush(() => resolve()))
    if (quota.redis !== null) await quitWithin(quota.redis, QUIT_MS)
  })
  addResponseHeaders(app, () => closing)
  await registerShedding(app, options.pressure, metrics)
  await registerCors(app, config.corsOrigins)
  app.setSerializerCompiler(compileSerializer)
  await app.register(errorShapePlugin, {
    onError: (kind) => { if (kind === 'validation') metrics.count('validation_failures') }
  })
  await registerQuota(app, config, quota, metrics, options.clock)
  addAccessLog(app, metrics)

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
  const service = { name: definition.name, version: definition.version, title: definition.title, description: definition.description }
  const mcp = definition.tools === undefined
    ? null
    : mcpPlugins({ service, tools: definition.tools, corsOrigins: config.corsOrigins, publicUrl: config.publicUrl, metrics })
  if (mcp !== null) await app.register(mcp.setup)
  await app.register(usageRoute)
  await app.register(definition.routes)
  // after the routes its tools run: /mcp takes the largest body they take
  if (mcp !== null) await app.register(mcp.endpoint)
  await app.ready()
  return app
}
