import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { secretsEqual } from '@utility-apis/auth-quota'
import { HttpError } from '@utility-apis/fastapi-errors'
import { described } from './docs.js'
import type { Metrics } from './metrics.js'

export interface OperationsOptions {
  service: string
  version: string
  adminKey: string | null
  metrics: Metrics
  isReady: () => { ready: boolean, reason?: string }
}

const ADMIN_KEY_REFUSED = described('The admin key is missing or wrong. `code`: `missing_admin_key`, `invalid_admin_key`.')
const ADMIN_OFF = described('ADMIN_KEY is not configured. `code`: `not_found`.')
const StatusSchema = Type.Record(Type.String(), Type.String(), { title: 'ServiceStatus' })

export async function operationsRoutes (app: FastifyInstance, options: OperationsOptions) {
  const health = { status: 'ok', service: options.service, version: options.version }

  app.get('/health', {
    schema: { tags: ['operations'], summary: 'Liveness: answers while the process runs; touches no dependency', response: { 200: StatusSchema } }
  }, async () => health)

  app.get('/ready', {
    schema: {
      tags: ['operations'],
      summary: 'Readiness of this process: 503 only while it shuts down (Redis is the quota_store_up gauge, not readiness)',
      response: { 200: StatusSchema, 503: described('This process is shutting down. `code`: `not_ready`.') }
    }
  }, async () => {
    const state = options.isReady()
    if (!state.ready) throw new HttpError(503, state.reason ?? 'Not ready', { 'retry-after': '5' }, 'not_ready')
    return { status: 'ready', service: options.service }
  })

  app.get('/admin/metrics', {
    schema: {
      tags: ['operations'],
      summary: "This replica's aggregate counters (needs ADMIN_KEY; 404 when it is not configured)",
      headers: Type.Object({ 'x-admin-key': Type.Optional(Type.String()) }),
      response: { 200: Type.Object({}, { additionalProperties: true, title: 'AdminMetrics' }), 401: ADMIN_KEY_REFUSED, 404: ADMIN_OFF }
    }
  }, async (request) => {
    checkAdminKey(request.headers, options.adminKey)
    return { service: options.service, ...(await options.metrics.snapshot()) }
  })

  // For Prometheus, which sends the key as a bearer token
  app.get('/metrics', {
    schema: {
      tags: ['operations'],
      summary: "This replica's Prometheus metrics, text format 0.0.4 (needs ADMIN_KEY; 404 when it is not configured)",
      response: {
        200: {
          description: 'Prometheus text exposition format.',
          content: { 'text/plain': { schema: Type.String({ description: 'e.g. `http_request_duration_seconds_bucket{...} 3`' }) } }
        },
        401: ADMIN_KEY_REFUSED,
        404: ADMIN_OFF
      }
    }
  }, async (request, reply) => {
    checkAdminKey(request.headers, options.adminKey)
    const text = await options.metrics.exposition()
    return reply.type(options.metrics.contentType).send(text)
  })
}

/** ADMIN_KEY as `x-admin-key` or `Authorization: Bearer`; 404 while no admin key is configured. */
function checkAdminKey (headers: FastifyRequest['headers'], adminKey: string | null): void {
  if (adminKey === null) throw new HttpError(404, 'Not Found', {}, 'not_found')
  const bearer = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1]
  const given = headers['x-admin-key'] ?? bearer
  if (typeof given !== 'string' || given === '') throw new HttpError(401, 'Missing admin key', {}, 'missing_admin_key')
  if (!secretsEqual(given, adminKey)) throw new HttpError(401, 'Invalid admin key', {}, 'invalid_admin_key')
}
