import Fastify from 'fastify'

/** Bare Fastify with one trivial JSON route: the yardstick every benchmark ratio divides by. */
export async function start () {
  const app = Fastify({ logger: false })
  app.post('/v1/echo', async (request) => ({ ok: true, n: (request.body as { n?: number })?.n ?? 0 }))
  // Any other request a service benchmark sends: read and parse the same body, answer a trivial JSON object.
  app.route({ method: ['GET', 'POST'], url: '/*', handler: async () => ({ ok: true }) })
  const url = await app.listen({ port: 0, host: '127.0.0.1' })
  return { url, close: () => app.close() }
}
