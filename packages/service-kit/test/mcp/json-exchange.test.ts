import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
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

/**
 * A server whose one tool answers with the context its request came with, once the test releases that context
 * (`release(name)`), so that the test decides in which order concurrent calls finish.
 */
async function gated () {
  const exchange = new JsonExchange<string>()
  const gates = new Map<string, () => void>()
  const started = new Map<string, () => void>()
  const server = new Server({ name: 'test', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(CallToolRequestSchema, async (_request, extra) => {
    const context = exchange.contextOf(extra.requestId) ?? 'none'
    await new Promise<void>((resolve) => { gates.set(context, resolve); started.get(context)?.() })
    return { content: [{ type: 'text', text: context }] }
  })
  await server.connect(exchange)
  const call = (id: string | number, context: string) => {
    const running = new Promise<void>((resolve) => started.set(context, resolve))
    const answer = exchange.exchange({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'who', arguments: {} } }, context)
    return { running, answer }
  }
  return { exchange, server, call, release: (context: string) => gates.get(context)?.() }
}

describe('JsonExchange', () => {
  it("answers a request with the server's response to that id", async () => {
    const exchange = await connected()
    expect(await exchange.exchange({ jsonrpc: '2.0', id: 'a-7', method: 'tools/list' }, undefined)).toEqual({ jsonrpc: '2.0', id: 'a-7', result: { tools: [] } })
    expect(await exchange.exchange({ jsonrpc: '2.0', id: 8, method: 'ping' }, undefined)).toEqual({ jsonrpc: '2.0', id: 8, result: {} })
  })

  it('answers an unknown method with the JSON-RPC error the SDK gives it', async () => {
    const exchange = await connected()
    expect(await exchange.exchange({ jsonrpc: '2.0', id: 1, method: 'resources/list' }, undefined)).toMatchObject({ id: 1, error: { code: -32601 } })
  })

  it('answers nothing to a notification', async () => {
    const exchange = await connected()
    expect(await exchange.exchange({ jsonrpc: '2.0', method: 'notifications/initialized' }, undefined)).toBeNull()
  })

  it('gives each of concurrent requests with the same id its own answer and context, whatever order they finish in', async () => {
    const { call, release } = await gated()
    const callers = ['alice', 'bob', 'carol']
    const calls = callers.map((name) => call(1, name))
    await Promise.all(calls.map(async ({ running }) => await running))
    for (const name of [...callers].reverse()) release(name)
    const answers = await Promise.all(calls.map(async ({ answer }) => await answer))
    expect(answers).toEqual(callers.map((name) => ({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: name }] } })))
  })

  it("does not let a caller's cancellation reach a request of another POST", async () => {
    const { exchange, call, release } = await gated()
    const running = call('job', 'alice')
    await running.running
    // a cancellation for the id the caller used, and for the ids the server may know the request by
    for (const requestId of ['job', 1, 0]) {
      expect(await exchange.exchange({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } }, 'mallory')).toBeNull()
    }
    release('alice')
    expect(await running.answer).toEqual({ jsonrpc: '2.0', id: 'job', result: { content: [{ type: 'text', text: 'alice' }] } })
  })

  it('answers a request still running when the server closes as a closed connection, under its own id', async () => {
    const { server, call } = await gated()
    const running = call('late', 'alice')
    await running.running
    await server.close()
    expect(await running.answer).toEqual({ jsonrpc: '2.0', id: 'late', error: { code: -32000, message: 'Connection closed' } })
  })
})
