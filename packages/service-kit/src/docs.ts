import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { ErrorSchema, ValidationErrorSchema } from '@utility-apis/fastapi-errors'

export interface DocsInfo {
  title: string
  version: string
  description: string
  tags?: Array<{ name: string, description: string }>
}

export const SECURITY_SCHEME = 'APIKeyHeader'

const withHeaders = (description: string, headers: string[]) => ({
  ...ErrorSchema,
  description: headers.length > 0 ? `${description} Headers: ${headers.join(', ')}.` : description
})

// The answers every business endpoint can give besides its own 200, documented once here.
const BUSINESS_RESPONSES = {
  401: withHeaders('Missing or invalid API key (`WWW-Authenticate: APIKey`).', ['WWW-Authenticate']),
  413: withHeaders('Request body over the limit.', []),
  415: withHeaders('The body is not `application/json`.', []),
  422: ValidationErrorSchema,
  429: withHeaders('Monthly quota exceeded; `Retry-After` gives the seconds to the next month (UTC).', ['Retry-After']),
  503: withHeaders('Shedding load, shutting down, or the quota store is unreachable with QUOTA_FAIL_MODE=closed.', ['Retry-After'])
}

/** Adds the security scheme and shared error responses to business routes; must be registered before any route. */
export function documentBusinessRoutes (app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.auth !== true) return
    const schema = (route.schema ??= {}) as Record<string, unknown>
    schema.security = [{ [SECURITY_SCHEME]: [] }]
    schema.response = { ...BUSINESS_RESPONSES, ...(schema.response as object | undefined) }
  })
}

export async function registerDocs (app: FastifyInstance, info: DocsInfo) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: info.title, version: info.version, description: info.description },
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Your API key.' }
        }
      },
      tags: [...(info.tags ?? []), { name: 'operations', description: 'Health, readiness and metrics (no API key, no quota).' }]
    },
    hideUntagged: true
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })
  // FastAPI's path for the document, so existing clients and generators find it.
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
