import Fastify from 'fastify'
import { peerCheck } from './peer-check.js'

/**
 * The Express peer's work on bare Fastify: no validation, no diagnosis, a 60-byte answer. How far it outruns the
 * Express peer is the most any Fastify service doing at least that work can reach against it.
 */
export async function start () {
  const check = peerCheck()
  const app = Fastify({ logger: false })
  app.post('/v1/webhooks/verify', async (request, reply) => {
    const answer = await check(request.headers['x-api-key'] as string | undefined, request.body)
    return await reply.code(answer.status).headers(answer.headers).send(answer.body)
  })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close: () => app.close() }
}
