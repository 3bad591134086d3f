import { createHash, timingSafeEqual } from 'node:crypto'
import { verify } from '@octokit/webhooks-methods'

export interface PeerAnswer {
  status: number
  headers: Record<string, string>
  body: object
}

/**
 * What a user would write instead of calling the webhook service, framework aside: the API key checked (sha256,
 * constant time) against an in-memory monthly quota, and the GitHub signature verified with GitHub's own
 * @octokit/webhooks-methods. The Express and Fastify peers both answer with it.
 */
export function peerCheck (): (apiKey: string | undefined, body: unknown) => Promise<PeerAnswer> {
  const keyDigest = createHash('sha256').update('bench-key').digest()
  const used = new Map<string, number>()
  return async (apiKey, body) => {
    const digest = apiKey === undefined ? null : createHash('sha256').update(apiKey).digest()
    if (digest === null || !timingSafeEqual(digest, keyDigest)) return { status: 401, headers: {}, body: { detail: 'Invalid API key' } }
    const month = new Date().toISOString().slice(0, 7)
    const count = (used.get(month) ?? 0) + 1
    used.set(month, count)
    const headers = { 'x-ratelimit-limit': String(Number.MAX_SAFE_INTEGER), 'x-ratelimit-remaining': String(Number.MAX_SAFE_INTEGER - count) }
    const { payload, headers: delivery, secret } = body as { payload: string, headers: Record<string, string>, secret: string }
    const valid = await verify(secret, payload, delivery['X-Hub-Signature-256'] ?? '')
    return { status: 200, headers, body: { valid, reason: valid ? 'valid' : 'signature_mismatch', provider: 'github' } }
  }
}
