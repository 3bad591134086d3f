import { Type } from '@sinclair/typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { secretsEqual } from '@utility-apis/auth-quota'
import { ErrorSchema, HttpError } from '@utility-apis/fastapi-errors'
import type { Metrics } from './metrics.js'

export interface OperationsOptions {
  service: string
  version: string
  adminKey: string | null
  metrics: Metrics
  isReady: () => { ready: boolean, reason?: string }
}

const StatusSchema = Type.Record(Type.String(), Type.String())

export async function operationsRoutes (app: FastifyInstance, options: OperationsOptions) {
  const health = { status: 'ok', service: options.service, version: options.version }

  app.get('/health', {
    schema: { tags: ['operations'], summary: 'Liveness: answers while the process runs; touches no dependency', response: { 200: StatusSchema } }
  }, async () => health)

  app.get('/ready', {
    schema: {
      tags: ['operations'],
      summary: 'Readiness of this process: 503 only while it shuts down (Redis is the quota_store_up gauge, not readiness)',
      response: { 200: StatusSchema, 503: ErrorSchema }
    }
  }, async (_request, reply) => {
    const state = options.isReady()
    if (!state.ready) return reply.code(503).header('retry-after', '5').send({ detail: state.reason ?? 'Not ready' })
    return { status: 'ready', service: options.service }
  })

  app.get('/admin/metrics', {
    schema: {
      tags: ['operations'],
      summary: "This replica's aggregate counters (needs ADMIN_KEY; 404 when it is not configured)",
      headers: Type.Object({ 'x-admin-key': Type.Optional(Type.String()) }),
      response: { 200: Type.Object({}, { additionalProperties: true }), 401: ErrorSchema, 404: ErrorSchema }
    }
  }, async (request) => {
    checkAdminKey(request.headers, options.adminKey)
    return { service: options.service, ...(await options.metrics.snapshot()) }
  })

  // For Prometheus, which sends the key as a bearer token; not a business endpoint, so not in the OpenAPI document
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    checkAdminKey(request.headers, options.adminKey)
    const text = await options.metrics.exposition()
    return reply.type(options.metrics.contentType).send(text)
  })
}

/** ADMIN_KEY as `x-admin-key` or `Authorization: Bearer`; 404 while no admin key is configured. */
function checkAdminKey (headers: FastifyRequest['headers'], adminKey: string | null): void {
  if (adminKey === null) throw new HttpError(404, 'Not Found')
  const bearer = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1]
  const given = headers['x-admin-key'] ?? bearer
  if (typeof given !== 'string' || given === '') throw new HttpError(401, 'Missing admin key')
  if (!secretsEqual(given, adminKey)) throw new HttpError(401, 'Invalid admin key')
}
