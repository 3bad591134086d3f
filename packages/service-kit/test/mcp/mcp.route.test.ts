import { once } from 'node:events'
import { connect } from 'node:net'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { McpError } from '@modelcontextprotocol/sdk/types.js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Type } from '@sinclair/typebox'
import { HttpError } from '@utility-apis/fastapi-errors'
import { MAX_PATH_PARAM_LENGTH } from '../../src/client-errors.js'
import { testConfig, type McpTool } from '../../src/index.js'
import { connectMcpClient, listenOnLoopback } from '../../src/testing.js'
import { buildDemo, DEMO_TOOLS, DemoBody } from '../fixtures/demo-service.js'
import { captureLog } from '../helpers/log-capture.js'

const KEY = { 'x-api-key': 'test-key' }
const ACCEPT = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' }
const NO_SHEDDING = { maxEventLoopDelay: 0, maxEventLoopUtilization: 0 }
const MiB = 1024 * 1024

const json = (value: unknown) => JSON.parse(JSON.stringify(value))
const until = async (done: () => boolean) => {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 20))
}
const textOf = (result: Awaited<ReturnType<Client['callTool']>>) => JSON.parse((result.content as Array<{ text: string }>)[0].text)

let app: FastifyInstance
let url: string
let client: Client
const log = captureLog()

beforeAll(async () => {
  app = await buildDemo({
    config: testConfig({ keys: 'test-key,other-key,spent-key:3', corsOrigins: ['https://app.example.com'] }),
    logger: { level: 'info', stream: log.stream },
    pressure: NO_SHEDDING,
    processMetrics: false
  }, undefined, DEMO_TOOLS)
  url = await listenOnLoopback(app)
  client = await connectMcpClient(url, KEY)
})
afterAll(async () => {
  await client?.close()
  await app?.close()
})

const post = async (body: string, headers: Record<string, string> = { ...KEY, ...ACCEPT }) =>
  await fetch(`${url}/mcp`, { method: 'POST', headers, body })
const usage = async (headers: Record<string, string> = KEY) => (await app.inject({ method: 'GET', url: '/v1/usage', headers })).json().used as number

describe('initialize', () => {
  it('names the service and gives its description as instructions, with the tools capability only', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'demo', version: '0.1.0', title: 'Demo API' })
    expect(client.getInstructions()).toBe('A service used to test the kit.')
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } })
  })
})

describe('tools/list', () => {
  it("lists every declared tool and get_usage, with the routes' schemas", async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['echo', 'batch', 'lookup', 'boom', 'forbidden', 'get_usage'])
    const echo = tools.find((tool) => tool.name === 'echo')
    expect(echo?.inputSchema).toEqual(json(DemoBody))
    expect(echo?.outputSchema).toEqual({ type: 'object', properties: { name: { type: 'string' }, count: { type: 'integer' } }, required: ['name', 'count'] })
    expect(echo?.annotations).toEqual({ title: 'Echo', readOnlyHint: true })
    // a query string's parameters are the tool's arguments; a route without a 2xx schema has no output schema
    const lookup = tools.find((tool) => tool.name === 'lookup')
    expect(Object.keys(lookup?.inputSchema.properties ?? {})).toEqual(['year', 'full'])
    expect(lookup?.outputSchema).toBeUndefined()
  })
})

describe('tools/call runs the route', () => {
  it('answers what the HTTP route answers, as structuredContent and as text', async () => {
    const args = { name: 'abc', secret: 's', count: 2 }
    const http = await app.inject({ method: 'POST', url: '/v1/echo', headers: KEY, payload: args })
    const result = await client.callTool({ name: 'echo', arguments: args })
    expect(result.isError).toBeUndefined()
    expect(result.structuredContent).toEqual(http.json())
    expect(textOf(result)).toEqual(http.json())
  })

  it('sends query string arguments as HTTP would, numbers and booleans written as text', async () => {
    const result = await client.callTool({ name: 'lookup', arguments: { year: 2026, full: true } })
    const http = await app.inject({ method: 'GET', url: '/v1/lookup?year=2026&full=true', headers: KEY })
    expect(textOf(result)).toEqual(http.json())
  })

  it("answers an invalid argument as a tool error holding the 422's detail, code and request id", async () => {
    const args = { name: 'toolong', secret: 's', count: 'x' }
    const http = (await app.inject({ method: 'POST', url: '/v1/echo', headers: KEY, payload: args })).json()
    const result = await client.callTool({ name: 'echo', arguments: args })
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toBeUndefined()
    const error = textOf(result)
    expect(error).toEqual({ status: 422, detail: http.detail, code: 'validation_failed', request_id: error.request_id })
    expect(error.detail.map((issue: { loc: unknown[] }) => issue.loc)).toEqual([['body', 'name'], ['body', 'count']])
  })

  it('answers a refusal and a failure as tool errors naming their code', async () => {
    expect(textOf(await client.callTool({ name: 'forbidden', arguments: {} }))).toMatchObject({ status: 400, code: 'bad_request' })
    const failed = await client.callTool({ name: 'boom', arguments: { secret: 'never-logged' } })
    expect(failed.isError).toBe(true)
    expect(textOf(failed)).toMatchObject({ status: 500, detail: 'Internal Server Error', code: 'internal_error' })
  })

  it('answers an unknown tool with a JSON-RPC error (-32602), not a tool result', async () => {
    const error = await client.callTool({ name: 'no_such_tool', arguments: {} }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(McpError)
    expect((error as McpError).code).toBe(-32602)
  })

  it('answers params its method cannot take with -32602 naming the param (not -32603, the server\'s own error); nothing runs', async () => {
    const before = await usage()
    const cases: Array<[unknown, string]> = [
      [{ name: 'echo', arguments: 'abc' }, 'params.arguments'],
      [{ name: 5 }, 'params.name'],
      [{ arguments: {} }, 'params.name'],
      // the envelope is a request (its id is answered); what is wrong is in its params
      [{ name: 'echo', arguments: {}, _meta: null }, 'params._meta'],
      [{ name: 'echo', arguments: {}, _meta: { progressToken: {} } }, 'params._meta.progressToken']
    ]
    for (const [params, where] of cases) {
      const response = await post(JSON.stringify({ jsonrpc: '2.0', id: 'c1', method: 'tools/call', params }))
      expect(response.status).toBe(200)
      const answer = await response.json() as { id: string, error: { code: number, message: string } }
      expect(answer.id).toBe('c1')
      expect(answer.error.code).toBe(-32602)
      expect(answer.error.message).toMatch(new RegExp(`^Invalid params: ${where.replace('.', '\\.')}: `))
    }
    for (const cursor of [5, 'zz']) {
      // every tool is listed at once: no cursor was ever given out, so any is invalid (the specification's -32602)
      const list = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: { cursor } }))
      expect(((await list.json()) as { error: { code: number, message: string } }).error).toMatchObject({ code: -32602, message: /^Invalid params: params\.cursor: / })
    }
    const init = await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'initialize', params: { protocolVersion: 5 } }))
    expect(((await init.json()) as { error: { code: number } }).error.code).toBe(-32602)
    expect(await usage()).toBe(before)
  })

  it('runs a task-augmented call as a normal one: the server declares no tasks, so the augmentation is ignored', async () => {
    const args = { name: 't', secret: 's', count: 1 }
    const http = await app.inject({ method: 'POST', url: '/v1/echo', headers: KEY, payload: args })
    const response = await post(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: args, task: { ttl: 60000 } } }))
    const answer = await response.json() as { result: { structuredContent: unknown } }
    expect(answer.result.structuredContent).toEqual(http.json())
  })

  it("carries the /mcp request's id to the route: the error's request_id is the X-Request-Id of the answer", async () => {
    const message = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: {} } }
    const response = await post(JSON.stringify(message), { ...KEY, ...ACCEPT, 'x-request-id': 'trace-mcp-1' })
    expect(response.headers.get('x-request-id')).toBe('trace-mcp-1')
    const answer = await response.json() as { id: number, result: { content: Array<{ text: string }> } }
    expect(answer.id).toBe(7)
    expect(JSON.parse(answer.result.content[0].text).request_id).toBe('trace-mcp-1')
  })

  it("carries the route's quota headers: what is left after the call", async () => {
    const message = { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'echo', arguments: { name: 'q', secret: 's', count: 1 } } }
    const response = await post(JSON.stringify(message))
    expect(response.headers.get('x-ratelimit-limit')).toBe('1000')
    expect(Number(response.headers.get('x-ratelimit-remaining'))).toBe(1000 - await usage())
    expect(Number(response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0)
    // a message that runs no route says nothing of the quota
    expect((await post(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }))).headers.get('x-ratelimit-remaining')).toBeNull()
  })
})

describe('metering', () => {
  it('charges a tool call what its route charges, only when it succeeds; initialize, tools/list and ping are free', async () => {
    const headers = { 'x-api-key': 'metered-key' }
    const metered = await buildDemo({ config: testConfig({ keys: 'metered-key' }), pressure: NO_SHEDDING, processMetrics: false }, undefined, DEMO_TOOLS)
    const meteredUrl = await listenOnLoopback(metered)
    const agent = await connectMcpClient(meteredUrl, headers)
    try {
      for (let i = 0; i < 5; i++) await agent.listTools()
      await agent.ping()
      expect((await metered.inject({ method: 'GET', url: '/v1/usage', headers })).json().used).toBe(0)
      for (let i = 0; i < 10; i++) expect((await agent.callTool({ name: 'echo', arguments: { name: 'a', secret: 's', count: i } })).isError).toBeUndefined()
      for (let i = 0; i < 10; i++) expect((await agent.callTool({ name: 'echo', arguments: { name: 'a', count: -i } })).isError).toBe(true)
      expect((await metered.inject({ method: 'GET', url: '/v1/usage', headers })).json().used).toBe(10)
      // a route of several units costs them all
      await agent.callTool({ name: 'batch', arguments: { items: ['a', 'b', 'c'] } })
      expect((await metered.inject({ method: 'GET', url: '/v1/usage', headers })).json().used).toBe(13)
    } finally {
      await agent.close()
      await metered.close()
    }
  })

  it('answers a spent key with a tool error naming quota_exceeded and Retry-After, not a transport failure', async () => {
    const spent = { 'x-api-key': 'spent-key' }
    const agent = await connectMcpClient(url, spent)
    try {
      for (let i = 0; i < 3; i++) await agent.callTool({ name: 'echo', arguments: { name: 'a', secret: 's', count: 1 } })
      expect(await usage(spent)).toBe(3)
      const result = await agent.callTool({ name: 'echo', arguments: { name: 'a', secret: 's', count: 1 } })
      expect(result.isError).toBe(true)
      const error = textOf(result)
      expect(error).toMatchObject({ status: 429, code: 'quota_exceeded', detail: 'Monthly quota exceeded' })
      expect(error.retry_after).toBeGreaterThan(0)
      // listing the tools still works, and costs nothing
      expect((await agent.listTools()).tools).toHaveLength(DEMO_TOOLS.length + 1)
    } finally {
      await agent.close()
    }
  })
})

describe('body limit', () => {
  // a route that takes more than the service's 1 MiB, as the job routes do (brand's takes 32 MiB)
  const BULK: McpTool = { name: 'bulk', title: 'Bulk', description: 'Counts items.', route: 'POST /v1/bulk', annotations: { readOnlyHint: true } }
  const bulkRoute = (target: FastifyInstance) => {
    target.post('/v1/bulk', {
      bodyLimit: 32 * MiB,
      config: { auth: true },
      schema: { tags: ['demo'], summary: 'Bulk', body: Type.Object({ items: Type.Array(Type.String()) }) }
    }, async (request) => ({ n: (request.body as { items: string[] }).items.length }))
  }
  const callOf = (items: string[]) => JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'bulk', arguments: { items } } })

  it("takes the largest body of its tools' routes: a call the route takes is never a 413 of /mcp", async () => {
    const bulk = await buildDemo({ config: testConfig({ keys: 'test-key' }), pressure: NO_SHEDDING, processMetrics: false }, bulkRoute, [...DEMO_TOOLS, BULK])
    try {
      // just over the service's 1 MiB, as 60,000 domains to profile are
      const items = Array.from({ length: 60_000 }, (_, i) => `domain-${i}.example.com`)
      expect(callOf(items).length).toBeGreaterThan(MiB)
      const http = await bulk.inject({ method: 'POST', url: '/v1/bulk', headers: KEY, payload: { items } })
      const response = await bulk.inject({ method: 'POST', url: '/mcp', headers: { ...KEY, ...ACCEPT }, payload: callOf(items) })
      expect(response.statusCode).toBe(200)
      expect(response.json().result.structuredContent).toEqual(http.json())
      // beyond the route's limit and the envelope's room, /mcp is a 413 too
      const huge = callOf(['x'.repeat(32 * MiB + 64 * 1024)])
      expect((await bulk.inject({ method: 'POST', url: '/mcp', headers: { ...KEY, ...ACCEPT }, payload: huge })).statusCode).toBe(413)
    } finally {
      await bulk.close()
    }
  })
})

describe('arguments as HTTP carries them', () => {
  // routes with a path parameter, one with a body too, as the job routes are
  const ITEM_TOOLS: McpTool[] = [
    { name: 'get_item', title: 'Get item', description: 'Reads an item.', route: 'GET /v1/items/:id', annotations: { readOnlyHint: true } },
    { name: 'note_item', title: 'Note item', description: 'Notes an item.', route: 'POST /v1/items/:id/notes', annotations: {} },
    { name: 'note', title: 'Note', description: 'Takes a note.', route: 'POST /v1/notes', annotations: {} }
  ]
  const itemRoutes = (target: FastifyInstance) => {
    const params = Type.Object({ id: Type.String() })
    target.get('/v1/items/:id', { config: { auth: true }, schema: { tags: ['demo'], summary: 'Item', params } }, async (request) => {
      const { id } = request.params as { id: string }
      if (id !== 'item_1') throw new HttpError(404, 'Item not found', {}, 'item_not_found')
      return { id }
    })
    const body = Type.Object({ note: Type.String() }, { additionalProperties: false })
    target.post('/v1/items/:id/notes', { config: { auth: true }, schema: { tags: ['demo'], summary: 'Note an item', params, body } },
      async (request) => ({ id: (request.params as { id: string }).id, noted: true }))
    target.post('/v1/notes', { config: { auth: true }, schema: { tags: ['demo'], summary: 'Note', body } }, async () => ({ noted: true }))
  }
  let items: FastifyInstance
  beforeAll(async () => {
    items = await buildDemo({ config: testConfig({ keys: 'test-key' }), pressure: NO_SHEDDING, processMetrics: false }, itemRoutes, [...DEMO_TOOLS, ...ITEM_TOOLS])
  })
  afterAll(async () => await items?.close())

  /** The tool's answer to a raw message (an SDK client would drop a `__proto__` argument before sending it). */
  const callRaw = async (message: string, requestId = 'args-1') => {
    const response = await items.inject({ method: 'POST', url: '/mcp', headers: { ...KEY, ...ACCEPT, 'x-request-id': requestId }, payload: message })
    const result = response.json().result as { isError?: boolean, structuredContent?: unknown, content: Array<{ text: string }> }
    return { isError: result.isError, ...JSON.parse(result.content[0].text) as Record<string, unknown> }
  }
  const http = async (method: 'GET' | 'POST', url: string, payload?: string, requestId = 'args-1') => {
    const response = await items.inject({ method, url, headers: { ...KEY, 'content-type': 'application/json', 'x-request-id': requestId }, payload })
    return { status: response.statusCode, ...response.json() as Record<string, unknown> }
  }

  it('answers an argument named __proto__ as the route does: 422 extra_forbidden, nothing run or charged', async () => {
    const usedBefore = (await items.inject({ method: 'GET', url: '/v1/usage', headers: KEY })).json().used
    // all arguments the body, and arguments split between the path and the body
    const note = await callRaw('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"note","arguments":{"note":"n","__proto__":{"x":1}}}}')
    const noteHttp = await http('POST', '/v1/notes', '{"note":"n","__proto__":{"x":1}}')
    expect(noteHttp).toMatchObject({ status: 422, code: 'validation_failed', detail: [{ type: 'extra_forbidden', loc: ['body', '__proto__'] }] })
    expect(note).toEqual({ isError: true, ...noteHttp })
    const noteItem = await callRaw('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"note_item","arguments":{"id":"item_1","note":"n","__proto__":{"x":1}}}}')
    const noteItemHttp = await http('POST', '/v1/items/item_1/notes', '{"note":"n","__proto__":{"x":1}}')
    expect(noteItemHttp).toMatchObject({ status: 422, detail: [{ type: 'extra_forbidden', loc: ['body', '__proto__'] }] })
    expect(noteItem).toEqual({ isError: true, ...noteItemHttp })
    expect((await items.inject({ method: 'GET', url: '/v1/usage', headers: KEY })).json().used).toBe(usedBefore)
  })

  it('answers a number too large for a double as the route does: refused, never read as a null an optional field takes', async () => {
    const message = (args: string) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":${args}}}`
    for (const args of ['{"name":"a","secret":"s","count":1e400}', '{"name":"a","secret":"s","count":1,"options":1e400}',
      '{"name":"a","secret":"s","count":1,"ratio":-1e400,"tags":["overflow-x+"]}']) {
      const route = await http('POST', '/v1/echo', args)
      expect(route.status, args).toBe(422)
      expect(await callRaw(message(args)), args).toEqual({ isError: true, ...route })
    }
    // in a query argument too: the route reads the text an HTTP client would send
    const lookup = await callRaw('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"lookup","arguments":{"year":1e400}}}')
    expect(lookup).toEqual({ isError: true, ...await http('GET', '/v1/lookup?year=1e400') })
  })

  it('takes arguments nested as deep as the route takes a body: the envelope is not counted against the bound', async () => {
    const nested = (depth: number) => '['.repeat(depth) + '"x"' + ']'.repeat(depth)
    // the body, its list of items, then the items' own nesting: 64 levels, the most a body may have
    const message = (args: string) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"batch","arguments":${args}}}`
    for (const depth of [62, 63]) {
      const args = `{"items":${nested(depth)}}`
      const route = await http('POST', '/v1/batch', args)
      expect(route).toMatchObject({ status: 422, detail: [{ type: 'string_type' }] })
      expect(await callRaw(message(args))).toEqual({ isError: true, ...route })
    }
    // past the bound, no body the route would read: the message is not parsed either (a JSON-RPC parse error)
    const tooDeep = await items.inject({ method: 'POST', url: '/mcp', headers: { ...KEY, ...ACCEPT }, payload: message(`{"items":${nested(64)}}`) })
    expect(tooDeep.statusCode).toBe(400)
    expect(tooDeep.json().error).toMatchObject({ code: -32700, message: expect.stringContaining('Nesting too deep') })
  })

  it('answers a path argument over MAX_PATH_PARAM_LENGTH characters as the route does: 414 uri_too_long with its request id', async () => {
    const id = 'x'.repeat(MAX_PATH_PARAM_LENGTH + 1)
    const tool = await callRaw(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_item', arguments: { id } } }), 'args-414')
    const route = await http('GET', `/v1/items/${id}`, undefined, 'args-414')
    expect(route).toMatchObject({ status: 414, code: 'uri_too_long', request_id: 'args-414' })
    expect(tool).toEqual({ isError: true, ...route })
  })

  it.each(['.', '..'])('refuses the path argument %j, which a URL cannot carry, with a 422 naming it; a dotted id is sent as it is', async (id) => {
    for (const name of ['get_item', 'note_item']) {
      const tool = await callRaw(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: { id, note: 'n' } } }), 'args-dot')
      expect(tool).toEqual({
        isError: true,
        status: 422,
        detail: [{ type: 'value_error', loc: ['path', 'id'], msg: expect.stringContaining('"." or ".."'), input: id }],
        code: 'validation_failed',
        request_id: 'args-dot'
      })
    }
    // not a whole dot segment: the route's own answer
    const dotted = await callRaw(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_item', arguments: { id: `${id}x` } } }), 'args-dot')
    expect(dotted).toEqual({ isError: true, ...await http('GET', `/v1/items/${id}x`, undefined, 'args-dot') })
    expect(dotted).toMatchObject({ status: 404, code: 'item_not_found' })
  })
})

describe('arguments HTTP cannot carry', () => {
  let items: FastifyInstance
  beforeAll(async () => {
    // what the route was sent, as a query argument and as a declared header
    items = await buildDemo({ config: testConfig({ keys: 'test-key' }), pressure: NO_SHEDDING, processMetrics: false }, (target) => {
      const querystring = Type.Object({ q: Type.Optional(Type.String()) })
      const headers = Type.Object({ 'idempotency-key': Type.Optional(Type.String()) })
      target.get('/v1/items', { config: { auth: true }, schema: { tags: ['demo'], summary: 'Find items', querystring, headers } }, async (request) =>
        ({ q: (request.query as { q?: string }).q ?? null, key: request.headers['idempotency-key'] ?? null }))
      target.get('/v1/items/:id', { config: { auth: true }, schema: { tags: ['demo'], summary: 'Item', params: Type.Object({ id: Type.String() }) } },
        async (request) => ({ id: (request.params as { id: string }).id }))
    }, [...DEMO_TOOLS,
      { name: 'find_items', title: 'Find items', description: 'Finds items.', route: 'GET /v1/items', annotations: { readOnlyHint: true } },
      { name: 'get_item', title: 'Get item', description: 'Reads an item.', route: 'GET /v1/items/:id', annotations: { readOnlyHint: true } }])
  })
  afterAll(async () => await items?.close())

  const tool = async (name: string, args: Record<string, unknown>) => {
    const message = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } })
    const response = await items.inject({ method: 'POST', url: '/mcp', headers: { ...KEY, ...ACCEPT, 'x-request-id': 'args-2' }, payload: message })
    const result = response.json().result as { isError?: boolean, structuredContent?: unknown, content: Array<{ text: string }> }
    expect(result, response.body).toBeDefined()
    return { isError: result.isError ?? false, ...JSON.parse(result.content[0].text) as Record<string, unknown> }
  }

  it('leaves out a null query or header argument, as a model writes one it does not give: never the text "null"', async () => {
    expect(await tool('find_items', { q: null, idempotency_key: null })).toEqual({ isError: false, q: null, key: null })
    // numbers and booleans written out, as a URL or a header carries them
    expect(await tool('find_items', { q: 5, idempotency_key: true })).toEqual({ isError: false, q: '5', key: 'true' })
    // a header without its outer spaces and tabs, as every server reads one: the key a retry over HTTP names
    expect(await tool('find_items', { q: ' k ', idempotency_key: ' \tk 1\t ' })).toEqual({ isError: false, q: ' k ', key: 'k 1' })
  })

  it.each([
    ['an object as a query argument', 'find_items', { q: { a: 1 } }, ['query', 'q']],
    ['a list as a header argument', 'find_items', { idempotency_key: ['a'] }, ['header', 'idempotency_key']],
    ['a header argument with a line break', 'find_items', { idempotency_key: 'a\r\nx-api-key: other' }, ['header', 'idempotency_key']],
    ['a lone surrogate in a query argument', 'find_items', { q: 'a\ud800' }, ['query', 'q']],
    ['a lone surrogate in a path argument', 'get_item', { id: '\ud800' }, ['path', 'id']]
  ])('refuses %s with a 422 naming it, nothing run', async (_label, name, args, loc) => {
    const answer = await tool(name, args)
    expect(answer).toMatchObject({ isError: true, status: 422, code: 'validation_failed', request_id: 'args-2', detail: [{ type: 'value_error', loc }] })
  })
})

describe('refusals before any tool runs', () => {
  const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { name: 'a', secret: 's', count: 1 } } })

  it.each([
    ['no key', {}, 'missing_api_key'],
    ['a wrong key', { 'x-api-key': 'wrong' }, 'invalid_api_key']
  ])('answers %s with a 401 before reading the message', async (_name, headers, code) => {
    const before = await usage()
    // not even JSON: the key is checked before the body is read
    const response = await post('{not json', { ...ACCEPT, ...headers })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code })
    expect((await post(call, { ...ACCEPT, ...headers })).status).toBe(401)
    expect(await usage()).toBe(before)
  })

  it('refuses a browser origin not listed in CORS_ORIGINS (403), and serves a listed one', async () => {
    const before = await usage()
    const response = await post(call, { ...KEY, ...ACCEPT, origin: 'https://evil.example' })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ code: 'origin_not_allowed' })
    expect(await usage()).toBe(before)
    const listed = await post(call, { ...KEY, ...ACCEPT, origin: 'https://app.example.com' })
    expect(listed.status).toBe(200)
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
  })

  it("refuses every other site's page when CORS_ORIGINS is not set: the deployment's own pages and this loopback server's may call", async () => {
    const closed = await buildDemo({ config: testConfig({ publicUrl: 'https://api.example.com' }), pressure: NO_SHEDDING, processMetrics: false }, undefined, DEMO_TOOLS)
    const status = async (origin: string, host: string) =>
      (await closed.inject({ method: 'POST', url: '/mcp', headers: { ...KEY, ...ACCEPT, origin, host }, payload: call })).statusCode
    try {
      // another local app, and a rebound name (its Host is the attacker's name, never a loopback one)
      expect(await status('http://localhost:3000', '127.0.0.1:3002')).toBe(403)
      expect(await status('http://evil.example.com', 'evil.example.com')).toBe(403)
      expect(await status('http://evil.example.com:3002', 'evil.example.com:3002')).toBe(403)
      expect(await status('null', '127.0.0.1:3002')).toBe(403)
      // a page of this very server on loopback, and the deployment's own origin
      expect(await status('http://127.0.0.1:3002', '127.0.0.1:3002')).toBe(200)
      expect(await status('http://localhost:3002', 'localhost:3002')).toBe(200)
      expect(await status('https://api.example.com', 'api.example.com')).toBe(200)
    } finally {
      await closed.close()
    }
  })

  it('refuses an MCP-Protocol-Version it does not speak', async () => {
    const response = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), { ...KEY, ...ACCEPT, 'mcp-protocol-version': '1999-01-01' })
    expect(response.status).toBe(400)
    expect((await response.json() as { error: { message: string } }).error.message).toMatch(/Unsupported protocol version/)
  })

  it('answers GET and DELETE with 405: the server opens no stream and keeps no session', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${url}/mcp`, { method, headers: { ...KEY, accept: 'text/event-stream' } })
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('POST')
    }
  })

  it.each([
    ['a body that is not JSON', '{"jsonrpc":', 400, -32700],
    ['JSON that is not a JSON-RPC message', '{"jsonrpc":"2.0","id":1}', 400, -32600],
    ['no body', '', 400, -32600]
  ])('answers %s with a JSON-RPC error', async (_name, body, status, code) => {
    const response = await post(body)
    expect(response.status).toBe(status)
    expect(await response.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code } })
  })

  it('answers an Accept without both answer types 406, a body that is not JSON 415, a notification 202', async () => {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })
    expect((await post(ping, { ...KEY, accept: 'application/json', 'content-type': 'application/json' })).status).toBe(406)
    const form = await post('a=1', { ...KEY, ...ACCEPT, 'content-type': 'application/x-www-form-urlencoded' })
    expect(form.status).toBe(415)
    expect(await form.json()).toMatchObject({ code: 'unsupported_media_type' })
    const notification = await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))
    expect(notification.status).toBe(202)
    expect(await notification.text()).toBe('')
  })

  it('refuses batches, which the protocol dropped in 2025-06-18', async () => {
    const response = await post(JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'ping' }]))
    expect(response.status).toBe(400)
    expect((await response.json() as { error: { code: number } }).error.code).toBe(-32600)
  })
})

describe('observability', () => {
  it('counts tool calls by tool and outcome, and names the tool in the access line of the route it ran', async () => {
    const before = app.metrics.get('mcp_tool_calls', 'echo:ok')
    await client.callTool({ name: 'echo', arguments: { name: 'a', secret: 'hush-hush-123', count: 1 } })
    await client.callTool({ name: 'echo', arguments: { count: 99 } })
    expect(app.metrics.get('mcp_tool_calls', 'echo:ok')).toBe(before + 1)
    expect(app.metrics.get('mcp_tool_calls', 'echo:invalid_arguments')).toBeGreaterThanOrEqual(1)
    const exposition = await app.metrics.exposition()
    expect(exposition).toMatch(/mcp_tool_calls_total\{tool="echo",outcome="ok",service="demo"\} \d+/)
    const lines = log.lines.map((line) => JSON.parse(line))
    const routeLine = lines.findLast((line) => line.msg === 'request' && line.route === '/v1/echo')
    expect(routeLine.mcp_tool).toBe('echo')
    const mcpLine = lines.findLast((line) => line.msg === 'request' && line.route === '/mcp')
    expect(mcpLine.mcp).toEqual({ method: 'tools/call', tool: 'echo' })
    expect(routeLine.reqId).toBe(mcpLine.reqId)
    // no key, secret or payload in any line
    for (const line of log.lines) {
      expect(line).not.toContain('test-key')
      expect(line).not.toContain('hush-hush-123')
      expect(line).not.toContain('never-logged')
    }
  })

  it('does not let a caller mark a request as a tool call', async () => {
    await app.inject({ method: 'POST', url: '/v1/echo', headers: { ...KEY, 'x-utility-apis-mcp-tool': '0 echo' }, payload: { name: 'forge', secret: 's', count: 1 } })
    const line = log.lines.map((text) => JSON.parse(text)).findLast((entry) => entry.msg === 'request' && entry.route === '/v1/echo')
    expect(line.mcp_tool).toBeUndefined()
  })
})

describe('Authorization: Bearer', () => {
  // The bearer form of the key is @utility-apis/auth-quota's (issue 37), accepted on every route: /mcp takes it too
  it('takes the key as a bearer token, as every route does: tools list, calls run and are charged', async () => {
    const agent = await connectMcpClient(url, { authorization: 'Bearer test-key' })
    try {
      expect((await agent.listTools()).tools.length).toBe(DEMO_TOOLS.length + 1)
      const before = await usage()
      const result = await agent.callTool({ name: 'echo', arguments: { name: 'b', secret: 's', count: 1 } })
      expect(result.structuredContent).toEqual({ name: 'b', count: 1 })
      expect(await usage()).toBe(before + 1)
    } finally {
      await agent.close()
    }
  })

  it('refuses a wrong bearer token with a 401 before reading the message', async () => {
    const response = await post('{not json', { ...ACCEPT, authorization: 'Bearer wrong' })
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ code: 'invalid_api_key' })
  })
})

describe('one MCP server for every request', () => {
  it('answers concurrent calls that share a JSON-RPC id each with its own answer, request id and charge', async () => {
    const other = { 'x-api-key': 'other-key' }
    const before = { test: await usage(), other: await usage(other) }
    // agents number their requests alike: every call is id 1; one in three comes with another key, one in four is invalid
    // (a count above 10, its own)
    const calls = Array.from({ length: 48 }, (_, i) => ({
      key: i % 3 === 0 ? other : KEY,
      requestId: `concurrent-${i}`,
      args: { name: `c${i}`, secret: 's', count: i % 4 === 0 ? 100 + i : i % 11 }
    }))
    const answers = await Promise.all(calls.map(async (call) => {
      const message = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: call.args } }
      const response = await post(JSON.stringify(message), { ...call.key, ...ACCEPT, 'x-request-id': call.requestId })
      return { status: response.status, requestId: response.headers.get('x-request-id'), body: await response.json() as { result: { structuredContent: unknown, content: Array<{ text: string }> } } }
    }))
    for (const [i, answer] of answers.entries()) {
      const call = calls[i]
      expect(answer).toMatchObject({ status: 200, requestId: call.requestId, body: { jsonrpc: '2.0', id: 1 } })
      if (call.args.count <= 10) {
        expect(answer.body.result.structuredContent).toEqual({ name: call.args.name, count: call.args.count })
      } else {
        const error = JSON.parse(answer.body.result.content[0].text)
        expect(error).toMatchObject({ status: 422, request_id: call.requestId })
        expect(error.detail[0]).toMatchObject({ loc: ['body', 'count'], input: call.args.count })
      }
    }
    const charged = (key: Record<string, string>) => calls.filter((call) => call.key === key && call.args.count <= 10).length
    expect(await usage()).toBe(before.test + charged(KEY))
    expect(await usage(other)).toBe(before.other + charged(other))
  })
})

// A rollout: requests sent on kept-alive connections in the drain window are answered, as every route's are. A tool
// call there ran into Fastify's refusal of inject once closing ("Fastify has already been closed"), a -32603
describe('a tool call during the drain', () => {
  it('is run and answered as the route would be, on a connection kept alive across the start of the close', async () => {
    const closing = await buildDemo({ config: testConfig({ keys: 'test-key' }), pressure: NO_SHEDDING, processMetrics: false }, undefined, DEMO_TOOLS)
    const port = Number(new URL(await listenOnLoopback(closing)).port)
    const socket = connect(port, '127.0.0.1')
    await once(socket, 'connect')
    let received = ''
    socket.on('data', (chunk) => { received += String(chunk) })
    socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n')
    await until(() => received.includes('\r\n\r\n'))
    received = ''
    const closed = closing.close()
    const message = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { name: 'drain', secret: 's', count: 1 } } })
    socket.write('POST /mcp HTTP/1.1\r\nHost: x\r\nX-API-Key: test-key\r\nAccept: application/json, text/event-stream\r\n' +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`)
    await until(() => /\r\n\r\n\{.*\}$/s.test(received))
    const answer = JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as { result?: { structuredContent?: unknown }, error?: unknown }
    expect(answer.error).toBeUndefined()
    expect(answer.result?.structuredContent).toEqual({ name: 'drain', count: 1 })
    socket.destroy()
    await closed
  })
})
