import fastJson from 'fast-json-stringify'

type Serialize = (data: unknown) => string

interface TaggedUnion {
  oneOf?: Array<{ properties?: Record<string, { const?: unknown }> }>
  anyOf?: Array<{ properties?: Record<string, { const?: unknown }> }>
  discriminator?: { propertyName?: string }
}

/**
 * Response serializers: fast-json-stringify, except for a union tagged with an OpenAPI discriminator. For a union,
 * fast-json-stringify runs an Ajv validation of the whole response against each member, on every response; a
 * tagged union already says which member a value is, so each member is compiled alone and picked by its tag.
 */
export function compileSerializer ({ schema }: { schema: unknown }): Serialize {
  return warmed(compileUnwarmed(schema), schema)
}

function compileUnwarmed (schema: unknown): Serialize {
  const union = schema as TaggedUnion
  const tag = union.discriminator?.propertyName
  const members = union.oneOf ?? union.anyOf
  if (tag === undefined || !members) return fastJson(schema as object)
  const byTag = new Map<unknown, Serialize>()
  for (const member of members) {
    const value = member.properties?.[tag]?.const
    if (value === undefined) return fastJson(schema as object)
    byTag.set(value, fastJson(member as object))
  }
  return (data) => {
    const serialize = byTag.get((data as Record<string, unknown> | null)?.[tag])
    if (!serialize) throw new TypeError(`The response's ${tag} matches no member of the union`)
    return serialize(data)
  }
}

/**
 * Serializes the documented examples (`x-examples`) and values made from the schema once at start: fast-json-stringify
 * compiles the Ajv validator of a union member on the first value that reaches it, which made a service's first
 * answer up to 300 ms slower than the rest. A sample that does not fit is the docs tests' to report.
 */
function warmed (serialize: Serialize, schema: unknown): Serialize {
  const examples = (schema as { 'x-examples'?: Record<string, { value?: unknown }> } | null)?.['x-examples']
  const samples = [...Object.values(examples ?? {}).map((example) => example.value), ...samplesOf(schema as SchemaNode)]
  for (const sample of samples) {
    try {
      serialize(sample)
    } catch {}
  }
  return serialize
}

interface SchemaNode {
  const?: unknown
  enum?: unknown[]
  anyOf?: SchemaNode[]
  oneOf?: SchemaNode[]
  type?: string | string[]
  properties?: Record<string, SchemaNode>
  items?: SchemaNode
}

// Members of a union reached by the samples; wider unions are rare in a response
const MAX_MEMBERS = 8

/** Values with every property of the schema: the k-th takes the k-th member of each union, until none has one more. */
function samplesOf (schema: SchemaNode): unknown[] {
  const samples: unknown[] = []
  for (let k = 0; k < MAX_MEMBERS; k++) {
    const reach = { further: false }
    samples.push(sampleOf(schema, k, reach, 0))
    if (!reach.further) break
  }
  return samples
}

function sampleOf (schema: SchemaNode | undefined, k: number, reach: { further: boolean }, depth: number): unknown {
  // bounded: a schema may refer to itself
  if (schema === undefined || depth > 32) return null
  if ('const' in schema) return schema.const
  if (schema.enum !== undefined) return schema.enum[0]
  const members = schema.anyOf ?? schema.oneOf
  if (members !== undefined && members.length > 0) {
    if (k + 1 < members.length) reach.further = true
    return sampleOf(members[Math.min(k, members.length - 1)], k, reach, depth + 1)
  }
  const next = (child: SchemaNode | undefined): unknown => sampleOf(child, k, reach, depth + 1)
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, value]) => [name, next(value)]))
    case 'array':
      return schema.items === undefined ? [] : [next(schema.items)]
    case 'string':
      return ''
    case 'integer':
    case 'number':
      return 0
    case 'boolean':
      return false
    default:
      return null
  }
}
