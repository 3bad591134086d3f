import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpus } from '../fixtures/corpus.js'
import { buildTestApp, profile } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'

let server: FixtureServer
let app: FastifyInstance

beforeAll(async () => {
  server = await startFixtureServer()
  for (const entry of corpus) {
    for (const [host, site] of Object.entries(entry.sites(server.origin))) server.addSite(host, site)
  }
  app = await buildTestApp(corpus.flatMap((entry) => entry.hosts))
})

afterAll(async () => {
  await app?.close()
  await server?.close()
})

describe('POST /v1/domain/profile on the fixture corpus', () => {
  it('covers at least 20 homepages', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(20)
  })

  it.each(corpus.map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const res = await profile(app, { domain: entry.input(server.origin) })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    const expected = entry.expected(server.origin)
    expect({
      brand_name: body.brand_name,
      title: body.title,
      description: body.description,
      brand_summary: body.brand_summary,
      logo_hint: body.logo_hint,
      icons: body.icons,
      social_links: body.social_links
    }).toEqual({
      brand_name: expected.brand_name,
      title: expected.title,
      description: expected.description,
      brand_summary: expected.brand_summary,
      logo_hint: expected.logo_hint,
      icons: expected.icons,
      social_links: expected.social_links
    })
    expect(body).toMatchObject({ reachable: true, resolved_ips: ['127.0.0.1'], cached: false, ...expected.more })
  })
})
