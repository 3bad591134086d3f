import fastJson from 'fast-json-stringify'

type Serialize = (data: unknown) => string
type Schema = Record<string, unknown>

interface TaggedUnion {
  oneOf?: Array<{ properties?: Record<string, { const?: unknown }> }>
  anyOf?: Array<{ properties?: Record<string, { const?: unknown }> }>
  discriminator?: { propertyName?: string }
}

function isSchema (node: unknown): node is Schema {
  return node !== null && typeof node === 'object' && !Array.isArray(node)
}

/** The property every member of a union of objects sets to a constant, if there is one. */
function tagOf (members: Schema[]): string | undefined {
  const first = members[0]?.properties
  if (!isSchema(first)) return undefined
  return Object.keys(first).find((key) => members.every((member) => {
    const property = (member.properties as Record<string, unknown> | undefined)?.[key]
    return member.type === 'object' && isSchema(property) && property.const !== undefined
  }))
}

/**
 * A union of objects tagged by a constant property, as one object with every member's properties (a value writes
 * the properties it has), or null when it is no such union or two members disagree on a shared property.
 */
function mergeTagged (node: Schema): Schema | null {
  const members = node.anyOf ?? node.oneOf
  if (!Array.isArray(members) || members.length < 2 || !members.every(isSchema)) return null
  const tag = tagOf(members)
  if (tag === undefined) return null
  const tags: unknown[] = []
  const properties: Record<string, unknown> = {}
  for (const member of members) {
    for (const [key, property] of Object.entries(member.properties as Record<string, Schema>)) {
      if (key === tag) tags.push(property.const)
      else if (key in properties && JSON.stringify(properties[key]) !== JSON.stringify(property)) return null
      else properties[key] = property
    }
  }
  const required = members.map((member) => (member.required ?? []) as string[])
    .reduce((shared, next) => shared.filter((key) => next.includes(key)))
  const tagType = tags.every((value) => typeof value === 'string') ? { type: 'string' } : {}
  return { type: 'object', properties: { [tag]: { ...tagType, enum: tags }, ...properties }, required }
}

/**
 * A copy of a response schema whose nested tagged unions are merged objects: fast-json-stringify settles an anyOf by
 * compiling an Ajv validator of the whole document for each member it tries, which for the site's report cost
 * ~25 MB and ~600 ms on the first answer after a start. The schema that documents the route is left as it is.
 */
export function withMergedTaggedUnions (node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withMergedTaggedUnions)
  if (!isSchema(node)) return node
  const source = mergeTagged(node) ?? node
  return Object.fromEntries(Object.entries(source).map(([key, value]) => [key, withMergedTaggedUnions(value)]))
}

/**
 * Response serializers: fast-json-stringify, except for a union tagged with an OpenAPI discriminator. For a union,
 * fast-json-stringify runs an Ajv validation of the whole response against each member, on every response; a
 * tagged union already says which member a value is, so each member is compiled alone and picked by its tag.
 * Tagged unions below the top are merged (withMergedTaggedUnions).
 */
export function compileSerializer ({ schema }: { schema: unknown }): Serialize {
  const union = schema as TaggedUnion
  const tag = union.discriminator?.propertyName
  const members = union.oneOf ?? union.anyOf
  if (tag === undefined || !members) return fastJson(withMergedTaggedUnions(schema) as object)
  const byTag = new Map<unknown, Serialize>()
  for (const member of members) {
    const value = member.properties?.[tag]?.const
    if (value === undefined) return fastJson(schema as object)
    byTag.set(value, fastJson(withMergedTaggedUnions(member) as object))
  }
  return (data) => {
    const serialize = byTag.get((data as Record<string, unknown> | null)?.[tag])
    if (!serialize) throw new TypeError(`The response's ${tag} matches no member of the union`)
    return serialize(data)
  }
}
