import type { FastifyRequest } from 'fastify'
import { secretsEqual, sha256, type KeyEntry } from './api-keys.js'
import { InvalidApiKeyError, InvalidProxySecretError, MissingApiKeyError } from './errors.js'

export interface Principal {
  kind: 'api-key' | 'marketplace'
  /** sha256 of the API key, or `rapidapi:<user>`; never a plaintext key. */
  id: string
  quota: number | null
}

export interface AuthenticationOptions {
  /** sha256(key) → per-key quota override. */
  apiKeys: Map<string, KeyEntry>
  rapidApiProxySecret?: string | null
  onFailure?: () => void
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

/** Who is calling: a key of ours, or the marketplace proxy with its secret; a 401 for anything else. */
export function authenticate (request: FastifyRequest, options: AuthenticationOptions): Principal {
  const proxySecret = header(request, 'x-rapidapi-proxy-secret')
  if (options.rapidApiProxySecret && proxySecret !== undefined) {
    if (!secretsEqual(proxySecret, options.rapidApiProxySecret)) {
      options.onFailure?.()
      throw new InvalidProxySecretError(CHALLENGE)
    }
    const user = header(request, 'x-rapidapi-user') ?? 'anonymous'
    return { kind: 'marketplace', id: `rapidapi:${user}`, quota: null }
  }
  const key = apiKeyOf(request)
  if (key === undefined) {
    options.onFailure?.()
    throw new MissingApiKeyError(CHALLENGE)
  }
  const id = sha256(key)
  const entry = options.apiKeys.get(id)
  if (!entry) {
    options.onFailure?.()
    throw new InvalidApiKeyError(CHALLENGE)
  }
  return { kind: 'api-key', id, quota: entry.quota }
}
