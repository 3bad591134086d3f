import { Server } from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * On close, stop accepting connections but keep the open ones for up to `windowMs`: a request a client sends on a
 * keep-alive connection in that window is answered (with `connection: close`, see the request hooks) instead of
 * meeting a reset. Fastify then closes what is left. http.Server#close would also drop idle keep-alive
 * connections at once, which is the race this avoids, so the listening socket is closed as a net.Server.
 */
export function drainOnClose (app: FastifyInstance, windowMs: number): void {
  app.addHook('preClose', async () => {
    const server = app.server
    if (!server.listening) return
    Server.prototype.close.call(server)
    const deadline = Date.now() + windowMs
    while (Date.now() < deadline && await connectionCount(server) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })
}

const connectionCount = async (server: Server) => await new Promise<number>((resolve) => {
  server.getConnections((error, count) => resolve(error === null ? count : 0))
})
