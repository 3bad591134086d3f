import Fastify from 'fastify'
import { builtApp, listenForBench } from './service-server.js'

/**
 * The SLA service as `pnpm bench mcp` measures it (its route and its /mcp), and beside it the floor of any tool call
 * that runs its route through `inject`: a bare Fastify (no auth, no log, no MCP) whose one route does nothing but inject
 * the request it got into the service and answer the service's answer as it is. A tool call does that and more (its
 * own /mcp request is a business route of the kit, and the SDK answers it), so it is never faster than this.
 */
export async function start () {
  const service = await listenForBench(await builtApp('sla'))
  const floor = Fastify({ logger: false })
  floor.removeAllContentTypeParsers()
  floor.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  floor.post('/v1/business-days/calculate', async (request, reply) => {
    const answer = await service.app.inject({
      method: 'POST',
      url: '/v1/business-days/calculate',
      headers: { 'x-api-key': String(request.headers['x-api-key']), 'content-type': 'application/json' },
      payload: request.body as string
    })
    return await reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer.payload)
  })
  const floorUrl = await floor.listen({ port: 0, host: '127.0.0.1' })
  return {
    url: service.url,
    urls: { floor: floorUrl },
    close: async () => { await floor.close(); await service.close() }
  }
}
