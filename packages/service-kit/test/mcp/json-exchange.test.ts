import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { JsonExchange } from '../../src/mcp/json-exchange.js'

async function connected () {
  const server = new Server({ name: 'test', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    // a server-to-client message on the way has no stream to go to: dropped, and the answer still comes
    await server.notification({ method: 'notifications/message', params: { level: 'info', data: 'x' } }).catch(() => {})
    return { tools: [] }
  })
  const exchange = new JsonExchange()
  await server.connect(exchange)
  return exchange
}

describe('JsonExchange', () => {
  it("answers a request with the server's response to that id", async () => {
    const exchange = await connected()
    expect(await exchange.exchange({ jsonrpc: '2.0', id: 'a-7', method: 'tools/list' })).toEqual({ jsonrpc: '2.0', id: 'a-7', result: { tools: [] } })
    expect(await exchange.exchange({ jsonrpc: '2.0', id: 8, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 8, result: {} })
  })

  it('answers an unknown method with the JSON-RPC error the SDK gives it', async () => {
    const exchange = await connected()
    expect(await exchange.exchange({ jsonrpc: '2.0', id: 1, method: 'resources/list' })).toMatchObject({ id: 1, error: { code: -32601 } })
  })

  it('answers nothing to a notification', async () => {
    const exchange = await connected()
    expect(await exchange.exchange({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBeNull()
  })
})
