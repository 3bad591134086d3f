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
