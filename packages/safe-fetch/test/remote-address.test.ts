import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { Agent, buildConnector } from 'undici'
import { RemoteRecord, rememberSocket, trackRemoteAddress } from '../src/remote-address.js'
import { html, startFixture, type Fixture } from './helpers/fixture-server.js'

let v4: Fixture
let v6: Fixture
const plainConnect = buildConnector({})

/** An Agent whose connector remembers every socket, as the guard does after its checks. */
function rememberingAgent (): Agent {
  return new Agent({
    connect (options, callback) {
      plainConnect(options, (error, socket) => {
        if (error !== null) {
          callback(error, null)
          return
        }
        rememberSocket(socket, socket.remoteAddress ?? '')
        callback(null, socket)
      })
    }
  })
}

beforeAll(async () => {
  v4 = await startFixture(html('v4'))
  v6 = await startFixture(html('v6'), '::1')
})

afterAll(async () => {
  await Promise.all([v4.close(), v6.close()])
})

describe('trackRemoteAddress', () => {
  test('fills the record of each request with the address of its own socket, also on a reused socket', async () => {
    const agent = rememberingAgent()
    const dispatcher = agent.compose(trackRemoteAddress())
    try {
      const [first, second] = await Promise.all([v4, v6].map(async (fixture) => {
        const response = await dispatcher.request({ origin: fixture.origin, path: '/', method: 'GET', opaque: new RemoteRecord() })
        await response.body.text()
        return response.opaque.address
      }))
      expect([first, second]).toEqual(['127.0.0.1', '::1'])

      // undici hands the socket back to its pool a tick after the body ends.
      await new Promise((resolve) => setImmediate(resolve))
      const again = await dispatcher.request({ origin: v4.origin, path: '/', method: 'GET', opaque: new RemoteRecord() })
      await again.body.text()
      expect(again.opaque.address).toBe('127.0.0.1')
      expect(v4.connections).toBe(1)
    } finally {
      await agent.close()
    }
  })

  test('never reports a socket the guard did not check', async () => {
    const agent = new Agent()
    try {
      const response = await agent.compose(trackRemoteAddress()).request({ origin: v4.origin, path: '/', method: 'GET', opaque: new RemoteRecord() })
      await response.body.text()
      expect(response.opaque.address).toBeNull()
    } finally {
      await agent.close()
    }
  })

  test('leaves other requests and their opaque values alone', async () => {
    const agent = rememberingAgent()
    try {
      const response = await agent.compose(trackRemoteAddress()).request({ origin: v4.origin, path: '/', method: 'GET', opaque: 'mine' })
      expect(await response.body.text()).toBe('v4')
      expect(response.opaque).toBe('mine')
    } finally {
      await agent.close()
    }
  })
})
