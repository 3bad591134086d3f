import { Server as HttpServer } from 'node:http'
import { Server } from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * On close, stop accepting connections but keep the open ones for up to `windowMs`: a request a client sends on a
 * keep-alive connection in that window is answered (with `connection: close`, see the request hooks) instead of
 * meeting a reset. Fastify then closes what is left. http.Server#close would also drop idle keep-alive
 * connections at once, which is the race this avoids, so the listening socket is closed as a net.Server.
 */
export function drainOnClose (app: FastifyInstance, windowMs: number): void {
  keepTimeoutsWhileClosing(app.server)
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

/**
 * http.Server#close first stops the check that times out a request still arriving (headersTimeout, requestTimeout),
 * then waits for every connection to end: a client trickling its body when a rollout began was answered nothing, and
 * held the close until it gave up or the drain's limit cut the process (35 s, exit 1). Closed as a net.Server with its
 * idle connections ended, the server goes on timing such a request out (a 408) until its last connection is gone;
 * http.Server#close then ends the check.
 */
function keepTimeoutsWhileClosing (server: HttpServer): void {
  server.close = function close (callback?: (error?: Error) => void) {
    server.closeIdleConnections()
    server.once('close', () => { HttpServer.prototype.close.call(server) })
    return Server.prototype.close.call(server, callback) as HttpServer
  }
}
