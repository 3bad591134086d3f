import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { FastifyInstance } from 'fastify'
import type { McpTool } from './mcp-tools.js'

/**
 * The official SDK's client connected to `POST /mcp` of an app listening on 127.0.0.1, sending `headers` (the key) on
 * every request, as a desktop MCP client configured with them would. For tests and benchmarks.
 */
export async function connectMcpClient (baseUrl: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'utility-apis-test', version: '0.1.0' })
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl), { requestInit: { headers } }))
  return client
}

/** Listens on a free port of 127.0.0.1 and answers the base URL. */
export async function listenOnLoopback (app: FastifyInstance): Promise<string> {
  return await app.listen({ port: 0, host: '127.0.0.1' })
}

/**
 * An answer as a test compares it across the two interfaces: `ok` and the JSON body of a 2xx, or the status and error
 * body of any other (its request id aside: each call has its own), with Retry-After.
 */
export interface ComparableAnswer {
  status: 'ok' | number
  body: unknown
  retryAfter?: number
}

const withoutRequestId = (body: unknown) => {
  if (typeof body !== 'object' || body === null) return body
  const { request_id: _requestId, ...rest } = body as Record<string, unknown>
  return rest
}

/** A tool result, comparable with `httpAnswer` of the same input. */
export function toolAnswer (result: Awaited<ReturnType<Client['callTool']>>): ComparableAnswer {
  const text = (result.content as Array<{ type: string, text?: string }>).find((item) => item.type === 'text')?.text ?? ''
  if (result.isError !== true) return { status: 'ok', body: result.structuredContent ?? JSON.parse(text) }
  const { status, retry_after: retryAfter, ...body } = JSON.parse(text) as { status: number, retry_after?: number }
  return { status, body: withoutRequestId(body), ...(retryAfter === undefined ? {} : { retryAfter }) }
}

/** An HTTP answer (of `app.inject`), comparable with `toolAnswer` of the same input. */
export function httpAnswer (response: { statusCode: number, headers: Record<string, unknown>, json: () => unknown }): ComparableAnswer {
  if (response.statusCode < 300) return { status: 'ok', body: response.json() }
  const retryAfter = response.headers['retry-after']
  return { status: response.statusCode, body: withoutRequestId(response.json()), ...(retryAfter === undefined ? {} : { retryAfter: Number(retryAfter) }) }
}

/** A row of a service README's MCP tool table: `| \`name\` | \`GET /path\` and \`GET /other\` | yes: ... | cost |`. */
export interface ReadmeToolRow {
  name: string
  routes: string[]
  reachesWeb: boolean
}

/** The MCP tool table of a README, for a test to hold against the tools the service declares. */
export function readmeToolRows (readme: string): ReadmeToolRow[] {
  const section = readme.slice(readme.indexOf('## For AI agents: MCP'))
  return [...section.matchAll(/^\| `([a-z_]+)` \| (.+?) \| (yes|no)[^|]* \|/gm)].map((match) => ({
    name: match[1],
    routes: [...match[2].matchAll(/`((?:GET|POST|DELETE) [^`]+)`/g)].map((route) => route[1]),
    reachesWeb: match[3] === 'yes'
  }))
}

/** What a README row says of a declared tool (the declaration's route, or its routes in order). */
export function rowOf (tool: McpTool): ReadmeToolRow {
  return {
    name: tool.name,
    routes: typeof tool.route === 'string' ? [tool.route] : Object.values(tool.route),
    reachesWeb: tool.annotations.openWorldHint === true
  }
}
