import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { readFileSync } from 'node:fs'
import { connectMcpClient, httpAnswer, listenOnLoopback, readmeToolRows, rowOf, toolAnswer, USAGE_TOOL, type ComparableAnswer } from '@utility-apis/service-kit/testing'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BatchRequestSchema, BatchResponseSchema } from '../../src/routes/batch.schemas.js'
import { BRAND_TOOLS } from '../../src/routes/mcp-tools.js'
import { ProfileRequestSchema, ProfileSchema } from '../../src/routes/profile.schemas.js'
import { buildTestApp, KEY, NO_SHEDDING } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { buildJobsApp, dropPrefix, REDIS_URL, testKey, testPrefix, waitFor } from '../helpers/jobs.js'

const json = (value: unknown) => JSON.parse(JSON.stringify(value))
const HOSTS = ['alpha.test', 'beta.test', 'gamma.test', 'delta.test']
const page = (name: string) => `<!doctype html><title>${name} | Home</title><meta property="og:site_name" content="${name}">
<meta name="description" content="${name} makes things.">`

/** An answer with every `cached` flag set: a profile served from the cache is the one first fetched, flagged. */
const asCached = (answer: ComparableAnswer): ComparableAnswer =>
  JSON.parse(JSON.stringify(answer), (key, value) => key === 'cached' ? true : value)

// The SDK client runs in this process: compiling the tools' output schemas blocks the loop for a moment, which load
// shedding (the kit's, tested there) would read as the service's own pressure: NO_SHEDDING

let server: FixtureServer
let app: FastifyInstance
let client: Client
beforeAll(async () => {
  server = await startFixtureServer(Object.fromEntries(HOSTS.map((host) => [host, { '/': { body: page(host.split('.')[0]) } }])))
  app = await buildTestApp(HOSTS, { pressure: NO_SHEDDING })
  client = await connectMcpClient(await listenOnLoopback(app), KEY)
})
afterAll(async () => {
  await client?.close()
  await app?.close()
  await server?.close()
})

const post = (url: string, payload: unknown): InjectOptions => ({ method: 'POST', url, payload: payload as object })

describe('the brand service over MCP', () => {
  it("lists its tools with the routes' own schemas", async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['profile_domain', 'profile_domains', 'create_profile_job', 'get_profile_job', 'get_usage'])
    expect(BRAND_TOOLS).toHaveLength(4)
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]))
    expect(byName.profile_domain.inputSchema).toEqual(json(ProfileRequestSchema))
    expect(byName.profile_domain.outputSchema).toEqual({ ...json(ProfileSchema), description: expect.any(String) })
    expect(byName.profile_domains.inputSchema).toEqual(json(BatchRequestSchema))
    expect(byName.profile_domains.outputSchema).toEqual({ ...json(BatchResponseSchema), description: expect.any(String) })
    // the job tools read the job routes' schemas: the same ones OpenAPI documents
    const paths = (await app.inject({ method: 'GET', url: '/openapi.json' })).json().paths
    expect(byName.create_profile_job.inputSchema.required).toEqual(['domains'])
    const creation = paths['/v1/domain/profile/jobs'].post
    // the body's fields, and the Idempotency-Key header as `idempotency_key`
    expect(Object.keys(byName.create_profile_job.inputSchema.properties ?? {})).toEqual([
      ...Object.keys(resolve(creation.requestBody.content['application/json'].schema).properties),
      ...creation.parameters.filter((parameter: { in: string }) => parameter.in === 'header').map((parameter: { name: string }) => parameter.name.replaceAll('-', '_'))
    ])
    expect(byName.create_profile_job.inputSchema.properties?.idempotency_key).toMatchObject({ type: 'string', maxLength: 255 })
    expect(byName.get_profile_job.inputSchema.required).toEqual(['id'])
    expect(Object.keys(byName.get_profile_job.outputSchema?.properties ?? {})).toEqual(['job', 'page'])
    for (const name of ['profile_domain', 'profile_domains', 'create_profile_job']) expect(byName[name].annotations?.openWorldHint).toBe(true)
  })

  it('profiles a domain as POST /v1/domain/profile does: the same profile, which the route then serves from the cache', async () => {
    const url = `${server.origin('alpha.test')}/`
    const tool = toolAnswer(await client.callTool({ name: 'profile_domain', arguments: { domain: url } }))
    const http = httpAnswer(await app.inject({ ...post('/v1/domain/profile', { domain: url }), headers: KEY }))
    expect(tool).toMatchObject({ status: 'ok', body: { reachable: true, cached: false, brand_name: 'alpha' } })
    expect(http).toMatchObject({ status: 'ok', body: { cached: true } })
    expect(asCached(tool)).toEqual(http)
  })

  it('profiles several domains as POST /v1/domain/profile/batch does', async () => {
    const domains = [`${server.origin('beta.test')}/`, `${server.origin('gamma.test')}/`, 'not a domain']
    const tool = toolAnswer(await client.callTool({ name: 'profile_domains', arguments: { domains } }))
    const http = httpAnswer(await app.inject({ ...post('/v1/domain/profile/batch', { domains }), headers: KEY }))
    expect(tool).toMatchObject({ status: 'ok', body: { succeeded: 2, failed: 1 } })
    expect(asCached(tool)).toEqual(asCached(http))
  })

  it.each([
    ['profile_domain', 'a domain that is not one', { domain: 'exa mple' }, post('/v1/domain/profile', { domain: 'exa mple' })],
    ['profile_domain', 'a private address', { domain: 'http://127.0.0.2/' }, post('/v1/domain/profile', { domain: 'http://127.0.0.2/' })],
    ['profile_domains', 'no domains', { domains: [] }, post('/v1/domain/profile/batch', { domains: [] })],
    // without Redis the job routes answer 503 jobs_need_redis, and so do their tools
    ['create_profile_job', 'without Redis', { domains: ['example.com'] }, post('/v1/domain/profile/jobs', { domains: ['example.com'] })],
    ['get_profile_job', 'without Redis', { id: 'job_000000000000000000000000' }, { method: 'GET', url: '/v1/domain/profile/jobs/job_000000000000000000000000' }],
    ['get_usage', 'no argument', {}, { method: 'GET', url: '/v1/usage' }]
  ] as Array<[string, string, Record<string, unknown>, InjectOptions]>)('%s, %s: answers what the HTTP route answers', async (name, _label, args, request) => {
    const result = await client.callTool({ name, arguments: args })
    const http = await app.inject({ ...request, headers: KEY })
    expect(toolAnswer(result)).toEqual(httpAnswer(http))
    expect(result.isError === true).toBe(http.statusCode >= 300)
  })

  it('takes a job as large as the job route does (32 MiB): 60,000 domains reach the route, which answers, not a 413', async () => {
    const domains = Array.from({ length: 60_000 }, (_, i) => `domain-${i}.example.com`)
    expect(JSON.stringify({ domains }).length).toBeGreaterThan(1024 * 1024)
    const result = await client.callTool({ name: 'create_profile_job', arguments: { domains } })
    const http = await app.inject({ ...post('/v1/domain/profile/jobs', { domains }), headers: KEY })
    // without Redis the route's answer is its 503; before, /mcp refused the body (413) and the call never ran
    expect(http.json().code).toBe('jobs_need_redis')
    expect(toolAnswer(result)).toEqual(httpAnswer(http))
  })
})

/** A `$ref` of the OpenAPI document's components, or the schema itself. */
let components: Record<string, unknown> = {}
function resolve (schema: { $ref?: string }): { properties: Record<string, unknown> } {
  return (schema.$ref === undefined ? schema : components[schema.$ref.split('/').pop() as string]) as { properties: Record<string, unknown> }
}
beforeAll(async () => { components = (await app.inject({ method: 'GET', url: '/openapi.json' })).json().components.schemas })

describe.skipIf(REDIS_URL === undefined)('brand profile jobs over MCP (skipped without REDIS_URL)', () => {
  const key = testKey()
  const headers = { 'x-api-key': key }
  const prefix = testPrefix()
  let jobs: FastifyInstance
  let agent: Client
  beforeAll(async () => {
    jobs = await buildJobsApp({ keys: key, hosts: HOSTS, prefix, overrides: { pressure: NO_SHEDDING } })
    agent = await connectMcpClient(await listenOnLoopback(jobs), headers)
  })
  afterAll(async () => {
    await agent?.close()
    await jobs?.close()
    if (REDIS_URL !== undefined) await dropPrefix(prefix)
  })

  it('creates a job, and reads its status and results as the job routes answer them', async () => {
    const domains = HOSTS.map((host) => `${server.origin(host)}/`)
    const created = await agent.callTool({ name: 'create_profile_job', arguments: { domains } })
    expect(toolAnswer(created)).toMatchObject({ status: 'ok', body: { status: 'queued', total: HOSTS.length } })
    expect(await used(jobs, headers)).toBe(HOSTS.length)
    const id = (created.structuredContent as { id: string }).id
    const read = async () => await agent.callTool({ name: 'get_profile_job', arguments: { id, limit: 2 } })
    const done = await waitFor(read, (result) => (result.structuredContent as { job: { status: string } }).job.status === 'completed')
    const status = await jobs.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}`, headers })
    const results = await jobs.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}/results?limit=2`, headers })
    expect(toolAnswer(done)).toEqual({ status: 'ok', body: { job: status.json(), page: results.json() } })
    expect((done.structuredContent as { page: { results: unknown[] } }).page.results).toHaveLength(2)
    // reading is free
    expect(await used(jobs, headers)).toBe(HOSTS.length)
  })

  it('answers a creation retried with the same idempotency_key with the same job, paid once, as the route does', async () => {
    const domains = HOSTS.map((host) => `${server.origin(host)}/`)
    const before = await used(jobs, headers)
    const args = { domains, idempotency_key: 'agent-retry-1' }
    const first = await agent.callTool({ name: 'create_profile_job', arguments: args })
    const retried = await agent.callTool({ name: 'create_profile_job', arguments: args })
    expect(toolAnswer(first)).toMatchObject({ status: 'ok' })
    expect((retried.structuredContent as { id: string }).id).toBe((first.structuredContent as { id: string }).id)
    expect(await used(jobs, headers)).toBe(before + HOSTS.length)
    // another body under the key: the route's 422, which names the header the argument is sent as
    const other = await agent.callTool({ name: 'create_profile_job', arguments: { ...args, domains: domains.slice(1) } })
    const http = await jobs.inject({ ...post('/v1/domain/profile/jobs', { domains: domains.slice(1) }), headers: { ...headers, 'idempotency-key': 'agent-retry-1' } })
    expect(http.json().detail[0].type).toBe('idempotency_key_reused')
    expect(toolAnswer(other)).toEqual(httpAnswer(http))
    expect(await used(jobs, headers)).toBe(before + HOSTS.length)
  })

  it.each([
    ['create_profile_job', 'a domain that is not one', { domains: ['exa mple'] }, post('/v1/domain/profile/jobs', { domains: ['exa mple'] })],
    ['get_profile_job', 'a job of nobody', { id: 'job_000000000000000000000000' }, { method: 'GET', url: '/v1/domain/profile/jobs/job_000000000000000000000000' }],
    ['get_profile_job', 'an id that is not one', { id: 'nope' }, { method: 'GET', url: '/v1/domain/profile/jobs/nope' }]
  ] as Array<[string, string, Record<string, unknown>, InjectOptions]>)('%s, %s: answers what the HTTP route answers', async (name, _label, args, request) => {
    const result = await agent.callTool({ name, arguments: args })
    const http = await jobs.inject({ ...request, headers })
    expect(http.statusCode).toBeGreaterThanOrEqual(400)
    expect(toolAnswer(result)).toEqual(httpAnswer(http))
  })

  it('answers a missing job id as the 422 of a missing field', async () => {
    const result = await agent.callTool({ name: 'get_profile_job', arguments: {} })
    expect(toolAnswer(result)).toEqual({
      status: 422, body: { detail: [{ type: 'missing', loc: ['path', 'id'], msg: 'Field required', input: null }], code: 'validation_failed' }
    })
  })
})

async function used (target: FastifyInstance, headers: Record<string, string>): Promise<number> {
  return (await target.inject({ method: 'GET', url: '/v1/usage', headers })).json().used
}

describe('services/brand/README.md', () => {
  it('lists every tool with the routes it runs and whether it reaches the web', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    expect(readmeToolRows(readme)).toEqual([...BRAND_TOOLS, USAGE_TOOL].map(rowOf))
  })
})
