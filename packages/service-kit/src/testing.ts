import { Validator } from '@seriousme/openapi-schema-validator'
import type { FastifyInstance } from 'fastify'
import { SECURITY_SCHEME } from './docs.js'

export { curlExamples, shellCommands, type CurlExample } from './readme-examples.js'
export {
  connectMcpClient, httpAnswer, listenOnLoopback, readmeToolRows, rowOf, toolAnswer, type ComparableAnswer, type ReadmeToolRow
} from './mcp/mcp-client.js'
export { USAGE_TOOL } from './mcp/usage-tool.js'

export interface OpenApiCheck {
  /** Problems reported by a real OpenAPI 3.1 validator (empty when valid). */
  errors: unknown[]
  version: string
  paths: string[]
  /** `METHOD /path` of every operation that does not require the X-API-Key scheme. */
  unsecured: string[]
  document: Record<string, any>
}

/** Reads a service's /openapi.json and checks it the way a client generator would. For tests. */
export async function checkOpenApi (app: FastifyInstance): Promise<OpenApiCheck> {
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
  const validator = new Validator()
  const result = await validator.validate(document)
  const unsecured: string[] = []
  for (const [path, ops] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(ops as Record<string, { security?: Array<Record<string, unknown>> }>)) {
      if (!op.security?.some((s) => SECURITY_SCHEME in s)) unsecured.push(`${method.toUpperCase()} ${path}`)
    }
  }
  return {
    errors: result.valid ? [] : [result.errors].flat(),
    version: validator.version,
    paths: Object.keys(document.paths ?? {}).sort(),
    unsecured: unsecured.sort(),
    document
  }
}
