import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { pngOf, type Rgba } from '../helpers/images.js'
import { buildJobsApp, dropPrefix, REDIS_URL, testKey, testPrefix, waitFor } from '../helpers/jobs.js'

// Issue 36, "Bulk": a brand job with `logo` makes that variant of each domain from the profile the item made, caches it,
// and names the logo route's URL of it in the result; that URL answers from the cache, without fetching the site again.

const BLUE: Rgba = [20, 40, 200, 255]
const HOST = 'logojob.test'

let server: FixtureServer
let app: FastifyInstance
const key = testKey()
const headers = { 'x-api-key': key }
const prefix = testPrefix()

async function create (payload: unknown) {
  return await app.inject({ method: 'POST', url: '/v1/domain/profile/jobs', headers, payload: payload as object })
}
async function resultsOf (id: string) {
  const done = await waitFor(async () => (await app.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}`, headers })).json(),
    (job) => job.status === 'completed')
  return (await app.inject({ method: 'GET', url: done.results_url, headers })).json().results
}
const fetchesOf = (path: string) => server.requests.filter((request) => request.host === HOST && request.path === path).length

describe.skipIf(REDIS_URL === undefined)('brand jobs with a logo variant (skipped without REDIS_URL)', () => {
  beforeAll(async () => {
    server = await startFixtureServer({
      [HOST]: {
        '/': { body: '<!doctype html><title>Logo Job</title><link rel="apple-touch-icon" href="/touch.png">' },
        '/touch.png': { body: pngOf(180, 180, () => BLUE), headers: { 'content-type': 'image/png' } }
      }
    })
    app = await buildJobsApp({ keys: key, hosts: [HOST], prefix })
  })
  afterAll(async () => {
    await app?.close()
    await server?.close()
    if (REDIS_URL !== undefined) await dropPrefix(prefix)
  })

  it('gives each result a logo_url that answers the cached 64x64 webp without fetching the site again', async () => {
    const input = `${server.origin(HOST)}/`
    const response = await create({ domains: [input], logo: { size: 64, format: 'webp' } })
    expect(response.statusCode).toBe(202)
    const [line] = await resultsOf(response.json().id)
    expect(line).toMatchObject({ ok: true, input })
    expect(line.profile.logo_url).toBe(`/v1/domain/logo/${encodeURIComponent(input)}?size=64&format=webp`)

    const homepages = fetchesOf('/')
    const logoFiles = fetchesOf('/touch.png')
    expect(homepages).toBeGreaterThan(0)
    const image = await app.inject({ method: 'GET', url: line.profile.logo_url, headers })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')
    expect(image.headers['x-logo-source']).toBe('logo')
    const { format, width, height } = await sharp(image.rawPayload).metadata()
    expect({ format, width, height }).toEqual({ format: 'webp', width: 64, height: 64 })
    // answered from the cache the item filled: neither the homepage nor the logo file was fetched for it
    expect(fetchesOf('/')).toBe(homepages)
    expect(fetchesOf('/touch.png')).toBe(logoFiles)
  })

  it('leaves results unchanged without logo: no logo_url', async () => {
    const response = await create({ domains: [`${server.origin(HOST)}/`] })
    expect(response.statusCode).toBe(202)
    const [line] = await resultsOf(response.json().id)
    expect(line.ok).toBe(true)
    expect(line.profile).not.toHaveProperty('logo_url')
  })

  it('refuses a logo size outside 16 to 512, or an unknown format, with a 422 on the field (no job)', async () => {
    for (const logo of [{ size: 8 }, { size: 513 }, { format: 'gif' }]) {
      const response = await create({ domains: [`${server.origin(HOST)}/`], logo })
      expect(response.statusCode).toBe(422)
      expect(response.json().detail[0].loc.slice(0, 2)).toEqual(['body', 'logo'])
    }
  })
})
