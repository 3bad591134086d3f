import { Type } from '@sinclair/typebox'

const JsonRpcId = Type.Union([Type.String(), Type.Integer()], { description: "The request's id, echoed in its answer." })

export const JsonRpcRequestSchema = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Optional(JsonRpcId),
  method: Type.String({ description: '`initialize`, `ping`, `tools/list`, `tools/call`, or a notification (no `id`) such as `notifications/initialized`.' }),
  params: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'The method\'s parameters: for `tools/call`, `{"name", "arguments"}`.' }))
}, {
  title: 'JsonRpcRequest',
  additionalProperties: false,
  description: 'One JSON-RPC 2.0 message of the Model Context Protocol (2025-11-25). Batches (arrays) are not taken: the protocol dropped them in 2025-06-18.'
})

export const JsonRpcResponseSchema = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Union([JsonRpcId, Type.Null()]),
  result: Type.Optional(Type.Object({}, {
    additionalProperties: true,
    description: 'The method\'s result. A tool call\'s holds `content` (its answer as text) and `structuredContent` (the route\'s JSON ' +
      'answer), or `isError: true` with the route\'s error body (`detail`, `code`, `request_id`, `status`, `retry_after`) as text.'
  })),
  error: Type.Optional(Type.Object({
    code: Type.Integer({
      description: '-32700 parse error, -32600 invalid request, -32601 unknown method, -32602 invalid params (an unknown tool, params its method cannot take).'
    }),
    message: Type.String(),
    data: Type.Optional(Type.Unknown())
  }, { description: 'A protocol error: the message could not be run (a tool that ran and failed is a result with `isError`).' }))
}, { title: 'JsonRpcResponse' })

export const MCP_TAG = {
  name: 'mcp',
  description: 'The same business routes as tools for AI agents, over the Model Context Protocol (Streamable HTTP, stateless, JSON answers).'
}

/** What a client sends first, then to see the tools, then to run one (OpenAPI examples of the request body). */
export const mcpRequestExamples = {
  initialize: {
    summary: 'Start: the client names itself and the protocol version it speaks',
    value: {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'my-agent', version: '1.0.0' } }
    }
  },
  list: { summary: 'The tools, with their input and output schemas (free)', value: { jsonrpc: '2.0', id: 2, method: 'tools/list' } },
  call: {
    summary: 'Run a tool: get_usage, on every service',
    value: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_usage', arguments: {} } }
  }
}
