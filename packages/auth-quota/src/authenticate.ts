import type { FastifyRequest } from 'fastify'
import { secretsEqual, sha256, type KeyEntry } from './api-keys.js'
import {
  InvalidApiKeyError, InvalidProxySecretError, MissingApiKeyError, OriginNotAllowedError, PublishableKeyNotAllowedError, SecretKeyInQueryError
} from './errors.js'
import { originAllowed, requestOrigin, type PublishableKey } from './publishable-keys.js'

export interface Principal {
  kind: 'api-key' | 'marketplace'
  /** sha256 of the API key, or `rapidapi:<user>`; never a plaintext key. */
  id: string
  quota: number | null
  /**
   * A publishable key's call (`?token=`): its answer is public (any page shows it, caches in front keep it), so it
   * carries nothing of the owner's account: no usage counts.
   */
  publishable?: true
}

export interface AuthenticationOptions {
  /** sha256(key) → per-key quota override. */
  apiKeys: Map<string, KeyEntry>
  /** sha256(pk_...) → its owner and origins (PUBLISHABLE_KEYS). */
  publishableKeys?: Map<string, PublishableKey>
  rapidApiProxySecret?: string | null
  onFailure?: () => void
}

/** What the route allows: `?token=` with a publishable key (the logo image). */
export interface RouteAuth {
  publishableKeys: boolean
}

/** A 401's challenges: the two ways a key may be sent (RFC 9110 lists several challenges in one header). */
const CHALLENGE = { 'www-authenticate': 'APIKey, Bearer' }

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

// RFC 6750's credentials: the scheme is case-insensitive (RFC 9110), then one token
const BEARER = /^bearer +(\S+) *$/i

/**
 * The API key a request sends: `X-API-Key`, else `Authorization: Bearer <key>`, as API clients and SDK generators
 * send a key (an MCP client too). X-API-Key wins when both are sent: a gateway may set Authorization for itself.
 */
export function apiKeyOf (request: FastifyRequest): string | undefined {
  const key = header(request, 'x-api-key')
  if (key !== undefined && key !== '') return key
  const authorization = header(request, 'authorization')
  return authorization === undefined ? undefined : BEARER.exec(authorization)?.[1]
}

/**
 * The distinct non-empty `?token=` values of the request, in order (a query may repeat the name). Every one is looked
 * at: a secret key hidden behind a few others is still in the URL. The request line's size bounds how many there are.
 */
function queryTokens (request: FastifyRequest): string[] {
  const token = (request.query as Record<string, unknown> | undefined)?.token
  const values: unknown[] = Array.isArray(token) ? [...new Set(token)] : [token]
  return values.filter((value): value is string => typeof value === 'string' && value !== '')
}

/** The marketplace proxy's principal when its secret is configured and sent; a 401 for a wrong one; else null. */
function proxyPrincipal (request: FastifyRequest, options: AuthenticationOptions): Principal | null {
  const proxySecret = header(request, 'x-rapidapi-proxy-secret')
  if (!options.rapidApiProxySecret || proxySecret === undefined) return null
  if (!secretsEqual(proxySecret, options.rapidApiProxySecret)) {
    options.onFailure?.()
    throw new InvalidProxySecretError(CHALLENGE)
  }
  const user = header(request, 'x-rapidapi-user') ?? 'anonymous'
  return { kind: 'marketplace', id: `rapidapi:${user}`, quota: null }
}

/**
 * The principal of a `?token=`: a publishable key's owner, on a route that takes one, from an origin it lists. On a
 * route that takes no token, a token that is no key of ours is left to the route.
 */
function tokenPrincipal (request: FastifyRequest, token: string, options: AuthenticationOptions, route: RouteAuth): Principal | null {
  const id = sha256(token)
  const publishable = options.publishableKeys?.get(id)
  const fail = (error: Error): never => {
    options.onFailure?.()
    throw error
  }
  if (publishable !== undefined) {
    if (!route.publishableKeys) fail(new PublishableKeyNotAllowedError())
    if (!originAllowed(publishable, requestOrigin(request.headers))) fail(new OriginNotAllowedError())
    const owner = options.apiKeys.get(publishable.ownerId)
    if (owner === undefined) return fail(new InvalidApiKeyError(CHALLENGE))
    return { kind: 'api-key', id: publishable.ownerId, quota: owner.quota, publishable: true }
  }
  if (route.publishableKeys) fail(new InvalidApiKeyError(CHALLENGE))
  return null
}

/**
 * Who is calling: a key of ours (a secret key in a header, or a publishable key as `?token=` where the route allows
 * it), or the marketplace proxy with its secret; a 401 or 403 for anything else.
 */
export function authenticate (request: FastifyRequest, options: AuthenticationOptions, route: RouteAuth = { publishableKeys: false }): Principal {
  const tokens = queryTokens(request)
  // a secret key in a URL is a 401 that says why, whoever sends it and wherever it stands among the query's tokens:
  // the page or log carrying it is caught early
  if (tokens.some((token) => options.apiKeys.has(sha256(token)))) {
    options.onFailure?.()
    throw new SecretKeyInQueryError(CHALLENGE)
  }
  // the marketplace's calls are its to meter, whatever token the page behind it sends
  const marketplace = proxyPrincipal(request, options)
  if (marketplace !== null) return marketplace
  if (tokens.length > 0) {
    const principal = tokenPrincipal(request, tokens[0], options, route)
    if (principal !== null) return principal
  }
  const key = apiKeyOf(request)
  if (key === undefined) {
    options.onFailure?.()
    throw new MissingApiKeyError(CHALLENGE)
  }
  const id = sha256(key)
  const entry = options.apiKeys.get(id)
  if (!entry && options.publishableKeys?.has(id) === true) {
    options.onFailure?.()
    throw new PublishableKeyNotAllowedError()
  }
  if (!entry) {
    options.onFailure?.()
    throw new InvalidApiKeyError(CHALLENGE)
  }
  return { kind: 'api-key', id, quota: entry.quota }
}
