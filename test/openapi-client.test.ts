import { mkdirSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript'
import ts from 'typescript'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testConfig } from '@utility-apis/service-kit'
import { ROOT, serviceSources } from './helpers/services.js'

// Each service's document is turned into types by openapi-typescript (in openapi-client/generated, not committed),
// the clients in openapi-client/ are type-checked against them by tsc, then call the running services through
// openapi-fetch.
const CLIENTS = join(ROOT, 'test', 'openapi-client')
const KEY = 'client-key'
const BRAND_PAGE = '<!doctype html><html lang="en"><head><title>Client Test Co | Home</title>' +
  '<meta property="og:site_name" content="Client Test Co"></head><body><h1>Client Test Co</h1></body></html>'

const apps = new Map<string, FastifyInstance>()
const origins = new Map<string, string>()
let brandSite: Server

async function listen (name: string, app: FastifyInstance): Promise<void> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  apps.set(name, app)
  origins.set(name, `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`)
}

beforeAll(async () => {
  brandSite = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(BRAND_PAGE))
  await new Promise<void>((resolve) => brandSite.listen(0, '127.0.0.1', resolve))
  mkdirSync(join(CLIENTS, 'generated'), { recursive: true })
  for (const service of serviceSources()) {
    const build = await service.buildApp()
    const fetchPolicy = { allowCidrs: ['127.0.0.1/32'], hostMap: { 'brand.test': '127.0.0.1' } }
    // Quota 1000 for the calls below; `spent` has a quota of 0, for the 429. tsc blocks this process, which the
    // services share, for seconds: no load shedding here.
    const config = testConfig({ keys: `${KEY},spent:0` })
    await listen(service.name, await build({ config, fetchPolicy, pressure: { maxEventLoopDelay: 0 } } as Parameters<typeof build>[0]))
    const document = await (await fetch(`${origins.get(service.name)}/openapi.json`)).json() as OpenAPI3
    writeFileSync(join(CLIENTS, 'generated', `${service.name}.ts`), astToString(await openapiTS(document)))
  }
}, 60_000)

// By a computed path: the root tsc runs before this file generates the types the clients import, and must not follow
// it. The test above type-checks the clients.
async function client (name: string): Promise<Record<string, (...args: string[]) => Promise<Record<string, any>>>> {
  return await import(join(CLIENTS, `${name}.client.ts`))
}

afterAll(async () => {
  await Promise.all([...apps.values()].map(async (app) => await app.close()))
  await new Promise((resolve) => brandSite?.close(resolve))
})

test('the clients type-check against the generated types, and misuse does not (tsc)', () => {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.base.json'), (path) => ts.sys.readFile(path))
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT)
  const files = serviceSources().map((service) => join(CLIENTS, `${service.name}.client.ts`))
  const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram(files, options))
  // An unused @ts-expect-error is an error too: the types must be precise enough to reject each misuse.
  expect(diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))).toEqual([])
}, 60_000)

describe('calls through openapi-fetch', () => {
  test('webhook: the provider list and a valid GitHub signature', async () => {
    const { callWebhook } = await client('webhook')
    const result = await callWebhook(origins.get('webhook') as string, KEY)
    expect(result.providerCount).toBeGreaterThan(4)
    expect({ valid: result.valid, reason: result.reason }).toEqual({ valid: true, reason: 'valid' })
  })

  test('sla: Friday 16:00 + 120 business minutes over the spring DST change is Monday 10:00 EDT', async () => {
    const { callSla } = await client('sla')
    const result = await callSla(origins.get('sla') as string, KEY)
    expect(result.dueAt).toBe('2026-03-09T10:00:00-04:00')
    expect(result.calendarIds).toContain('us-federal')
    // 5 U.S.C. 6103: eleven holidays, none observed outside 2026
    expect(result.holidayCount).toBe(11)
  })

  test('brand: a fixture site\'s name, and a 400 for a private target', async () => {
    const { callBrand } = await client('brand')
    const port = (brandSite.address() as AddressInfo).port
    const result = await callBrand(origins.get('brand') as string, KEY, `http://brand.test:${port}/`)
    expect({ reachable: result.reachable, brandName: result.brandName }).toEqual({ reachable: true, brandName: 'Client Test Co' })
    expect({ status: result.refusedStatus, detail: result.refusedDetail }).toEqual({ status: 400, detail: 'Target address is not allowed' })
  })

  test('site: a disallowed path and the line that decided', async () => {
    const { callSite } = await client('site')
    const result = await callSite(origins.get('site') as string, KEY)
    expect(result.verdicts).toEqual([['Googlebot', false, 2]])
  })
})

describe('the response headers the documents declare are sent', () => {
  test.each(['webhook', 'sla', 'brand', 'site'])('%s: quota headers on a 200, Retry-After on a 429, WWW-Authenticate on a 401', async (name) => {
    const document = await (await fetch(`${origins.get(name)}/openapi.json`)).json() as { paths: Record<string, Record<string, any>> }
    const [path, operations] = Object.entries(document.paths)
      .find(([, methods]) => Object.values(methods).some((operation) => operation.responses['429'] !== undefined)) as [string, Record<string, any>]
    const [method, operation] = Object.entries(operations)[0]
    // The quota decides once a body is valid: the operation's first example is
    const examples = operation.requestBody?.content?.['application/json']?.examples ?? {}
    const valid = JSON.stringify((Object.values(examples)[0] as { value?: unknown } | undefined)?.value ?? {})
    const call = async (key?: string, body = '{}') => await fetch(`${origins.get(name)}${path}`, {
      method: method.toUpperCase(),
      headers: { ...(key === undefined ? {} : { 'x-api-key': key }), 'content-type': 'application/json' },
      ...(method === 'get' ? {} : { body })
    })
    const declared = (status: string) => Object.keys(operation.responses[status]?.headers ?? { [`a declared ${status}`]: 0 })
    const counted = await call(KEY)
    expect([200, 422]).toContain(counted.status)
    for (const header of declared(String(counted.status))) expect(counted.headers.get(header), header).not.toBeNull()
    const refused = await call('spent', valid)
    expect(refused.status).toBe(429)
    for (const header of declared('429')) expect(refused.headers.get(header), header).not.toBeNull()
    const anonymous = await call()
    expect(anonymous.status).toBe(401)
    for (const header of declared('401')) expect(anonymous.headers.get(header), header).not.toBeNull()
  })
})
