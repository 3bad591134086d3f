import { randomBytes } from 'node:crypto'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js'
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import { HttpError, MAX_JSON_DEPTH, parseJsonBody } from '@utility-apis/fastapi-errors'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import type { Logger } from 'pino'
import { forbidden, RATE_LIMIT_HEADERS } from '../docs.js'
import type { Metrics } from '../metrics.js'
import { JsonExchange } from './json-exchange.js'
import { isRefusal, messageOf } from './mcp-message.js'
import { deriveTool, type DerivedTool, type McpTool, type RouteRef, type RouteSchemas } from './mcp-tools.js'
import { JsonRpcRequestSchema, JsonRpcResponseSchema, MCP_TAG, mcpRequestExamples } from './mcp.schemas.js'
import { runTool, TOOL_OUTCOMES, type CallContext } from './tool-call.js'
import { USAGE_TOOL } from './usage-tool.js'

export interface McpOptions {
  /** Named in `initialize`'s answer; the description is the server's instructions to a model. */
  service: { name: string, version: string, title: string, description: string }
  /** The service's tools; `get_usage` is added to every service's. */
  tools: McpTool[]
  /** CORS_ORIGINS: the browser origins allowed; any other Origin is refused (DNS rebinding). */
  corsOrigins: string[] | '*' | null
  /** PUBLIC_URL: pages of the deployment's own origin may call from a browser. */
  publicUrl: string | null
  metrics: Metrics
}

/** Headers that carry the caller's credentials to the route a tool runs, as every route reads them. */
const CREDENTIALS = ['x-api-key', 'authorization', 'x-rapidapi-proxy-secret', 'x-rapidapi-user']
const MARKER = 'x-utility-apis-mcp-tool'
// The methods named in access lines; anything else a caller sends is `other`, so a log line never carries caller text
const METHODS = new Set(['initialize', 'ping', 'tools/list', 'tools/call', 'notifications/initialized', 'notifications/cancelled'])

// The server never asks the client for input (elicitation), so it never validates an answer against a schema
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator: () => () => ({ valid: false, data: undefined, errorMessage: 'this server does not elicit input' })
}

/** An error the SDK answers as a JSON-RPC error with this code and message as they are (McpError prefixes its message). */
const protocolError = (code: number, message: string) => Object.assign(new Error(message), { code })

const LOOPBACK_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/

/**
 * Refuses a browser's request from an origin that may not call (DNS rebinding: a page of another site whose name now
 * resolves to this server). Allowed: no Origin (not a browser), an origin listed in CORS_ORIGINS, the deployment's own
 * (PUBLIC_URL), and a page of this very loopback server (Host is a loopback name, which a rebound name never is, and
 * the Origin is that host).
 */
function originCheck (allowed: string[] | '*' | null, publicUrl: string | null) {
  const own = publicUrl === null ? null : new URL(publicUrl).origin
  return (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const origin = request.headers.origin
    if (origin === undefined || allowed === '*' || allowed?.includes(origin) === true || origin === own) return done()
    const host = request.headers.host ?? ''
    if (LOOPBACK_HOST.test(host) && (origin === `http://${host}` || origin === `https://${host}`)) return done()
    done(new HttpError(403, 'Origin not allowed: a browser may call this endpoint only from an origin listed in CORS_ORIGINS', {}, 'origin_not_allowed'))
  }
}

/**
 * A call's arguments as the caller sent them (the POST's own parsed message, checked to be an object). The SDK's schema
 * copies them into a new object by assignment, where an argument named `__proto__` becomes the copy's prototype and
 * vanishes: the route would never see it, and would run a call its HTTP twin refuses (422 extra_forbidden).
 */
function sentArguments (request: FastifyRequest): Record<string, unknown> | undefined {
  const args = (request.body as { params?: { arguments?: unknown } }).params?.arguments
  return typeof args === 'object' && args !== null && !Array.isArray(args) ? args as Record<string, unknown> : undefined
}

interface ToolSet {
  tools: Map<string, DerivedTool>
  listed: () => Tool[]
  marker: CallContext['marker']
}

/** The /mcp request a tool call came with: its credentials and id go to the route, its reply takes the quota headers. */
interface Exchange {
  request: FastifyRequest
  reply: FastifyReply
}

/**
 * The MCP server of the app: stateless, so one serves every /mcp request (the exchange keeps them apart); it lists the
 * tools and runs each call with the credentials and id of the request it came with. What `initialize` tells it of a
 * client (its capabilities) is never read: this server sends a client no request of its own.
 */
function serverFor (app: FastifyInstance, options: McpOptions, toolSet: ToolSet, exchange: JsonExchange<Exchange>): Server {
  const server = new Server({ name: options.service.name, version: options.service.version, title: options.service.title }, {
    capabilities: { tools: { listChanged: false } },
    instructions: options.service.description,
    jsonSchemaValidator: NO_ELICITATION
  })
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolSet.listed() }))
  server.setRequestHandler(CallToolRequestSchema, async ({ params }, extra) => {
    const tool = toolSet.tools.get(params.name)
    // An unknown tool is a protocol error (the specification's -32602), not a tool result
    if (tool === undefined) throw protocolError(ErrorCode.InvalidParams, 'Unknown tool: tools/list names the tools of this server')
    const call = exchange.contextOf(extra.requestId)
    // only a server closed while the call was on its way has no exchange left to answer
    if (call === undefined) throw protocolError(ErrorCode.ConnectionClosed, 'Connection closed')
    const { request, reply } = call
    const credentials: Record<string, string> = {}
    for (const name of CREDENTIALS) {
      const value = request.headers[name]
      if (typeof value === 'string') credentials[name] = value
    }
    const answer = await runTool(app, tool, sentArguments(request) ?? params.arguments ?? {}, { credentials, requestId: request.id, marker: toolSet.marker })
    options.metrics.count('mcp_tool_calls', { tool: tool.declaration.name, outcome: answer.outcome })
    // The quota after this call, as the route's own answer says it
    reply.headers(answer.quotaHeaders)
    return answer.result
  })
  return server
}

/** Names the JSON-RPC method (and tool) in the request's access line: known names only, never caller text. */
function logMessage (request: FastifyRequest, tools: Map<string, DerivedTool>): void {
  const message = request.body as { method?: unknown, params?: { name?: unknown } }
  const method = typeof message.method === 'string' && METHODS.has(message.method) ? message.method : 'other'
  const tool = method === 'tools/call' && typeof message.params?.name === 'string' && tools.has(message.params.name) ? message.params.name : undefined
  // The request's own logger (a child Fastify made for its id) takes the bindings: no second child per request
  ;(request.log as Logger).setBindings({ mcp: tool === undefined ? { method } : { method, tool } })
}

/** What the two plugins of /mcp share: the routes seen as they register, the tools read from them, the exchange. */
interface McpState {
  declarations: McpTool[]
  routes: Map<string, RouteSchemas>
  tools: Map<string, DerivedTool>
  exchange: JsonExchange<Exchange>
}

/**
 * Room in /mcp's body for what wraps a route's body: the JSON-RPC envelope (`jsonrpc`, `id`, `method`, `name`,
 * `_meta`) and the arguments sent elsewhere (path, query, headers such as a 255-character Idempotency-Key). The
 * arguments are a JSON object inside the message, not a string, so the route's body is not escaped a second time:
 * the same body written the same way is the same bytes in both.
 */
const ENVELOPE_BYTES = 64 * 1024

/**
 * The largest body any tool's route accepts (its own bodyLimit, else the service's) plus the envelope, so that a
 * call its route would take is never a 413 of the transport. Read from the routes as registered: one source of truth.
 */
function bodyLimitOf (app: FastifyInstance, state: McpState): number {
  const fallback = app.initialConfig.bodyLimit ?? 1024 * 1024
  const refs = state.declarations.flatMap((tool) => typeof tool.route === 'string' ? [tool.route] : Object.values(tool.route))
  // a tool whose route is missing stops the start in onReady, with its name
  const limits = refs.map((ref) => state.routes.get(ref)?.bodyLimit ?? fallback)
  return Math.max(fallback, ...limits) + ENVELOPE_BYTES
}

/** Registered before the service's routes: collects them, marks the routes a tool runs, connects the SDK server. */
async function mcp (app: FastifyInstance, options: McpOptions, state: McpState) {
  const { declarations, routes, tools, exchange } = state
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) routes.set(`${method} ${route.url}`, route as RouteSchemas)
  })
  let listed: Tool[] = []
  // Every tool's route is registered by then: a tool whose route is missing, or whose schemas cannot merge, stops the start
  app.addHook('onReady', async () => {
    for (const declaration of declarations) tools.set(declaration.name, deriveTool(declaration, (ref: RouteRef) => routes.get(ref)))
    listed = [...tools.values()].map((tool) => tool.definition)
  })
  options.metrics.declare('mcp_tool_calls', { tool: declarations.map((tool) => tool.name), outcome: TOOL_OUTCOMES })

  // A route run by a tool call names the tool in its logs and access line. The marker holds a secret of this process,
  // so a caller cannot set it; it is removed before the route sees the request.
  const secret = randomBytes(16).toString('hex')
  app.addHook('onRequest', (request, _reply, done) => {
    const marker = request.headers[MARKER]
    if (marker !== undefined) {
      delete request.headers[MARKER]
      const [given, tool] = String(marker).split(' ')
      if (given === secret && tools.has(tool)) (request.log as Logger).setBindings({ mcp_tool: tool })
    }
    done()
  })
  const toolSet: ToolSet = { tools, listed: () => listed, marker: { header: MARKER, value: (tool) => `${secret} ${tool}` } }
  const server = serverFor(app, options, toolSet, exchange)
  await server.connect(exchange)
  app.addHook('onClose', async () => await server.close())
}

// /mcp is free itself: only the answer to a tools/call carries the quota headers, those of the route the tool ran
const TOOL_QUOTA_HEADERS = Object.fromEntries(Object.entries(RATE_LIMIT_HEADERS).map(([name, header]) =>
  [name, { ...header, description: `On the answer to a \`tools/call\`, as the tool's route sent it. ${header.description}` }]))

/**
 * POST /mcp, registered after the service's routes: its body limit is read from the routes its tools run (a Fastify
 * route's limit is fixed when it registers).
 */
async function mcpEndpoint (app: FastifyInstance, options: McpOptions, state: McpState) {
  await app.register(async (scope) => {
    // A tool's arguments are its route's body two levels down (`params.arguments`), and the route bounds their nesting
    // itself: an envelope counted against the same bound would refuse, as a protocol error, arguments the route takes
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      done(null, parseJsonBody(body as string, MAX_JSON_DEPTH + ARGUMENTS_DEPTH))
    })
    mcpRoute(scope, options, state, bodyLimitOf(app, state))
  })
}

/** How deep a tool's arguments sit in a JSON-RPC request: the request, then its params. */
const ARGUMENTS_DEPTH = 2

function mcpRoute (app: FastifyInstance, options: McpOptions, state: McpState, bodyLimit: number) {
  const { tools, exchange } = state
  app.post('/mcp', {
    bodyLimit,
    config: { auth: true, metered: false },
    onRequest: originCheck(options.corsOrigins, options.publicUrl),
    // The body is a JSON-RPC message for the SDK's transport to check and answer in JSON-RPC's terms: the schema documents it
    validatorCompiler: () => (value: unknown) => ({ value }),
    schema: {
      tags: [MCP_TAG.name],
      operationId: 'mcp',
      summary: 'Model Context Protocol endpoint: every business route as a tool for AI agents',
      description: MCP_DESCRIPTION,
      body: { ...JsonRpcRequestSchema, 'x-examples': mcpRequestExamples },
      response: {
        200: { ...JsonRpcResponseSchema, description: 'The answer to a request (a tool that failed is a result with `isError`).', headers: TOOL_QUOTA_HEADERS },
        202: { description: 'A notification or response was accepted; no body.', type: 'null' },
        400: { ...JsonRpcResponseSchema, description: 'Not a usable JSON-RPC message (parse error, a batch, an unsupported MCP-Protocol-Version).' },
        // its own refusal (the origin check) beside the kit's, which this answer replaces: a publishable key is refused here too
        403: forbidden(false, ['A browser origin not listed in CORS_ORIGINS', 'origin_not_allowed']),
        406: { ...JsonRpcResponseSchema, description: 'Accept must list both application/json and text/event-stream.' }
      }
    }
  }, async (request, reply) => {
    const message = messageOf(request)
    if (isRefusal(message)) return await reply.code(message.status).type('application/json; charset=utf-8').send(message.body)
    logMessage(request, tools)
    const answer = await exchange.exchange(message, { request, reply })
    if (answer === null) return await reply.code(202).send()
    return await reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(answer))
  })
}

const MCP_DESCRIPTION = `The [Model Context Protocol](https://modelcontextprotocol.io/specification/2025-11-25) over Streamable HTTP, stateless
(no Mcp-Session-Id) with JSON answers: \`initialize\`, \`ping\`, \`tools/list\` and \`tools/call\`. Each tool runs one of the
business routes above exactly as an HTTP call would (same validation, quota, answer and errors): its input schema is the
route's body, query string, path parameters and declared headers (\`Idempotency-Key\` as \`idempotency_key\`), its output
schema the route's answer.

The same API key as every route (X-API-Key, or the marketplace proxy's headers): without a valid one the answer is a 401 before
the message is read. \`initialize\`, \`tools/list\` and \`ping\` are free; a tool call costs what its route costs, only when it
succeeds (GET /v1/usage shows it). A tool's failure is a result with \`isError: true\` whose text is the route's error body
(\`detail\`, \`code\`, \`request_id\`, and \`status\`, \`retry_after\`); an unknown tool is a JSON-RPC error. A browser Origin not
listed in CORS_ORIGINS is refused (403). \`GET /mcp\` answers 405: this server opens no stream of its own.`

/**
 * The MCP server of an app as two plugins: `setup` before the service's routes (it sees them register and marks the
 * requests its tools make), `endpoint` after them (POST /mcp, its body limit the largest of its tools' routes).
 */
export function mcpPlugins (options: McpOptions) {
  const state: McpState = { declarations: [...options.tools, USAGE_TOOL], routes: new Map(), tools: new Map(), exchange: new JsonExchange<Exchange>() }
  const setup = async (app: FastifyInstance) => { await mcp(app, options, state) }
  const endpoint = async (app: FastifyInstance) => { await mcpEndpoint(app, options, state) }
  return {
    setup: fp(setup, { name: '@utility-apis/service-kit/mcp', fastify: '5.x', dependencies: ['@utility-apis/auth-quota'] }),
    endpoint: fp(endpoint, { name: '@utility-apis/service-kit/mcp-endpoint', fastify: '5.x', dependencies: ['@utility-apis/service-kit/mcp'] })
  }
}
