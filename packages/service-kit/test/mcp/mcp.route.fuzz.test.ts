// Hostile and random JSON-RPC bodies to POST /mcp over a real connection: no answer may be a 5xx or a JSON-RPC -32603
// (internal error), whatever the message holds (wrong types, huge ids, batches, unknown methods, deep nesting, tool calls with random arguments).
// MCP_FUZZ_RUNS sets the number of random messages; a failure names its seed (MCP_FUZZ_SEED replays it).
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '../../src/index.js'
import { listenOnLoopback } from '../../src/testing.js'
import { buildDemo, DEMO_TOOLS } from '../fixtures/demo-service.js'

const RUNS = Number(process.env.MCP_FUZZ_RUNS ?? 300)
const SEED = Number(process.env.MCP_FUZZ_SEED ?? Date.now() % 1e9)
const HEADERS = { 'x-api-key': 'test-key', accept: 'application/json, text/event-stream', 'content-type': 'application/json' }

const deep = (levels: number, open = '[', close = ']', inner = '') => open.repeat(levels) + inner + close.repeat(levels)
const call = (params: string) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":${params}}`

const HOSTILE: Array<[string, string]> = [
  ['5,000 nested arrays', deep(5000)],
  ['nested arguments', call(`{"name":"echo","arguments":{"name":${deep(3000, '{"a":', '}', '1')}}}`)],
  ['nested params', `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":${deep(3000, '{"a":', '}', '1')}}`],
  ['huge id', '{"jsonrpc":"2.0","id":1e400,"method":"ping"}'],
  ['a 100-digit id', `{"jsonrpc":"2.0","id":${'9'.repeat(100)},"method":"ping"}`],
  ['an object id', '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}'],
  ['a batch of 1,000', JSON.stringify(Array.from({ length: 1000 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/list' })))],
  ['an empty batch', '[]'],
  ['unknown method', '{"jsonrpc":"2.0","id":1,"method":"tools/destroy"}'],
  ['jsonrpc 1.0', '{"jsonrpc":"1.0","id":1,"method":"ping"}'],
  ['arguments as an array', call('{"name":"echo","arguments":[1,2,3]}')],
  ['a name that is a number', call('{"name":5}')],
  ['__proto__ arguments', call('{"name":"echo","arguments":{"__proto__":{"polluted":true}}}')],
  ['a task-augmented call', call('{"name":"echo","arguments":{},"task":{"ttl":1}}')],
  ['a response sent to the server', '{"jsonrpc":"2.0","id":1,"result":{}}'],
  ['truncated', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"ec'],
  ['null', 'null'], ['a string', '"x"'], ['zero', '0'], ['empty', '']
]

const METHODS = ['initialize', 'ping', 'tools/list', 'tools/call', 'notifications/initialized', 'resources/list', 'prompts/get', 'completion/complete']
const TOOL_NAMES = [...DEMO_TOOLS.map((tool) => tool.name), 'get_usage', 'unknown_tool', '']

const message = fc.record({
  jsonrpc: fc.oneof({ weight: 5, arbitrary: fc.constant('2.0') }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) }),
  id: fc.oneof(fc.integer(), fc.string(), fc.double(), fc.constant(null), fc.bigInt().map(String), fc.jsonValue({ maxDepth: 2 })),
  method: fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...METHODS) }, { weight: 1, arbitrary: fc.string() }),
  params: fc.oneof(
    fc.record({ name: fc.constantFrom(...TOOL_NAMES), arguments: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }) }),
    fc.record({ protocolVersion: fc.constantFrom('2025-11-25', '2025-06-18', 'garbage'), capabilities: fc.jsonValue({ maxDepth: 2 }) }),
    fc.jsonValue({ maxDepth: 3 })
  )
}, { requiredKeys: [] })

const body = fc.oneof(
  { weight: 6, arbitrary: message.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.array(message, { maxLength: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) }
)
const headers = fc.record({
  'mcp-protocol-version': fc.constantFrom(undefined, '2025-11-25', '2025-06-18', '2024-10-07', 'x'),
  accept: fc.constantFrom(HEADERS.accept, 'application/json', '*/*', undefined)
})

let app: FastifyInstance
let url: string
beforeAll(async () => {
  app = await buildDemo({ config: testConfig(), pressure: { maxEventLoopDelay: 0, maxEventLoopUtilization: 0 }, processMetrics: false }, undefined, DEMO_TOOLS)
  url = await listenOnLoopback(app)
})
afterAll(async () => { await app?.close() })

const send = async (text: string, extra: Record<string, string | undefined> = {}) => {
  const sent = Object.fromEntries(Object.entries({ ...HEADERS, ...extra }).filter((entry): entry is [string, string] => entry[1] !== undefined))
  const response = await fetch(`${url}/mcp`, { method: 'POST', headers: sent, body: text, signal: AbortSignal.timeout(10_000) })
  const answer = await response.text()
  // a JSON-RPC error the server answers for a message is the client's mistake, never -32603 (the server's own failure)
  const error = /"error":\{"code":(-?\d+)/.exec(answer)
  return { status: response.status, code: error === null ? null : Number(error[1]) }
}

describe('POST /mcp under hostile bodies', () => {
  it.each(HOSTILE)('answers %s without a 5xx or an internal error', async (_name, text) => {
    const { status, code } = await send(text)
    expect(status).toBeLessThan(500)
    expect(code).not.toBe(-32603)
  })

  it(`answers ${RUNS} random JSON-RPC messages without a 5xx or an internal error (seed ${SEED})`, async () => {
    await fc.assert(fc.asyncProperty(body, headers, async (text, extra) => {
      const { status, code } = await send(text, extra)
      expect(status, text.slice(0, 300)).toBeLessThan(500)
      expect(code, text.slice(0, 300)).not.toBe(-32603)
    }), { numRuns: RUNS, seed: SEED })
  }, 120_000)
})
