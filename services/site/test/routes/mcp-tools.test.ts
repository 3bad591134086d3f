import { randomBytes } from 'node:crypto'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { testConfig } from '@utility-apis/service-kit'
import { readFileSync } from 'node:fs'
import { connectMcpClient, httpAnswer, listenOnLoopback, readmeToolRows, rowOf, toolAnswer, USAGE_TOOL } from '@utility-apis/service-kit/testing'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.js'
import { AnalyzeRequestSchema, AnalyzeResponseSchema } from '../../src/routes/analyze.schemas.js'
import { SITE_TOOLS } from '../../src/routes/mcp-tools.js'
import { RobotsSimulateRequestSchema, RobotsSimulateResponseSchema } from '../../src/routes/robots-simulate.schemas.js'
import { RobotsTestRequestSchema, RobotsTestResponseSchema } from '../../src/routes/robots-test.schemas.js'
import { KEY, NOW, withoutTimings } from '../fixtures/analyze.js'
import { fixturePolicy, startFixtureServer, type FixtureServer } from '../fixtures/fixture-server.js'
import { STRONG, STRONG_HOSTS, strongSite } from '../fixtures/sites/strong.js'

const REDIS_URL = process.env.REDIS_URL
const json = (value: unknown) => JSON.parse(JSON.stringify(value))
const ROBOTS = 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n'

let server: FixtureServer
let app: FastifyInstance
let client: Client

/** The site service on the fixture sites, with a fixed clock; jobs on Redis when a URL is given. */
async function siteApp (keys: string, redisUrl: string | null = null): Promise<FastifyInstance> {
  return await buildApp({
    config: testConfig({ keys, redisUrl }),
    fetchPolicy: fixturePolicy(STRONG_HOSTS),
    clock: () => NOW,
    processMetrics: false,
    // the SDK client runs in this process (compiling the output schemas blocks the loop for a moment), so load
    // shedding, the kit's and tested there, would read it as the service's own pressure
    pressure: { maxEventLoopUtilization: 0, maxEventLoopDelay: 0 },
    ...(redisUrl === null ? {} : { jobs: { inlineWorker: true, concurrency: 4 }, jobEngine: { prefix: `{mcp-test-${randomBytes(6).toString('hex')}}`, lockMs: 2000 } })
  })
}

beforeAll(async () => {
  server = await startFixtureServer((origin) => strongSite(origin))
  app = await siteApp('test-key')
  client = await connectMcpClient(await listenOnLoopback(app), KEY)
})
afterAll(async () => {
  await client?.close()
  await app?.close()
  await server?.close()
})

const post = (url: string, payload: unknown): InjectOptions => ({ method: 'POST', url, payload: payload as object })

/** Each tool with a valid and an invalid argument, and the HTTP request of the same input. */
function cases (): Array<[string, string, Record<string, unknown>, InjectOptions]> {
  const site = server.origin(STRONG)
  const robots = { url: `${site}/private/x`, robots_txt: ROBOTS }
  const simulation = { url: site, proposed_robots_txt: ROBOTS, max_urls: 20 }
  return [
    ['analyze_site', 'invalid: a field it does not take', { url: site, max_page: 3 }, post('/v1/site-intel/analyze', { url: site, max_page: 3 })],
    ['analyze_site', 'invalid: a private address', { url: 'http://127.0.0.2/' }, post('/v1/site-intel/analyze', { url: 'http://127.0.0.2/' })],
    ['test_robots_txt', 'a robots.txt of its own', robots, post('/v1/site-intel/robots/test', robots)],
    ['test_robots_txt', "the site's own robots.txt", { url: `${site}/private/x` }, post('/v1/site-intel/robots/test', { url: `${site}/private/x` })],
    ['test_robots_txt', 'invalid: a URL that is not http', { url: 'ftp://strong.test/' }, post('/v1/site-intel/robots/test', { url: 'ftp://strong.test/' })],
    ['simulate_robots_txt', 'a proposal', simulation, post('/v1/site-intel/robots/simulate', simulation)],
    ['simulate_robots_txt', 'invalid: no proposal', { url: site }, post('/v1/site-intel/robots/simulate', { url: site })],
    // without Redis the job routes answer 503 jobs_need_redis, and so do their tools
    ['create_site_job', 'invalid: without Redis', { urls: [site] }, post('/v1/site-intel/jobs', { urls: [site] })],
    ['get_site_job', 'invalid: without Redis', { id: 'job_000000000000000000000000' }, { method: 'GET', url: '/v1/site-intel/jobs/job_000000000000000000000000' }],
    ['get_usage', 'no argument', {}, { method: 'GET', url: '/v1/usage' }]
  ]
}

describe('the site service over MCP', () => {
  it('takes a job as large as the job route does (24 MiB): 10,000 long URLs reach the route, which answers, not a 413', async () => {
    const urls = Array.from({ length: 10_000 }, (_, i) => `https://site-${i}.example.com/${'path/'.repeat(20)}${i}`)
    expect(JSON.stringify({ urls }).length).toBeGreaterThan(1024 * 1024)
    const result = await client.callTool({ name: 'create_site_job', arguments: { urls } })
    const http = await app.inject({ ...post('/v1/site-intel/jobs', { urls }), headers: KEY })
    // without Redis the route's answer is its 503; before, /mcp refused the body (413) and the call never ran
    expect(http.json().code).toBe('jobs_need_redis')
    expect(toolAnswer(result)).toEqual(httpAnswer(http))
  })

  it("lists its tools with the routes' own schemas; analyze_site answers JSON only", async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['analyze_site', 'test_robots_txt', 'simulate_robots_txt', 'create_site_job', 'get_site_job', 'get_usage'])
    expect(SITE_TOOLS).toHaveLength(5)
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]))
    const { format: _format, ...analyzeFields } = json(AnalyzeRequestSchema).properties
    expect(byName.analyze_site.inputSchema).toEqual({ ...json(AnalyzeRequestSchema), properties: analyzeFields })
    expect(byName.analyze_site.outputSchema).toEqual(json(AnalyzeResponseSchema))
    expect(byName.test_robots_txt.inputSchema).toEqual(json(RobotsTestRequestSchema))
    expect(byName.test_robots_txt.outputSchema).toEqual({ ...json(RobotsTestResponseSchema), description: expect.any(String) })
    expect(byName.simulate_robots_txt.inputSchema).toEqual(json(RobotsSimulateRequestSchema))
    expect(byName.simulate_robots_txt.outputSchema).toEqual({ ...json(RobotsSimulateResponseSchema), description: expect.any(String) })
    expect(byName.create_site_job.inputSchema.properties?.idempotency_key).toMatchObject({ type: 'string', maxLength: 255 })
    expect(byName.get_site_job.inputSchema.required).toEqual(['id'])
    expect(Object.keys(byName.get_site_job.outputSchema?.properties ?? {})).toEqual(['job', 'page'])
    for (const name of ['analyze_site', 'test_robots_txt', 'simulate_robots_txt', 'create_site_job']) expect(byName[name].annotations?.openWorldHint).toBe(true)
  })

  it('analyses a site as POST /v1/site-intel/analyze does (JSON)', async () => {
    const url = server.origin(STRONG)
    const tool = toolAnswer(await client.callTool({ name: 'analyze_site', arguments: { url, max_pages: 3 } }))
    const http = httpAnswer(await app.inject({ ...post('/v1/site-intel/analyze', { url, max_pages: 3 }), headers: KEY }))
    expect(tool).toMatchObject({ status: 'ok', body: { fetchability: { ok: true } } })
    expect(withoutTimings(tool)).toEqual(withoutTimings(http))
  })

  it('answers each tool as the HTTP route answers the same input, valid or not', async () => {
    for (const [name, label, args, request] of cases()) {
      const result = await client.callTool({ name, arguments: args })
      const http = await app.inject({ ...request, headers: KEY })
      expect(withoutTimings(toolAnswer(result)), `${name}: ${label}`).toEqual(withoutTimings(httpAnswer(http)))
      expect(http.statusCode < 300, `${name}: ${label}`).toBe(!label.startsWith('invalid: '))
    }
  })

  it('refuses the report formats the HTTP route renders (HTML, Markdown) as the route refuses a field it does not take', async () => {
    const result = await client.callTool({ name: 'analyze_site', arguments: { url: 'https://strong.test/', format: 'html' } })
    expect(toolAnswer(result)).toEqual({
      status: 422,
      body: { detail: [{ type: 'extra_forbidden', loc: ['body', 'format'], msg: 'Extra inputs are not permitted', input: 'html' }], code: 'validation_failed' }
    })
  })
})

describe.skipIf(REDIS_URL === undefined)('site analysis jobs over MCP (skipped without REDIS_URL)', () => {
  const key = `mcp-test-${randomBytes(6).toString('hex')}`
  const headers = { 'x-api-key': key }
  let jobs: FastifyInstance
  let agent: Client
  beforeAll(async () => {
    jobs = await siteApp(key, REDIS_URL as string)
    agent = await connectMcpClient(await listenOnLoopback(jobs), headers)
  })
  afterAll(async () => {
    await agent?.close()
    await jobs?.close()
  })

  it('creates a job, and reads its status and results as the job routes answer them', async () => {
    const created = await agent.callTool({ name: 'create_site_job', arguments: { urls: [server.origin(STRONG)] } })
    expect(toolAnswer(created)).toMatchObject({ status: 'ok', body: { status: 'queued', total: 1 } })
    const id = (created.structuredContent as { id: string }).id
    const deadline = Date.now() + 20_000
    let done = await agent.callTool({ name: 'get_site_job', arguments: { id } })
    while ((done.structuredContent as { job: { status: string } }).job.status !== 'completed') {
      if (Date.now() > deadline) throw new Error('the job did not complete within 20 s')
      await new Promise((resolve) => setTimeout(resolve, 100))
      done = await agent.callTool({ name: 'get_site_job', arguments: { id } })
    }
    const status = await jobs.inject({ method: 'GET', url: `/v1/site-intel/jobs/${id}`, headers })
    const results = await jobs.inject({ method: 'GET', url: `/v1/site-intel/jobs/${id}/results`, headers })
    expect(toolAnswer(done)).toEqual({ status: 'ok', body: { job: status.json(), page: results.json() } })
    expect((await jobs.inject({ method: 'GET', url: '/v1/usage', headers })).json().used).toBe(1)
  })

  it.each([
    ['create_site_job', 'a URL that is not http', { urls: ['ftp://example.com/'] }, post('/v1/site-intel/jobs', { urls: ['ftp://example.com/'] })],
    ['get_site_job', 'a job of nobody', { id: 'job_000000000000000000000000' }, { method: 'GET', url: '/v1/site-intel/jobs/job_000000000000000000000000' }]
  ] as Array<[string, string, Record<string, unknown>, InjectOptions]>)('%s, %s: answers what the HTTP route answers', async (name, _label, args, request) => {
    const result = await agent.callTool({ name, arguments: args })
    const http = await jobs.inject({ ...request, headers })
    expect(http.statusCode).toBeGreaterThanOrEqual(400)
    expect(toolAnswer(result)).toEqual(httpAnswer(http))
  })
})

describe('services/site/README.md', () => {
  it('lists every tool with the routes it runs and whether it reaches the web', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    expect(readmeToolRows(readme)).toEqual([...SITE_TOOLS, USAGE_TOOL].map(rowOf))
  })
})
