import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { ErrorSchema, ValidationErrorSchema } from '@utility-apis/fastapi-errors'
import { MAX_PATH_PARAM_LENGTH } from './client-errors.js'

export interface DocsInfo {
  title: string
  version: string
  description: string
  tags?: Array<{ name: string, description: string }>
  /** PUBLIC_URL: listed first in `servers`, for SDK generators and Swagger UI behind a gateway. */
  publicUrl?: string | null
}

export const SECURITY_SCHEME = 'APIKeyHeader'
const BEARER_SECURITY_SCHEME = 'APIKeyBearer'
const PUBLISHABLE_SECURITY_SCHEME = 'PublishableKeyQuery'
const ADMIN_SECURITY_SCHEME = 'AdminKeyHeader'
const ADMIN_BEARER_SCHEME = 'AdminBearer'

// Operational routes that need ADMIN_KEY, and how each accepts it (/metrics also as a bearer token, as Prometheus
// sends it). Every other route without an API key is public.
const ADMIN_ROUTES: Record<string, string[]> = {
  '/admin/metrics': [ADMIN_SECURITY_SCHEME],
  '/metrics': [ADMIN_SECURITY_SCHEME, ADMIN_BEARER_SCHEME]
}

/** The shared error body, described for one response (what it means there, and its codes). */
export const described = (description: string) => ({ ...ErrorSchema, description })

/** One cause of an error answer: what happened, in words, and the `code` it carries. */
export type Cause = [why: string, code: string]

/** An error answer of several causes, each followed by its code: "Shedding load (`service_overloaded`), or ...". */
function causes (...list: Cause[]) {
  const text = list.map(([why, code]) => `${why} (\`${code}\`)`).join(', or ')
  return described(`${text[0].toUpperCase()}${text.slice(1)}.`)
}

// Every business route reads `?token=`, a publishable key's place, and refuses a secret key found there (a URL is
// logged and cached), whether or not the route takes publishable keys
const UNAUTHENTICATED = described('Missing or invalid API key (send it as X-API-Key or `Authorization: Bearer <key>`), or a secret ' +
  'key sent as `?token=`. `code`: `missing_api_key`, `invalid_api_key`, `invalid_proxy_secret`, `secret_key_in_query`.')
const QUOTA_EXCEEDED = described('Monthly quota exceeded: the call needs more units than remain this month (a batch says how many of ' +
  'each). `code`: `quota_exceeded`.')

/**
 * The 403 of a business route: a publishable key (PUBLISHABLE_KEYS) where the route does not take it (as the API key
 * on every route, as `?token=` on the routes that take none), or from an origin its owner did not list; after the
 * route's own causes.
 */
export function forbidden (publishableKeys: boolean, ...own: Cause[]) {
  const refused: Cause[] = publishableKeys
    ? [['a publishable key (`pk_...`) sent as the API key instead of as `?token=`', 'publishable_key_not_allowed'],
        ['a publishable key used from an origin its owner did not list', 'origin_not_allowed']]
    : [['a publishable key (`pk_...`) sent as the API key, or as `?token=`, where only a secret key is taken', 'publishable_key_not_allowed']]
  return causes(...own, ...refused)
}

const SHEDDING: Cause = ['Shedding load', 'service_overloaded']
const QUOTA_DOWN: Cause = [
  'the quota store did not answer in time, or is unreachable with QUOTA_FAIL_MODE=closed or past this replica\'s QUOTA_FALLBACK_SHARE',
  'quota_unavailable'
]

/** The 503 of a business route: shedding load, the quota store on a route that reads it (`quota`), then the route's own causes. */
export const unavailable = (quota: boolean, ...own: Cause[]) => causes(SHEDDING, ...(quota ? [QUOTA_DOWN] : []), ...own)

/** The 400 of a route that fetches a caller's URL when it, or a redirect, leads to a non-public address. */
export const TargetNotAllowedResponse = described(
  'The target resolves to, or redirects to, an address that is not public (`detail`: "Target address is not allowed"). ' +
  '`code`: `target_not_allowed`.'
)

interface HeaderDoc { type: 'integer' | 'string', description: string }

const MARKETPLACE = ' Absent in marketplace mode (X-RapidAPI-Proxy-Secret), where the marketplace meters calls.'
// Set on every metered call the quota decided, which happens once its body is valid: a 2xx and a 429 always carry
// them (a 422 of the schema never does; a handler's own 4xx after the quota decided does, its units given back). A
// route that is never charged (`metered: false`) sends none, unless it declares them on an answer of its own.
export const RATE_LIMIT_HEADERS: Record<string, HeaderDoc> = {
  'X-RateLimit-Limit': { type: 'integer', description: `The key's monthly quota.${MARKETPLACE}` },
  'X-RateLimit-Remaining': {
    type: 'integer',
    description: `Units left this month after this call: a 2xx answer's units counted, any other answer's given back.${MARKETPLACE}`
  },
  'X-RateLimit-Reset': { type: 'integer', description: `Seconds until the quota starts again (the next month, UTC).${MARKETPLACE}` }
}
const RETRY_AFTER: Record<string, HeaderDoc> = {
  'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' }
}
const WWW_AUTHENTICATE: Record<string, HeaderDoc> = {
  'WWW-Authenticate': { type: 'string', description: '`APIKey, Bearer`: the key goes in the X-API-Key header, or as a bearer token.' }
}

// On every response
const REQUEST_ID: Record<string, HeaderDoc> = {
  'X-Request-Id': {
    type: 'string',
    description: "The request's id: the caller's X-Request-Id when it is 1-128 printable ASCII characters, else a UUID."
  }
}

// The answers any route can give, documented on every operation that does not document its own.
const EVERY_ROUTE_RESPONSES = {
  404: described('No route at this path. `code`: `not_found`.'),
  405: described('The path exists with other methods, listed in the Allow header. `code`: `method_not_allowed`.'),
  400: described('The path is not valid percent-encoding (answered before routing). `code`: `bad_request`.'),
  408: described('The whole request did not arrive within 30 s. `code`: `request_timeout`.'),
  500: described('An unexpected error; `detail` says nothing more, `request_id` finds it in the logs. `code`: `internal_error`.')
}
// And those of any route with a path parameter: the router's limit on one (maxParamLength)
const PATH_PARAM_RESPONSES = {
  414: described(`A path parameter is longer than ${MAX_PATH_PARAM_LENGTH} characters (answered before routing). \`code\`: \`uri_too_long\`.`)
}
// And those of any route a body is sent to: Fastify reads the body of every method but GET and HEAD, up to the limit,
// whether or not the route takes one; only a route that takes one refuses a body that is not JSON
const BODY_TOO_LARGE = { 413: described('Request body over the limit. `code`: `body_too_large`.') }
const NOT_JSON = { 415: described('The body is not `application/json`. `code`: `unsupported_media_type`.') }

// The refusals made before the quota decides: they never carry the quota headers
const BEFORE_QUOTA = new Set(['401', '403', '413', '415', '422'])

/**
 * The response headers a route's answer with `status` carries, by what the kit does on that route; `own` when the
 * route documents the answer itself (a 3xx or 4xx of its handler, made after the quota decided).
 */
function headersOf (status: string, business: boolean, metered: boolean, own: boolean): Record<string, HeaderDoc> {
  const counted = metered && (/^2/.test(status) || status === '429' || (own && /^[34]/.test(status) && !BEFORE_QUOTA.has(status)))
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
  const metered = business && route.config?.metered !== false
  const method = Array.isArray(route.method) ? route.method[0] : route.method
  const documented = {
    ...EVERY_ROUTE_RESPONSES,
    ...(/\/[:{]/.test(url) ? PATH_PARAM_RESPONSES : {}),
    ...(method === 'GET' || method === 'HEAD' ? {} : BODY_TOO_LARGE),
    ...(doc.body === undefined ? {} : NOT_JSON),
    ...doc.response
  }
  const response = Object.fromEntries(Object.entries(documented).map(([status, answer]) => {
    // the headers the kit sets on this answer, and those the route declares it sets itself
    const own = Object.hasOwn(doc.response ?? {}, status)
    const headers = { ...headersOf(status, business, metered, own), ...(answer as { headers?: Record<string, HeaderDoc> }).headers }
    return [status, { ...(answer as object), headers }]
  }))
  const security = doc.security ?? (ADMIN_ROUTES[url] ?? []).map((scheme) => ({ [scheme]: [] }))
  return { schema: { ...doc, operationId: doc.operationId ?? derivedOperationId(method, url), security, response }, url }
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null

/** A schema's content apart from what a use may say of its own (its description), to tell one model from another. */
const modelKey = (schema: Json) => JSON.stringify({ ...schema, description: undefined })

/**
 * Every schema with a TypeBox `title` becomes a named model in `components.schemas`, referenced by `$ref` wherever it
 * appears, so SDK generators emit one type per model. A use that describes the model its own way keeps that
 * description beside the `$ref`. Two different schemas under one title get the second a numbered name.
 */
function hoistTitledSchemas (document: Json): void {
  const models: Record<string, Json> = {}
  const names = new Map<string, string>()
  const hoist = (node: unknown, request: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => hoist(item, request))
    if (!isObject(node)) return node
    const inner = Object.fromEntries(Object.entries(node).map(([key, value]) =>
      [key, key === 'examples' || key === 'example' || key === 'x-examples' ? value : hoist(value, request)]))
    // Generators read a named model's `default` as "always present" (openapi-typescript's defaultNonNullable), which
    // is true of an answer but not of a request: there the default is said in words.
    if (request && 'default' in inner && typeof inner.type === 'string') {
      inner.description = `${typeof inner.description === 'string' ? `${inner.description} ` : ''}Default: \`${JSON.stringify(inner.default)}\`.`
      delete inner.default
    }
    // A tagged union of named members maps each tag to its model, or generators take the model's name for the tag
    const tag = (inner.discriminator as Json | undefined)?.propertyName
    if (typeof tag === 'string' && Array.isArray(node.oneOf) && Array.isArray(inner.oneOf)) {
      const tagOf = (member: Json) => {
        const property = (member.properties as Json | undefined)?.[tag] as Json | undefined
        return property?.const ?? (Array.isArray(property?.enum) && property.enum.length === 1 ? property.enum[0] : undefined)
      }
      const mapping = Object.fromEntries(node.oneOf.map((member: Json, index: number) => [tagOf(member), ((inner.oneOf as Json[])[index]).$ref]))
      if (Object.entries(mapping).every(([value, ref]) => value !== 'undefined' && typeof ref === 'string')) {
        inner.discriminator = { ...(inner.discriminator as Json), mapping }
      }
    }
    if (typeof inner.title !== 'string' || (inner.type === undefined && inner.oneOf === undefined && inner.anyOf === undefined)) return inner
    const key = modelKey(inner)
    let name = names.get(key)
    if (name === undefined) {
      name = inner.title
      for (let n = 2; models[name] !== undefined; n++) name = `${inner.title}${n}`
      names.set(key, name)
      models[name] = inner
    }
    const ref: Json = { $ref: `#/components/schemas/${name}` }
    if (typeof inner.description === 'string' && inner.description !== models[name].description) ref.description = inner.description
    return ref
  }
  for (const operations of Object.values((document.paths ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(operations).filter(isObject)) {
      const body = (operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined
      for (const media of Object.values(body ?? {})) media.schema = hoist(media.schema, true)
      for (const answer of Object.values((operation.responses ?? {}) as Record<string, Json>)) {
        for (const media of Object.values((answer.content ?? {}) as Record<string, Json>)) media.schema = hoist(media.schema, false)
      }
    }
  }
  const components = (document.components ??= {}) as Json
  components.schemas = { ...(components.schemas as Json | undefined), ...models }
}

/**
 * Drops the security schemes no operation uses (the admin bearer scheme exists for /metrics only), and names every titled
 * schema as a model.
 */
const withoutUnusedSchemes: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject
  const { openapiObject } = document
  hoistTitledSchemas(openapiObject as Json)
  const used = new Set(Object.values(openapiObject.paths ?? {}).flatMap((operations) => Object.values(operations ?? {}))
    .flatMap((operation) => (operation as { security?: Array<Record<string, unknown>> }).security ?? [])
    .flatMap((requirement) => Object.keys(requirement)))
  const schemes = openapiObject.components?.securitySchemes ?? {}
  for (const name of Object.keys(schemes)) if (!used.has(name)) delete schemes[name as keyof typeof schemes]
  return openapiObject
}

/** The parts of a request a route's schema validates: a route without any never answers a 422 of its own. */
const VALIDATED_PARTS = ['body', 'querystring', 'params', 'headers']

/** The answers every business route gives besides its own, by what the kit does on it; a route's own answer for a status replaces these. */
function businessResponses (config: NonNullable<RouteOptions['config']>, validates: boolean) {
  // A call that is never charged answers no 429; such a route documents the 422 of what it validates itself
  const metered = config.metered !== false
  return {
    401: UNAUTHENTICATED,
    403: forbidden(config.publishableKeys === true),
    ...(metered && validates ? { 422: ValidationErrorSchema } : {}),
    ...(metered ? { 429: QUOTA_EXCEEDED } : {}),
    503: unavailable(true)
  }
}

/** Adds the security scheme and shared error responses to business routes; must be registered before any route. */
export function documentBusinessRoutes (app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.auth !== true) return
    const schema = (route.schema ??= {}) as Record<string, unknown>
    // Either header carries the key: alternatives, as OpenAPI lists them
    schema.security = [{ [SECURITY_SCHEME]: [] }, { [BEARER_SECURITY_SCHEME]: [] },
      ...(route.config.publishableKeys === true ? [{ [PUBLISHABLE_SECURITY_SCHEME]: [] }] : [])]
    const validates = VALIDATED_PARTS.some((part) => schema[part] !== undefined)
    schema.response = { ...businessResponses(route.config, validates), ...(schema.response as object | undefined) }
  })
}

export async function registerDocs (app: FastifyInstance, info: DocsInfo) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: info.title, version: info.version, description: info.description },
      // PUBLIC_URL when set; then relative: the service that serves this document, wherever it is deployed.
      servers: [
        ...(info.publicUrl == null ? [] : [{ url: info.publicUrl, description: 'Where this deployment is published (PUBLIC_URL)' }]),
        { url: '/', description: 'The server this document is served from' }
      ],
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Your API key.' },
          [BEARER_SECURITY_SCHEME]: { type: 'http', scheme: 'bearer', description: 'Your API key as a bearer token: `Authorization: Bearer <key>`.' },
          [PUBLISHABLE_SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'query',
            name: 'token',
            description: 'A publishable key (`pk_...`, PUBLISHABLE_KEYS) for a browser, on the routes that take it: it works from the ' +
              "origins its owner lists (Origin, else Referer) and spends its owner's quota. A secret key here is a 401."
          },
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
