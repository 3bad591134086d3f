import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface Fixture {
  /** `http://host:port` with IPv6 hosts bracketed. */
  origin: string
  host: string
  port: number
  /** TCP connections accepted so far: the proof that a refused fetch never reached this server. */
  connections: number
  requests: number
  /** The most requests this server was handling at the same time. */
  peakInFlight: number
  close: () => Promise<void>
}

/** A real HTTP server on a loopback address; every test fixture is one of these. */
export async function startFixture (handler: RequestListener, host = '127.0.0.1'): Promise<Fixture> {
  const sockets = new Set<Socket>()
  let inFlight = 0
  const server: Server = createServer((request, response) => {
    fixture.requests++
    inFlight++
    fixture.peakInFlight = Math.max(fixture.peakInFlight, inFlight)
    response.on('close', () => { inFlight-- })
    handler(request, response)
  })
  server.on('connection', (socket) => {
    fixture.connections++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const fixture: Fixture = {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    host,
    port,
    connections: 0,
    requests: 0,
    peakInFlight: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
  return fixture
}

/** Answers every request with `body` as text/html. */
export function html (body: string | Buffer, headers: Record<string, string> = {}): RequestListener {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...headers })
    response.end(body)
  }
}
