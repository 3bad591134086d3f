import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import { JsonExchange } from '../packages/service-kit/src/mcp/json-exchange.js'

// What the official SDK's Server costs per tool call on its own: a `tools/call` through the same exchange the /mcp
// route uses, answered by a handler that does no work. A tool call pays this on top of everything its HTTP route
// pays (the request, its parsing, the key, the quota, the route's validation, handler and serialisation), so
// 1 + this / the route's CPU per call is the least its ratio can be while the SDK answers it.
const CALLS = 20_000
const WARM_UP = 2_000
const DUE = { due_at: '2026-03-09T10:00:00-04:00' }
const RESULT = { content: [{ type: 'text' as const, text: JSON.stringify(DUE) }], structuredContent: DUE }
const CALL = {
  jsonrpc: '2.0' as const,
  id: 1,
  method: 'tools/call',
  params: { name: 'calculate_business_time', arguments: { operation: 'sla_due_at', calendar: 'us-federal', minutes: 60 } }
}

/** The SDK's CPU per tool call, in µs (median of three passes of CALLS calls). */
export async function sdkMicrosPerCall (): Promise<number> {
  const server = new Server({ name: 'bench', version: '0' }, { capabilities: { tools: { listChanged: false } } })
  server.setRequestHandler(CallToolRequestSchema, () => RESULT)
  const exchange = new JsonExchange()
  await server.connect(exchange)
  const pass = async (calls: number): Promise<number> => {
    const started = process.cpuUsage()
    for (let i = 0; i < calls; i++) await exchange.exchange(CALL as JSONRPCMessage, undefined)
    const used = process.cpuUsage(started)
    return (used.user + used.system) / calls
  }
  try {
    await pass(WARM_UP)
    const passes = [await pass(CALLS), await pass(CALLS), await pass(CALLS)].sort((a, b) => a - b)
    return Math.round(passes[1] * 10) / 10
  } finally {
    await server.close()
  }
}
