import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** One canned answer of a fixture site. */
export interface FixtureResponse {
  status?: number
  headers?: Record<string, string>
  body?: string | Buffer
  /** Wait this long before answering (latency of a slow site). */
  delayMs?: number
  /** Full control, for trickled or endless bodies. */
  handler?: (request: IncomingMessage, response: ServerResponse) => void
}

/** Path (with query) to response, for one host name; `*` answers every path the site does not name. */
export type FixtureSite = Record<string, FixtureResponse>

export interface FixtureServer {
  port: number
  /** `http://<host>:<port>` */
  origin: (host: string) => string
  /** Every request seen, in order. */
  requests: Array<{ host: string, path: string }>
  /** Number of TCP connections accepted. */
  connections: () => number
  addSite: (host: string, site: FixtureSite) => void
  close: () => Promise<void>
}

/**
 * A real HTTP server on 127.0.0.1 that serves several virtual hosts by the Host header,
 * so the service under test fetches fixture sites exactly as it fetches the web.
 */
export async function startFixtureServer (sites: Record<string, FixtureSite> = {}, address = '127.0.0.1'): Promise<FixtureServer> {
  const table = new Map(Object.entries(sites))
  const requests: FixtureServer['requests'] = []
  const sockets = new Set<Socket>()
  let connections = 0

  const server: Server = createServer((request, response) => {
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase()
    const path = request.url ?? '/'
    requests.push({ host, path })
    const fixture = table.get(host)?.[path] ?? table.get(host)?.['*']
    if (fixture === undefined) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' })
      response.end('<!doctype html><title>Not Found</title><h1>Not Found</h1>')
      return
    }
    const answer = (): void => {
      if (fixture.handler !== undefined) { fixture.handler(request, response); return }
      response.writeHead(fixture.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...fixture.headers })
      response.end(request.method === 'HEAD' ? undefined : fixture.body)
    }
    if (fixture.delayMs === undefined) answer()
    else setTimeout(answer, fixture.delayMs)
  })
  server.on('connection', (socket) => {
    connections++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, address, resolve))
  const port = (server.address() as AddressInfo).port

  return {
    port,
    origin: (host) => `http://${host}:${port}`,
    requests,
    connections: () => connections,
    addSite: (host, site) => { table.set(host, { ...table.get(host), ...site }) },
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
}
