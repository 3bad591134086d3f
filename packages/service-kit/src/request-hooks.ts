import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Metrics } from './metrics.js'

const SECURITY_HEADERS = [['cache-control', 'no-store'], ['x-content-type-options', 'nosniff'], ['x-frame-options', 'DENY']] as const

/**
 * Every response, errors and 404s included, carries its request id and the security headers. One sent during shutdown
 * (`closing()`) also closes its connection, so a keep-alive client opens its next one elsewhere.
 */
export function addResponseHeaders (app: FastifyInstance, closing: () => boolean): void {
  app.addHook('onRequest', (request, reply, done) => {
    setResponseHeaders(request, reply)
    done()
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing()) reply.header('connection', 'close')
    done(null, payload)
  })
}

/** The request id and security headers of every answer; also set by answers made outside the hooks (framework errors). */
export function setResponseHeaders (request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id)
  for (const [name, value] of SECURITY_HEADERS) reply.header(name, value)
}

/** A request's access line (no body, no query string, no headers) and its duration for /metrics. */
export function logAccess (request: FastifyRequest, reply: FastifyReply, metrics: Metrics, durationMs: number): void {
  const route = request.routeOptions.url ?? 'unmatched'
  request.log.info({ method: request.method, route, status: reply.statusCode, durationMs: Math.round(durationMs) }, 'request')
  metrics.observe(request.method, route, reply.statusCode, durationMs / 1000)
}

/** One access line per request. */
export function addAccessLog (app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    logAccess(request, reply, metrics, reply.elapsedTime)
    done()
  })
}
