import { Type } from '@sinclair/typebox'
import { describe, expect, it } from 'vitest'
import { deriveTool, type McpTool, type RouteSchemas } from '../../src/mcp/mcp-tools.js'

const json = (value: unknown) => JSON.parse(JSON.stringify(value))
const tool = (route: McpTool['route'], extra: Partial<McpTool> = {}): McpTool =>
  ({ name: 'a_tool', title: 'A tool', description: 'Does a thing.', route, annotations: { readOnlyHint: true }, ...extra })
const registry = (routes: RouteSchemas[]) => (ref: string) => routes.find((route) => `${route.method} ${route.url}` === ref)

const Id = Type.Object({ id: Type.String({ pattern: '^job_' }) })
const Page = Type.Object({ cursor: Type.Optional(Type.String()), limit: Type.Optional(Type.Integer()) })
const Status = Type.Object({ id: Type.String(), status: Type.String() })
const Results = Type.Object({ results: Type.Array(Type.Unknown()), next_cursor: Type.Union([Type.String(), Type.Null()]) })
const JOB_ROUTES: RouteSchemas[] = [
  { method: 'GET', url: '/v1/jobs/:id', schema: { params: Id, response: { 200: Status } } },
  {
    method: 'GET',
    url: '/v1/jobs/:id/results',
    schema: { params: Id, querystring: Page, response: { 200: { description: 'A page', content: { 'application/json': { schema: Results } } } } }
  }
]

describe('deriveTool', () => {
  it("takes the route's body as input and its 2xx answer as output, without the OpenAPI examples", () => {
    const body = Type.Object({ url: Type.String(), format: Type.Optional(Type.String()) }, { title: 'Request' })
    const answer = Type.Object({ score: Type.Integer() })
    const route = { method: 'POST', url: '/v1/analyze', schema: { body: { ...body, 'x-examples': { a: { value: {} } } }, response: { 200: answer, 400: Type.Object({}) } } }
    const derived = deriveTool(tool('POST /v1/analyze'), registry([route]))
    expect(derived.definition.inputSchema).toEqual(json(body))
    expect(derived.definition.outputSchema).toEqual(json(answer))
    expect(derived.definition.annotations).toEqual({ title: 'A tool', readOnlyHint: true })
  })

  it('leaves out the body fields the tool omits', () => {
    const body = Type.Object({ url: Type.String(), format: Type.String() })
    const derived = deriveTool(tool('POST /v1/analyze', { omit: ['format'] }), registry([{ method: 'POST', url: '/v1/analyze', schema: { body } }]))
    expect(derived.definition.inputSchema).toEqual({ type: 'object', properties: { url: { type: 'string' } }, required: ['url'] })
  })

  it('says a union of objects is an object, as MCP requires at the root', () => {
    const body = Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })])
    const derived = deriveTool(tool('POST /v1/calc'), registry([{ method: 'POST', url: '/v1/calc', schema: { body, response: { 200: body } } }]))
    expect(derived.definition.inputSchema).toEqual({ type: 'object', ...json(body) })
    expect(derived.definition.outputSchema).toEqual({ type: 'object', ...json(body) })
  })

  it('has no output schema for an answer that is not an object', () => {
    const route = { method: 'GET', url: '/v1/text', schema: { response: { 200: Type.String() } } }
    expect(deriveTool(tool('GET /v1/text'), registry([route])).definition.outputSchema).toBeUndefined()
  })

  it("merges several routes' path and query parameters, and names each answer", () => {
    const derived = deriveTool(tool({ job: 'GET /v1/jobs/:id', page: 'GET /v1/jobs/:id/results' }), registry(JOB_ROUTES))
    expect(derived.definition.inputSchema).toEqual({ type: 'object', properties: json({ ...Id.properties, ...Page.properties }), required: ['id'] })
    expect(derived.definition.outputSchema).toEqual({
      type: 'object', properties: { job: json(Status), page: json(Results) }, required: ['job', 'page'], additionalProperties: false
    })
    expect(derived.calls).toEqual({
      job: { method: 'GET', url: '/v1/jobs/:id', pathParams: ['id'], queryParams: new Set(), headerParams: new Map(), hasBody: false },
      page: { method: 'GET', url: '/v1/jobs/:id/results', pathParams: ['id'], queryParams: new Set(['cursor', 'limit']), headerParams: new Map(), hasBody: false }
    })
  })

  it("takes the headers a route declares as snake_case arguments, in the body's own words", () => {
    const body = Type.Object({ domains: Type.Array(Type.String()) }, { title: 'JobRequest', additionalProperties: false })
    const headers = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ maxLength: 255 })) })
    const derived = deriveTool(tool('POST /v1/jobs'), registry([{ method: 'POST', url: '/v1/jobs', schema: { body, headers } }]))
    expect(derived.definition.inputSchema).toEqual({
      title: 'JobRequest',
      additionalProperties: false,
      type: 'object',
      properties: { domains: json(body.properties.domains), idempotency_key: { type: 'string', maxLength: 255 } },
      required: ['domains']
    })
    expect(derived.calls).toMatchObject({ headerParams: new Map([['idempotency_key', 'idempotency-key']]), hasBody: true })
  })

  it('refuses, when the app starts, a route that does not exist and arguments the routes describe differently', () => {
    expect(() => deriveTool(tool('POST /v1/missing'), registry(JOB_ROUTES))).toThrow('MCP tool a_tool: no route POST /v1/missing')
    const other = { ...JOB_ROUTES[1], schema: { ...JOB_ROUTES[1].schema, params: Type.Object({ id: Type.Integer() }) } }
    expect(() => deriveTool(tool({ job: 'GET /v1/jobs/:id', page: 'GET /v1/jobs/:id/results' }), registry([JOB_ROUTES[0], other])))
      .toThrow('describe the argument "id" differently')
  })
})
