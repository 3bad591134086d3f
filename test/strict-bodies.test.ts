import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { testConfig } from '@utility-apis/service-kit'
import { serviceSources } from './helpers/services.js'

// Every request body refuses unknown fields at any depth (422 extra_forbidden), so a typo is never silently
// ignored; free-form maps (an object without named properties) stay free-form.

type Node = Record<string, any>
const services = serviceSources()
const apps = new Map<string, FastifyInstance>()

beforeAll(async () => {
  for (const service of services) apps.set(service.name, await (await service.buildApp())({ config: testConfig() }))
})
afterAll(async () => { for (const app of apps.values()) await app.close() })

/** Locations of every object schema with named properties that would let an unknown field through. */
function lenientObjects (node: Node, document: Node, path: string, seen = new Set<Node>()): string[] {
  if (typeof node !== 'object' || node === null || seen.has(node)) return []
  seen.add(node)
  if (typeof node.$ref === 'string') {
    const target = node.$ref.replace('#/', '').split('/').reduce((at: Node, key: string) => at?.[key], document)
    return lenientObjects(target, document, node.$ref, seen)
  }
  const own = node.properties !== undefined && node.additionalProperties !== false ? [path] : []
  return [...own, ...Object.entries(node).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? lenientObjects(child, document, `${path}/${key}`, seen) : [])]
}

describe.each(services)('$name request bodies', ({ name }) => {
  test('are strict at every depth: each object with named fields has additionalProperties: false', () => {
    const document = (apps.get(name) as FastifyInstance).swagger() as Node
    const bodies = Object.entries(document.paths as Record<string, Record<string, Node>>).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => {
        const schema = operation.requestBody?.content?.['application/json']?.schema
        return schema === undefined ? [] : [[`${method.toUpperCase()} ${path}`, schema] as const]
      }))
    expect(bodies.length, 'every service takes at least one body').toBeGreaterThan(0)
    for (const [operation, schema] of bodies) expect(lenientObjects(schema, document, '#'), operation).toEqual([])
  })
})
