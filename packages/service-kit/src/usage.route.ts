import type { FastifyInstance } from 'fastify'
import { HttpError } from '@utility-apis/fastapi-errors'
import { described, RATE_LIMIT_HEADERS } from './docs.js'
import { UsageSchema, type Usage } from './usage.schemas.js'

export const USAGE_TAG = { name: 'usage', description: 'Your quota this month (API key required, never charged).' }

/** `GET /v1/usage`: the calling key's usage, read from the shared counter, never charged. */
export async function usageRoute (app: FastifyInstance) {
  app.get('/v1/usage', {
    config: { auth: true, metered: false },
    schema: {
      tags: [USAGE_TAG.name],
      operationId: 'getUsage',
      summary: "The calling key's quota this month: limit, units used and left, and when it resets",
      description: 'Never charged. Read from the counter every replica shares, so it is exact. A 503 (with Retry-After) ' +
        'while that counter is unreachable, rather than a guess. In marketplace mode the marketplace meters calls: 404.',
      response: {
        // never charged, yet it says the quota as a charged answer does
        200: { ...UsageSchema, headers: RATE_LIMIT_HEADERS },
        404: described('A marketplace call: its usage is metered by the marketplace. `code`: `usage_metered_elsewhere`.')
      }
    }
  }, async (request, reply): Promise<Usage> => {
    const principal = request.principal
    if (principal === null || principal.kind !== 'api-key') {
      throw new HttpError(404, 'Usage of marketplace calls is metered by the marketplace', {}, 'usage_metered_elsewhere')
    }
    const usage = await app.quotaUsage(principal)
    reply.header('x-ratelimit-limit', String(usage.limit))
    reply.header('x-ratelimit-remaining', String(usage.remaining))
    reply.header('x-ratelimit-reset', String(usage.resetSeconds))
    const resetsAt = usage.resetsAt.toISOString().replace('.000Z', 'Z')
    return { limit: usage.limit, used: usage.used, remaining: usage.remaining, period: usage.period, resets_at: resetsAt }
  })
}
