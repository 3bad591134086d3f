import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { FastifyInstance } from 'fastify'

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
