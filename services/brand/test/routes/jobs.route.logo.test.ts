import type { IncomingMessage, ServerResponse } from 'node:http'
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
// its logo file and stylesheet each answer 429 once (Retry-After: 1), then what they hold
const HICCUP = 'hiccup-logojob.test'

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
const fetchesOf = (path: string, host = HOST) => server.requests.filter((request) => request.host === host && request.path === path).length

/** A file that answers 429 with Retry-After: 1 the first time it is asked for, then its content. */
function onceTooMany (file: { body: string | Buffer, type: string }) {
  let asked = 0
  return {
    handler: (_request: IncomingMessage, response: ServerResponse) => {
      if (++asked === 1) response.writeHead(429, { 'retry-after': '1' }).end('slow down')
      else response.writeHead(200, { 'content-type': file.type }).end(file.body)
    }
  }
}

describe.skipIf(REDIS_URL === undefined)('brand jobs with a logo variant (skipped without REDIS_URL)', () => {
  beforeAll(async () => {
    server = await startFixtureServer({
      [HOST]: {
        '/': { body: '<!doctype html><title>Logo Job</title><link rel="apple-touch-icon" href="/touch.png">' },
        '/touch.png': { body: pngOf(180, 180, () => BLUE), headers: { 'content-type': 'image/png' } }
      },
      [HICCUP]: {
        '/': { body: '<!doctype html><title>Hiccup</title><link rel="apple-touch-icon" href="/touch.png"><link rel="stylesheet" href="/site.css">' },
        '/touch.png': onceTooMany({ body: pngOf(180, 180, () => BLUE), type: 'image/png' }),
        '/site.css': onceTooMany({ body: 'body { font-family: "Inter", sans-serif }', type: 'text/css' })
      }
    })
    app = await buildJobsApp({ keys: key, hosts: [HOST, HICCUP], prefix })
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

  it('works an item again after its site asked for time, reading the site afresh: the result has every file, and its logo', async () => {
    const input = `${server.origin(HICCUP)}/`
    const response = await create({ domains: [input], logo: { size: 64, format: 'png' } })
    const [line] = await resultsOf(response.json().id)
    // the first attempt's profile (kept a few minutes for single calls, files missing) is not what the retry answers
    expect(line.profile).toMatchObject({ cached: false, unread_files: [], logos: [{ url: `${input}touch.png`, format: 'png' }] })
    expect(line.profile.fonts.map((font: { family: string }) => font.family)).toEqual(['Inter'])
    // the stylesheet refused once, then read on the run after the pause
    expect(fetchesOf('/site.css', HICCUP)).toBe(2)
    const image = await app.inject({ method: 'GET', url: line.profile.logo_url, headers })
    expect(image.statusCode).toBe(200)
    expect(image.headers['x-logo-source']).toBe('logo')
  })

  it('leaves results unchanged without logo: no logo_url', async () => {
    const response = await create({ domains: [`${server.origin(HOST)}/`] })
    expect(response.statusCode).toBe(202)
    const [line] = await resultsOf(response.json().id)
    expect(line.ok).toBe(true)
    expect(line.profile).not.toHaveProperty('logo_url')
  })

  it('documents only the logo options a job takes: none of the logo route\'s others is named', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
    const jobLogo = spec.components.schemas.DomainProfileJobLogo
    const routeOptions = spec.paths['/v1/domain/logo/{domain}'].get.parameters.filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name)
    const text = JSON.stringify(jobLogo)
    const named = routeOptions.filter((option: string) => text.includes(`\`${option}\``))
    expect(named.filter((option: string) => !(option in jobLogo.properties))).toEqual([])
  })

  it('refuses a logo size outside 16 to 512, or an unknown format, with a 422 on the field (no job)', async () => {
    for (const logo of [{ size: 8 }, { size: 513 }, { format: 'gif' }]) {
      const response = await create({ domains: [`${server.origin(HOST)}/`], logo })
      expect(response.statusCode).toBe(422)
      expect(response.json().detail[0].loc.slice(0, 2)).toEqual(['body', 'logo'])
    }
  })
})
