import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { testConfig } from '@utility-apis/service-kit'
import { ROOT, serviceSources } from './helpers/services.js'

// Issue 35, part 9: the root README says what the listings cost (one unit each, like any call), held to the code. The
// listings are found in each app's OpenAPI document (a GET that takes the API key and may answer 429), and each is
// called as the README's own example calls it, on a key of its own, whose remaining units are then read.

const README = readFileSync(join(ROOT, 'README.md'), 'utf8')
const LISTED = [...(/[<]!-- charged-listings -->([\s\S]*?)[<]!-- \/charged-listings -->/.exec(README)?.[1] ?? '').matchAll(/`GET (\S+)`/g)]
  .map(([, path]) => path)

const services = serviceSources()
const apps = new Map<string, FastifyInstance>()
const LIMIT = 5

beforeAll(async () => {
  for (const service of services) {
    apps.set(service.name, await (await service.buildApp())({ config: testConfig({ keys: `${service.name}-cost-key:${LIMIT}` }), processMetrics: false } as never))
  }
})
afterAll(async () => { for (const app of apps.values()) await app.close() })

/** Every charged GET of a service: it takes the API key and documents a 429. */
async function chargedListings (app: FastifyInstance): Promise<string[]> {
  const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, Record<string, any>> }
  return Object.entries(document.paths)
    .filter(([, operations]) => operations.get?.security?.some((scheme: object) => 'APIKeyHeader' in scheme) && operations.get.responses?.['429'] !== undefined)
    .map(([path]) => path)
}

/** The README's own call of `path`: a curl line with that path, its query included. */
function readmeCall (path: string): string | undefined {
  return new RegExp(`curl -s '?localhost:\\d+(${path.replaceAll('/', '\\/')}(\\?[^' ]*)?)['\\s]`).exec(README)?.[1]
}

describe('the root README says what each listing costs', () => {
  test('it names every charged listing of every service, and no other', async () => {
    const found: string[] = []
    for (const app of apps.values()) found.push(...await chargedListings(app))
    expect(found.length).toBeGreaterThan(0)
    expect(LISTED.sort()).toEqual(found.sort())
  })

  test('each listing, called as the README calls it, costs one unit', async () => {
    for (const [name, app] of apps) {
      for (const path of await chargedListings(app)) {
        const url = readmeCall(path)
        expect(url, `the README has no example call of GET ${path}`).toBeDefined()
        const headers = { 'x-api-key': `${name}-cost-key` }
        const before = (await app.inject({ method: 'GET', url: '/v1/usage', headers })).json().remaining as number
        const res = await app.inject({ method: 'GET', url: url as string, headers })
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
        expect((await app.inject({ method: 'GET', url: '/v1/usage', headers })).json().remaining, url).toBe(before - 1)
      }
    }
  })
})
