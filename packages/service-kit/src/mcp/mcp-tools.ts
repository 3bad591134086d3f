import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'

/** `POST /v1/business-days/calculate`: a route as it was registered (method, then its URL pattern). */
export type RouteRef = `${'GET' | 'POST' | 'DELETE'} /${string}`

/**
 * A tool a service offers over MCP: its words for a model, and the route it runs. Its input and output schemas are
 * read from the route's own schemas when the app is ready, so a field added to a route appears in its tool.
 */
export interface McpTool {
  /** snake_case, as models call it: `calculate_business_time`. */
  name: string
  /** For people: `Calculate business time`. */
  title: string
  /** For a model: when to use it, what it costs, what it never does. */
  description: string
  /** The route the tool runs; or several, run in order with the same arguments, answered side by side under these names. */
  route: RouteRef | Record<string, RouteRef>
  annotations: Omit<ToolAnnotations, 'title'>
  /** Body fields the tool does not take (e.g. a format that would make the answer something other than JSON). */
  omit?: string[]
}

/** The parts of a registered route a tool reads. */
export interface RouteSchemas {
  method: string
  url: string
  schema?: { body?: unknown, querystring?: unknown, params?: unknown, headers?: unknown, response?: Record<string, unknown> }
  bodyLimit?: number
}

/** How one route of a tool is called: where each argument goes. */
export interface RouteCall {
  method: string
  url: string
  /** Path parameters, in the order of the URL pattern. */
  pathParams: string[]
  /** Arguments sent in the query string: the properties of the route's query string schema. */
  queryParams: Set<string>
  /** Arguments sent as the headers the route declares (`idempotency_key` as `Idempotency-Key`): argument, then header name. */
  headerParams: Map<string, string>
  /** Whether the other arguments are the JSON body; a route without one ignores them, as it ignores unknown query parameters. */
  hasBody: boolean
}

export interface DerivedTool {
  declaration: McpTool
  definition: Tool
  /** One call, or several whose answers are named (the keys of `declaration.route`). */
  calls: RouteCall | Record<string, RouteCall>
}

type Json = Record<string, unknown>
type ObjectSchema = Tool['inputSchema']

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * A route's schema as JSON (TypeBox's symbols dropped) without its OpenAPI examples, which are for people reading the
 * API reference and would only lengthen what a model reads.
 */
function schemaOf (schema: unknown): Json | undefined {
  if (!isObject(schema)) return undefined
  const json = JSON.parse(JSON.stringify(schema)) as Json
  delete json['x-examples']
  return json
}

const unionOf = (schema: Json): unknown[] | undefined => (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined)

/** Whether every value the schema takes is an object: an object schema, or a union of them. */
const describesObjects = (schema: Json): boolean =>
  schema.type === 'object' || (schema.type === undefined && unionOf(schema)?.every((member) => isObject(member) && describesObjects(member)) === true)

/** MCP requires an object at the root: a union of objects (`oneOf`) says so beside its members. */
function asObjectSchema (schema: Json): ObjectSchema {
  return (schema.type === 'object' ? schema : { type: 'object', ...schema }) as ObjectSchema
}

const EMPTY_INPUT: ObjectSchema = { type: 'object', properties: {} }

const pathParamsOf = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1])

function without (schema: Json, omitted: string[]): Json {
  if (omitted.length === 0) return schema
  const properties = { ...(schema.properties as Json | undefined) }
  for (const name of omitted) delete properties[name]
  const required = (schema.required as string[] | undefined)?.filter((name) => !omitted.includes(name))
  return { ...schema, properties, ...(required === undefined ? {} : { required }) }
}

/**
 * Merges the object schemas of path parameters, query string, body and headers into one, in the body's own words
 * (`frame`: its title, description, additionalProperties: an argument no other part names goes to the body). A body
 * that is not a plain object of properties (a union) must be the only part, so that the arguments are the body as it is.
 */
function mergeInputs (parts: Json[], where: string, frame: Json): ObjectSchema {
  if (parts.length === 0) return EMPTY_INPUT
  if (parts.length === 1) return asObjectSchema(parts[0])
  const properties: Json = {}
  const required = new Set<string>()
  for (const part of parts) {
    if (part.type !== 'object' || !isObject(part.properties)) throw new Error(`${where}: a tool merges only object schemas of properties`)
    for (const [name, property] of Object.entries(part.properties)) {
      if (name in properties && JSON.stringify(properties[name]) !== JSON.stringify(property)) {
        throw new Error(`${where}: the routes describe the argument "${name}" differently`)
      }
      properties[name] = property
    }
    for (const name of (part.required as string[] | undefined) ?? []) required.add(name)
  }
  return { ...frame, type: 'object', properties, required: [...required] } as ObjectSchema
}

/** A body schema's keywords other than its properties. */
function frameOf (body: Json | undefined): Json {
  if (body === undefined) return {}
  const { properties: _properties, required: _required, 'x-examples': _examples, ...frame } = body
  return frame
}

/** The first 2xx answer's JSON schema (an answer of several media types gives its application/json one). */
function successSchema (route: RouteSchemas): Json | undefined {
  const status = Object.keys(route.schema?.response ?? {}).sort().find((code) => /^2\d\d$/.test(code))
  const answer = status === undefined ? undefined : route.schema?.response?.[status]
  if (!isObject(answer)) return undefined
  const content = answer.content as Record<string, { schema?: unknown }> | undefined
  return schemaOf(content === undefined ? answer : content['application/json']?.schema)
}

// Models write arguments in snake_case: the route's `idempotency-key` header is the tool's `idempotency_key`
const argumentOfHeader = (header: string) => header.replaceAll('-', '_')

/** The headers a route declares, as arguments: what makes a retried call safe (Idempotency-Key) is the agent's to give too. */
function headerArguments (route: RouteSchemas): Json | undefined {
  const headers = schemaOf(route.schema?.headers)
  if (headers === undefined || !isObject(headers.properties)) return undefined
  const properties = Object.fromEntries(Object.entries(headers.properties).map(([name, property]) => [argumentOfHeader(name), property]))
  const required = (headers.required as string[] | undefined)?.map(argumentOfHeader)
  return { type: 'object', properties, ...(required === undefined ? {} : { required }) }
}

function callOf (route: RouteSchemas): RouteCall {
  const query = schemaOf(route.schema?.querystring)
  const headers = Object.keys((schemaOf(route.schema?.headers)?.properties as Json | undefined) ?? {})
  return {
    method: route.method,
    url: route.url,
    pathParams: pathParamsOf(route.url),
    queryParams: new Set(Object.keys((query?.properties as Json | undefined) ?? {})),
    headerParams: new Map(headers.map((header) => [argumentOfHeader(header), header])),
    hasBody: route.schema?.body !== undefined
  }
}

function inputParts (route: RouteSchemas, omitted: string[]): Json[] {
  const params = schemaOf(route.schema?.params)
  const query = schemaOf(route.schema?.querystring)
  const body = schemaOf(route.schema?.body)
  const parts = [params, query, body === undefined ? undefined : without(body, omitted), headerArguments(route)]
  return parts.filter((part): part is Json => part !== undefined)
}

/**
 * The tool's definition for `tools/list`, from its route's schemas: the input is the route's body, query string and
 * path parameters; the output is its 2xx answer (several routes: an object of their answers under their names).
 */
export function deriveTool (declaration: McpTool, findRoute: (ref: RouteRef) => RouteSchemas | undefined): DerivedTool {
  const refs = typeof declaration.route === 'string' ? { '': declaration.route } : declaration.route
  const routes = Object.entries(refs).map(([name, ref]) => {
    const route = findRoute(ref)
    if (route === undefined) throw new Error(`MCP tool ${declaration.name}: no route ${ref}`)
    return [name, route] as const
  })
  const where = `MCP tool ${declaration.name}`
  const frame = routes.length === 1 ? frameOf(schemaOf(routes[0][1].schema?.body)) : {}
  const inputSchema = mergeInputs(routes.flatMap(([, route]) => inputParts(route, declaration.omit ?? [])), where, frame)
  const outputs = routes.map(([name, route]) => [name, successSchema(route)] as const)
  let outputSchema: Json | undefined
  if (typeof declaration.route === 'string') {
    const output = outputs[0][1]
    outputSchema = output !== undefined && describesObjects(output) ? asObjectSchema(output) : undefined
  } else if (outputs.every(([, output]) => output !== undefined)) {
    outputSchema = { type: 'object', properties: Object.fromEntries(outputs), required: outputs.map(([name]) => name), additionalProperties: false }
  }
  const calls = typeof declaration.route === 'string'
    ? callOf(routes[0][1])
    : Object.fromEntries(routes.map(([name, route]) => [name, callOf(route)]))
  return {
    declaration,
    calls,
    definition: {
      name: declaration.name,
      title: declaration.title,
      description: declaration.description,
      inputSchema,
      ...(outputSchema === undefined ? {} : { outputSchema: outputSchema as ObjectSchema }),
      annotations: { title: declaration.title, ...declaration.annotations }
    }
  }
}
