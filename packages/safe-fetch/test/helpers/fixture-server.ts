import { once, EventEmitter } from 'node:events'
import { createServer, type RequestListener, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'

export interface Fixture {
  /** `http://host:port` with IPv6 hosts bracketed. */
  origin: string
  host: string
  port: number
  /** TCP connections accepted so far, probes excluded: the proof that a refused fetch never reached this server. */
  readonly connections: number
  requests: number
  /** Requests whose response has not closed yet. */
  readonly inFlight: number
  /** The most requests this server was handling at the same time. */
  peakInFlight: number
  /**
   * `connections`, read once a probe connection has been accepted: connections are accepted in order, so every
   * earlier connection attempt has been counted by then.
   */
  settledConnections: () => Promise<number>
  close: () => Promise<void>
}

/** A real HTTP server on a loopback address; every test fixture is one of these. */
export async function startFixture (handler: RequestListener, host = '127.0.0.1'): Promise<Fixture> {
  const sockets = new Set<Socket>()
  const acceptedPorts = new Set<number>()
  const probePorts = new Set<number>()
  const accepted = new EventEmitter()
  let inFlight = 0
  const server: Server = createServer((request, response) => {
    fixture.requests++
    inFlight++
    fixture.peakInFlight = Math.max(fixture.peakInFlight, inFlight)
    response.on('close', () => { inFlight-- })
    handler(request, response)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    acceptedPorts.add(socket.remotePort ?? -1)
    accepted.emit('port', socket.remotePort)
  })
  server.listen(0, host)
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo

  const fixture: Fixture = {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    host,
    port,
    get connections () {
      return acceptedPorts.size - probePorts.size
    },
    requests: 0,
    get inFlight () {
      return inFlight
    },
    peakInFlight: 0,
    async settledConnections () {
      const probe = connect(port, host)
      await once(probe, 'connect')
      const probePort = probe.localPort ?? -1
      probePorts.add(probePort)
      while (!acceptedPorts.has(probePort)) await once(accepted, 'port')
      probe.destroy()
      return fixture.connections
    },
    async close () {
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
