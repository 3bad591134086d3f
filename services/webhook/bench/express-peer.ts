import { createHash, timingSafeEqual } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { verify } from '@octokit/webhooks-methods'
import express from 'express'

/**
 * The peer a user would write instead of calling the webhook service: Express 5 taking the same request, checking
 * the same API key (sha256, constant time) against an in-memory monthly quota, and verifying the GitHub signature
 * with GitHub's own @octokit/webhooks-methods.
 */
export async function start () {
  const keyDigest = createHash('sha256').update('bench-key').digest()
  const used = new Map<string, number>()
  const app = express()
  app.use(express.json({ limit: '5mb' }))
  app.post('/v1/webhooks/verify', async (request, response) => {
    const key = request.get('x-api-key')
    const digest = key === undefined ? null : createHash('sha256').update(key).digest()
    if (digest === null || !timingSafeEqual(digest, keyDigest)) {
      response.status(401).json({ detail: 'Invalid API key' })
      return
    }
    const month = new Date().toISOString().slice(0, 7)
    const count = (used.get(month) ?? 0) + 1
    used.set(month, count)
    response.set({ 'x-ratelimit-limit': String(Number.MAX_SAFE_INTEGER), 'x-ratelimit-remaining': String(Number.MAX_SAFE_INTEGER - count) })
    const { payload, headers, secret } = request.body as { payload: string, headers: Record<string, string>, secret: string }
    const valid = await verify(secret, payload, headers['X-Hub-Signature-256'] ?? '')
    response.json({ valid, reason: valid ? 'valid' : 'signature_mismatch', provider: 'github' })
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: async () => await new Promise<void>((resolve) => server.close(() => resolve())) }
}
