import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inDecodeQueue, MAX_CONCURRENT_DECODES } from '../../src/domain/image-decode.js'
import { UNREAD_FILES_CACHE_SECONDS } from '../../src/domain/profiler.js'
import { buildTestApp, profile } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { pngOf } from '../helpers/images.js'

// A file read after the homepage that fails for a moment (a 503 logo, a 429 stylesheet) leaves fields missing for a
// reason that may be gone in a minute: the profile names those files and is kept 5 minutes, not the day of a clean one.

const page = (name: string) => ({
  body: `<!doctype html><html><head><title>${name}</title><link rel="apple-touch-icon" href="/touch.png">
<link rel="stylesheet" href="/site.css"></head><body><h1>${name}</h1></body></html>`
})
const PNG = { body: pngOf(180, 180, () => [20, 40, 200, 255]), headers: { 'content-type': 'image/png' } }
const CSS = { body: 'body { font-family: "Inter", sans-serif }', headers: { 'content-type': 'text/css' } }

describe('files that failed for a moment', () => {
  let server: FixtureServer
  let app: FastifyInstance
  let now = Date.parse('2026-11-30T00:00:00Z')

  beforeAll(async () => {
    server = await startFixtureServer({
      'hiccup.test': { '/': page('Hiccup'), '/touch.png': { status: 503, body: 'busy' }, '/site.css': { status: 429, body: 'slow down' } },
      // a 404 is the site's answer: nothing to list, and the profile is kept the whole day
      'settled.test': { '/': page('Settled'), '/site.css': CSS },
      'queued.test': { '/': page('Queued'), '/touch.png': PNG, '/site.css': CSS }
    })
    app = await buildTestApp(['hiccup.test', 'settled.test', 'queued.test'], { clock: () => new Date(now) })
  })

  afterAll(async () => {
    await app?.close()
    await server?.close()
  })

  const at = (host: string) => `${server.origin(host)}/`

  it('names each file, with its status, and keeps the profile 5 minutes only', async () => {
    const first = (await profile(app, { domain: at('hiccup.test') })).json()
    expect(first).toMatchObject({ brand_name: 'Hiccup', error: null, logos: [], logo_hint: `${at('hiccup.test')}touch.png`, fonts: [], cached: false })
    expect(first.unread_files).toHaveLength(2)
    expect(first.unread_files).toEqual(expect.arrayContaining([
      { url: `${at('hiccup.test')}touch.png`, reason: 'HTTP 503' },
      { url: `${at('hiccup.test')}site.css`, reason: 'HTTP 429' }
    ]))
    // within the 5 minutes the site is not asked again
    expect((await profile(app, { domain: at('hiccup.test') })).json()).toEqual({ ...first, cached: true })
    // the files are back: after 5 minutes the profile is made again, complete, and says nothing is unread
    server.addSite('hiccup.test', { '/touch.png': PNG, '/site.css': CSS })
    expect(UNREAD_FILES_CACHE_SECONDS).toBe(300)
    now += (UNREAD_FILES_CACHE_SECONDS + 1) * 1000
    const again = (await profile(app, { domain: at('hiccup.test') })).json()
    expect(again).toMatchObject({ cached: false, unread_files: [], logos: [{ url: `${at('hiccup.test')}touch.png`, format: 'png' }] })
    expect(again.fonts.map((font: { family: string }) => font.family)).toEqual(['Inter'])
  })

  it('lists nothing for a file the site does not have, and keeps that profile for the day', async () => {
    const first = (await profile(app, { domain: at('settled.test') })).json()
    expect(first).toMatchObject({ brand_name: 'Settled', logos: [], unread_files: [], cached: false })
    now += 3600 * 1000
    expect((await profile(app, { domain: at('settled.test') })).json()).toMatchObject({ cached: true, unread_files: [] })
  })

  it('names a logo file the time ran out decoding (every decode slot busy): its colours are missing, and it is not kept', async () => {
    let release = (): void => {}
    const held = new Promise<void>((resolve) => { release = resolve })
    const holders = Array.from({ length: MAX_CONCURRENT_DECODES }, async () => await inDecodeQueue(async () => await held))
    let late
    try {
      late = (await profile(app, { domain: at('queued.test'), timeout_seconds: 1 })).json()
    } finally {
      release()
      await Promise.all(holders)
    }
    expect(late).toMatchObject({ brand_name: 'Queued', error: null, colors: [], unread_files: [{ url: `${at('queued.test')}touch.png`, reason: 'budget' }] })
    // the next call, with the slots free, decodes it: the profile was not kept without its colours
    const again = (await profile(app, { domain: at('queued.test') })).json()
    expect(again).toMatchObject({ cached: false, unread_files: [] })
    expect(again.colors.map((color: { hex: string }) => color.hex)).toContain('#1428c8')
  })
})
