import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { readFileSync } from 'node:fs'
import { connectMcpClient, httpAnswer, listenOnLoopback, readmeToolRows, rowOf, toolAnswer, USAGE_TOOL } from '@utility-apis/service-kit/testing'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BatchRequestSchema, BatchResponseSchema } from '../../src/routes/batch.schemas.js'
import { calculateRequestExamples } from '../../src/routes/calculate.examples.js'
import { CalculateRequestSchema, CalculateResponseSchema } from '../../src/routes/calculate.schemas.js'
import { CalendarsQuerySchema, CalendarsResponseSchema, HolidaysQuerySchema, HolidaysResponseSchema } from '../../src/routes/calendars.schemas.js'
import { SLA_TOOLS } from '../../src/routes/mcp-tools.js'
import { KEY, testApp } from '../helpers/app.js'

const json = (value: unknown) => JSON.parse(JSON.stringify(value))
const objectOf = (schema: unknown) => ({ type: 'object', ...json(schema) })

let app: FastifyInstance
let client: Client
beforeAll(async () => {
  app = await testApp({ keys: 'test-key,metered-key,spent-key:2' })
  client = await connectMcpClient(await listenOnLoopback(app), KEY)
})
afterAll(async () => {
  await client?.close()
  await app?.close()
})

const examples = Object.values(calculateRequestExamples).map((example) => example.value)
const calculate = (payload: unknown): InjectOptions => ({ method: 'POST', url: '/v1/business-days/calculate', payload: payload as object })

// Each tool with a valid and an invalid argument, and the HTTP request of the same input
const CASES: Array<[string, string, Record<string, unknown>, InjectOptions]> = [
  ...examples.map((body): [string, string, Record<string, unknown>, InjectOptions] =>
    ['calculate_business_time', body.operation, body, calculate(body)]),
  ['calculate_business_time', 'invalid: minutes not a number', { ...examples[0], minutes: 'soon' }, calculate({ ...examples[0], minutes: 'soon' })],
  ['calculate_business_time', 'invalid: an unknown operation', { operation: 'guess' }, calculate({ operation: 'guess' })],
  ['calculate_business_time_batch', 'valid, one item failing alone', { calculations: [examples[0], { operation: 'sla_due_at' }] },
    { method: 'POST', url: '/v1/business-days/calculate/batch', payload: { calculations: [examples[0], { operation: 'sla_due_at' }] } }],
  ['calculate_business_time_batch', 'invalid: no calculations', { calculations: [] },
    { method: 'POST', url: '/v1/business-days/calculate/batch', payload: { calculations: [] } }],
  ['list_calendars', 'one country', { country: 'CA' }, { method: 'GET', url: '/v1/business-days/calendars?country=CA' }],
  ['list_calendars', 'invalid: a country that is not a code', { country: 'Canada' }, { method: 'GET', url: '/v1/business-days/calendars?country=Canada' }],
  ['list_holidays', 'a year', { calendar: 'GB-ENG', year: 2026, types: 'public,bank' },
    { method: 'GET', url: '/v1/business-days/holidays?calendar=GB-ENG&year=2026&types=public,bank' }],
  ['list_holidays', 'invalid: a year out of range', { calendar: 'GB-ENG', year: 1800 }, { method: 'GET', url: '/v1/business-days/holidays?calendar=GB-ENG&year=1800' }],
  ['list_holidays', 'invalid: an unknown calendar', { calendar: 'XX-NOPE', year: 2026 }, { method: 'GET', url: '/v1/business-days/holidays?calendar=XX-NOPE&year=2026' }],
  // no argument to get wrong: one it does not take is ignored, as HTTP ignores an unknown query parameter
  ['get_usage', 'no argument', {}, { method: 'GET', url: '/v1/usage' }],
  ['get_usage', 'an argument it does not take', { month: 'last' }, { method: 'GET', url: '/v1/usage?month=last' }]
]

describe('the SLA service over MCP', () => {
  it("lists its tools with the routes' own schemas", async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => tool.name)).toEqual([...SLA_TOOLS.map((tool) => tool.name), 'get_usage'])
    expect(SLA_TOOLS.map((tool) => tool.name)).toEqual(['calculate_business_time', 'calculate_business_time_batch', 'list_calendars', 'list_holidays'])
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]))
    expect(byName.calculate_business_time.inputSchema).toEqual(objectOf(CalculateRequestSchema))
    // the route describes its answer in its own words
    expect(byName.calculate_business_time.outputSchema).toEqual({ ...objectOf(CalculateResponseSchema), description: expect.any(String) })
    expect(byName.calculate_business_time_batch.inputSchema).toEqual(json(BatchRequestSchema))
    expect(byName.calculate_business_time_batch.outputSchema).toEqual(json(BatchResponseSchema))
    expect(byName.list_calendars.inputSchema).toEqual(json(CalendarsQuerySchema))
    expect(byName.list_calendars.outputSchema).toEqual({ ...json(CalendarsResponseSchema), description: expect.any(String) })
    expect(byName.list_holidays.inputSchema).toEqual(json(HolidaysQuerySchema))
    expect(byName.list_holidays.outputSchema).toEqual({ ...json(HolidaysResponseSchema), description: expect.any(String) })
    for (const tool of tools) expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false })
  })

  it.each(CASES)('%s, %s: answers what the HTTP route answers', async (name, label, args, request) => {
    const result = await client.callTool({ name, arguments: args })
    const http = await app.inject({ ...request, headers: KEY })
    expect(toolAnswer(result)).toEqual(httpAnswer(http))
    expect(result.isError === true).toBe(http.statusCode >= 300)
    // the valid cases are answered, the others refused
    expect(http.statusCode).toBe(label.startsWith('invalid: ') ? 422 : 200)
  })

  it('charges 10 units for 10 calculations, nothing for 10 invalid ones or for listing, and a batch its calculations', async () => {
    const headers = { 'x-api-key': 'metered-key' }
    const agent = await connectMcpClient(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`, headers)
    const used = async () => (await app.inject({ method: 'GET', url: '/v1/usage', headers })).json().used
    try {
      for (let i = 0; i < 5; i++) await agent.listTools()
      for (let i = 0; i < 10; i++) await agent.callTool({ name: 'calculate_business_time', arguments: { ...examples[0], minutes: i } })
      expect(await used()).toBe(10)
      for (let i = 0; i < 10; i++) await agent.callTool({ name: 'calculate_business_time', arguments: { ...examples[0], minutes: 'x' } })
      expect(await used()).toBe(10)
      await agent.callTool({ name: 'calculate_business_time_batch', arguments: { calculations: [examples[0], examples[1], { operation: 'x' }] } })
      expect(await used()).toBe(12)
    } finally {
      await agent.close()
    }
  })

  it('answers a spent key with a quota_exceeded tool error that says how many units the batch needs', async () => {
    const headers = { 'x-api-key': 'spent-key' }
    const agent = await connectMcpClient(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`, headers)
    try {
      const args = { calculations: [examples[0], examples[1], examples[2]] }
      const result = await agent.callTool({ name: 'calculate_business_time_batch', arguments: args })
      const http = await app.inject({ method: 'POST', url: '/v1/business-days/calculate/batch', headers, payload: args })
      // the seconds to the window's end, read a moment apart
      const { retryAfter, ...tool } = toolAnswer(result)
      const { retryAfter: httpRetryAfter, ...answer } = httpAnswer(http)
      expect(tool).toEqual(answer)
      expect(Math.abs(Number(retryAfter) - Number(httpRetryAfter))).toBeLessThanOrEqual(1)
      expect(tool).toMatchObject({ status: 429, body: { code: 'quota_exceeded' } })
    } finally {
      await agent.close()
    }
  })
})

describe('services/sla/README.md', () => {
  it('lists every tool with the routes it runs and whether it reaches the web', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    expect(readmeToolRows(readme)).toEqual([...SLA_TOOLS, USAGE_TOOL].map(rowOf))
  })
})
