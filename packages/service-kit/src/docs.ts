import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger'
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
export const ADMIN_SECURITY_SCHEME = 'AdminKeyHeader'
export const ADMIN_BEARER_SCHEME = 'AdminBearer'

// Operational routes that need ADMIN_KEY, and how each accepts it (/metrics also as a bearer token, as Prometheus
// sends it). Every other route without an API key is public.
const ADMIN_ROUTES: Record<string, string[]> = {
  '/admin/metrics': [ADMIN_SECURITY_SCHEME],
  '/metrics': [ADMIN_SECURITY_SCHEME, ADMIN_BEARER_SCHEME]
}

const described = (description: string) => ({ ...ErrorSchema, description })

// The answers every business endpoint can give besides its own 200, documented once here.
const BUSINESS_RESPONSES = {
  401: described('Missing or invalid API key. `code`: `missing_api_key`, `invalid_api_key`, `invalid_proxy_secret`.'),
  413: described('Request body over the limit. `code`: `body_too_large`.'),
  415: described('The body is not `application/json`. `code`: `unsupported_media_type`.'),
  422: ValidationErrorSchema,
  429: described('Monthly quota exceeded. `code`: `quota_exceeded`.'),
  503: described('Shedding load (`service_overloaded`), or the quota store is unreachable with QUOTA_FAIL_MODE=closed ' +
    '(`quota_unavailable`).')
}

/** The 400 of a route that fetches a caller's URL when it, or a redirect, leads to a non-public address. */
export const TargetNotAllowedResponse = described(
  'The target resolves to, or redirects to, an address that is not public: `{"detail": "Target address is not allowed", ' +
  '"code": "target_not_allowed"}`.'
)

interface HeaderDoc { type: 'integer' | 'string', description: string }

const MARKETPLACE = ' Absent in marketplace mode (X-RapidAPI-Proxy-Secret), where the marketplace meters calls.'
// Set on every business call counted against a key's quota, which happens before its body is validated.
const RATE_LIMIT_HEADERS: Record<string, HeaderDoc> = {
  'X-RateLimit-Limit': { type: 'integer', description: `The key's monthly quota.${MARKETPLACE}` },
  'X-RateLimit-Remaining': { type: 'integer', description: `Calls left this month, this one counted.${MARKETPLACE}` },
  'X-RateLimit-Reset': { type: 'integer', description: `Seconds until the quota starts again (the next month, UTC).${MARKETPLACE}` }
}
const RETRY_AFTER: Record<string, HeaderDoc> = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' }
}
const WWW_AUTHENTICATE: Record<string, HeaderDoc> = {
  'WWW-Authenticate': { type: 'string', description: '`APIKey`: the key goes in the X-API-Key header.' }
}

// On every response
const REQUEST_ID: Record<string, HeaderDoc> = {
  'X-Request-Id': {
    type: 'string',
    description: "The request's id: the caller's X-Request-Id when it is 1-128 printable ASCII characters, else a UUID."
  }
}

/** The response headers a route's answer with `status` carries, by what the kit does on that route. */
function headersOf (status: string, business: boolean): Record<string, HeaderDoc> {
  const counted = business && (/^2/.test(status) || ['400', '422', '429'].includes(status))
  return {
    ...REQUEST_ID,
    ...(counted ? RATE_LIMIT_HEADERS : {}),
    ...(status === '429' || status === '503' ? RETRY_AFTER : {}),
    ...(business && status === '401' ? WWW_AUTHENTICATE : {})
  }
}

/** `GET /admin/metrics` -> `getAdminMetrics`: for routes whose schema names no operationId of its own. */
export function derivedOperationId (method: string, url: string): string {
  const words = url.split(/[^A-Za-z0-9]+/).filter((word) => word !== '')
  return method.toLowerCase() + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('')
}

/**
 * Completes a route's entry in the document only (its runtime schema is untouched): an operationId, its security
 * (API key, admin key or none), and the headers of each response.
 */
const documentRoute: SwaggerTransform = ({ schema, url, route }) => {
  const doc = schema as Record<string, any> | undefined
  if (doc?.tags === undefined || doc.hide === true) return { schema, url }
  const business = route.config?.auth === true
  const method = Array.isArray(route.method) ? route.method[0] : route.method
  const response = Object.fromEntries(Object.entries(doc.response ?? {}).map(([status, answer]) => {
    const headers = headersOf(status, business)
    return [status, Object.keys(headers).length === 0 ? answer : { ...(answer as object), headers }]
  }))
  const security = doc.security ?? (ADMIN_ROUTES[url] ?? []).map((scheme) => ({ [scheme]: [] }))
  return { schema: { ...doc, operationId: doc.operationId ?? derivedOperationId(method, url), security, response }, url }
}

/** Drops the security schemes no operation uses (the bearer scheme exists for /metrics only). */
const withoutUnusedSchemes: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject
  const { openapiObject } = document
  const used = new Set(Object.values(openapiObject.paths ?? {}).flatMap((operations) => Object.values(operations ?? {}))
    .flatMap((operation) => (operation as { security?: Array<Record<string, unknown>> }).security ?? [])
    .flatMap((requirement) => Object.keys(requirement)))
  const schemes = openapiObject.components?.securitySchemes ?? {}
  for (const name of Object.keys(schemes)) if (!used.has(name)) delete schemes[name as keyof typeof schemes]
  return openapiObject
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
      // Relative: the service that serves this document, wherever it is deployed.
      servers: [{ url: '/', description: 'The server this document is served from' }],
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Your API key.' },
          [ADMIN_SECURITY_SCHEME]: { type: 'apiKey', in: 'header', name: 'x-admin-key', description: "The deployment's ADMIN_KEY." },
          [ADMIN_BEARER_SCHEME]: { type: 'http', scheme: 'bearer', description: "The deployment's ADMIN_KEY as a bearer token." }
        }
      },
      tags: [...(info.tags ?? []), { name: 'operations', description: 'Health, readiness and metrics (no API key, no quota).' }]
    },
    hideUntagged: true,
    transform: documentRoute,
    transformObject: withoutUnusedSchemes
  })
  await app.register(swaggerUi, { routePrefix: '/docs' })
  // FastAPI's path for the document, so existing clients and generators find it.
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
}
