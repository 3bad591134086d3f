import type { LookupAddress } from 'node:dns'
import { connect as netConnect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { assertSocketPermitted, createGuardedConnector, DispatchScope, guardedLookup } from '../src/guard.js'
import { resolvePolicy, type FetchPolicy } from '../src/policy.js'
import type { FetchError } from '../src/index.js'
import { html, startFixture, type Fixture } from './helpers/fixture-server.js'

let loopback: Fixture
let second: Fixture
let ipv6: Fixture

beforeAll(async () => {
  loopback = await startFixture(html('ok'))
  second = await startFixture(html('ok'), '127.0.0.2')
  ipv6 = await startFixture(html('ok'), '::1')
})

afterAll(async () => {
  await Promise.all([loopback.close(), second.close(), ipv6.close()])
})

interface Connected { socket: Socket, address: string }

/** Runs the connector the way undici's Client does and reports the socket or the refusal. */
async function dial (policy: FetchPolicy, hostname: string, port: number, protocol = 'http:'): Promise<Connected> {
  const connector = createGuardedConnector(resolvePolicy(policy), (socket, address) => { seen = { socket, address } })
  let seen: Connected | null = null
  return await new Promise((resolve, reject) => {
    connector({ hostname, host: hostname, protocol, port: String(port) }, (error, socket) => {
      if (error !== null) reject(error)
      else if (seen?.socket !== socket) reject(new Error('onConnected did not see this socket'))
      else resolve(seen)
    })
  })
}

async function refused (work: Promise<Connected>): Promise<FetchError> {
  return await work.then(({ socket }) => { socket.destroy(); throw new Error('connected') }, (error: FetchError) => error)
}

describe('createGuardedConnector', () => {
  test('(a) refuses an IP-literal host before a socket exists', async () => {
    const before = loopback.connections
    const error = await refused(dial({}, '127.0.0.1', loopback.port))
    expect(error).toMatchObject({ code: 'FETCH_ERR_BLOCKED', address: '127.0.0.1' })
    expect(error.message).not.toContain('127.0.0.1')
    expect(await loopback.settledConnections()).toBe(before)
  })

  test('(a) refuses an IPv6 literal, bracketed or not', async () => {
    expect((await refused(dial({}, '::1', ipv6.port))).code).toBe('FETCH_ERR_BLOCKED')
    expect((await refused(dial({}, '[::1]', ipv6.port))).code).toBe('FETCH_ERR_BLOCKED')
    expect(await ipv6.settledConnections()).toBe(0)
  })

  test('(b) a name the resolver maps to 127.0.0.2 is refused at connect time without reaching the listener', async () => {
    const asked: string[] = []
    const policy = { allowCidrs: ['127.0.0.1/32'], resolver: async (name: string) => { asked.push(name); return ['127.0.0.2'] } }
    const error = await refused(dial(policy, 'internal.test', second.port))
    expect(error).toMatchObject({ code: 'FETCH_ERR_BLOCKED', address: '127.0.0.2' })
    expect(asked).toEqual(['internal.test'])
    expect(await second.settledConnections()).toBe(0)
  })

  test('the same name connects once its address is allow-listed, and reports the checked address', async () => {
    const policy = { allowCidrs: ['127.0.0.2/32'], resolver: async () => ['127.0.0.2'] }
    const before = second.connections
    const { socket, address } = await dial(policy, 'internal.test', second.port)
    socket.destroy()
    expect(address).toBe('127.0.0.2')
    expect(await second.settledConnections()).toBe(before + 1)
  })

  test('an allow-listed literal connects on any port', async () => {
    const { socket, address } = await dial({ allowCidrs: ['127.0.0.1/32', '::1/128'] }, '::1', ipv6.port)
    socket.destroy()
    expect(address).toBe('::1')
  })

  test('a public address on a non-default port is refused inside lookup', async () => {
    const error = await refused(dial({ resolver: async () => ['93.184.216.34'] }, 'public.test', 8080))
    expect(error).toMatchObject({ code: 'FETCH_ERR_BLOCKED', message: 'Target port is not allowed' })
  })

  test('a resolver failure surfaces as a DNS error', async () => {
    const error = await refused(dial({ resolver: async () => { throw new Error('NXDOMAIN') } }, 'missing.test', 80))
    expect(error.code).toBe('FETCH_ERR_DNS')
  })

  test('an attempt started within DispatchScope.run ends with the reason of its signal while the lookup is pending', async () => {
    const scope = new DispatchScope()
    const policy = resolvePolicy({ resolver: async () => await new Promise<string[]>(() => {}), dnsTimeoutMs: 60_000 })
    const connector = createGuardedConnector(policy, () => {}, scope)
    const controller = new AbortController()
    const outcome = new Promise<Error | null>((resolve) => {
      scope.run(controller.signal, () => {
        connector({ hostname: 'hang.test', host: 'hang.test', protocol: 'http:', port: '' }, (error, socket) => { socket?.destroy(); resolve(error) })
      })
    })
    // The scope names the signal for the length of the call only: later attempts are not this request's
    expect(scope.signal).toBeUndefined()
    const reason = new Error('request gave up')
    controller.abort(reason)
    expect(await outcome).toBe(reason)
  })
})

describe('guardedLookup', () => {
  const policy = resolvePolicy({ resolver: async () => ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'] })

  async function lookup (options: { all?: boolean, family?: number }): Promise<unknown[]> {
    return await new Promise((resolve) => {
      guardedLookup(policy, true)('example.test', options, (...args: unknown[]) => resolve(args))
    })
  }

  test('answers every address when Node asks for all (autoSelectFamily)', async () => {
    const [error, addresses] = await lookup({ all: true })
    expect(error).toBeNull()
    expect((addresses as LookupAddress[]).map((entry) => entry.address)).toEqual(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'])
  })

  test('answers one address of the requested family otherwise', async () => {
    expect(await lookup({ family: 6 })).toEqual([null, '2606:2800:220:1:248:1893:25c8:1946', 6])
    expect(await lookup({})).toEqual([null, '93.184.216.34', 4])
  })
})

describe('assertSocketPermitted', () => {
  test('(c) judges the address a real socket reached', async () => {
    const socket = netConnect(loopback.port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    try {
      expect(() => assertSocketPermitted(socket, resolvePolicy(), true)).toThrow('Target address is not allowed')
      expect(() => assertSocketPermitted(socket, resolvePolicy({ allowCidrs: ['127.0.0.0/8'] }), false)).not.toThrow()
    } finally {
      socket.destroy()
    }
  })

  test('(c) a socket without a remote address is refused', () => {
    const socket = { remoteAddress: undefined } as unknown as Socket
    expect(() => assertSocketPermitted(socket, resolvePolicy({ allowCidrs: ['0.0.0.0/0'] }), true)).toThrow('Target address is not allowed')
  })
})
