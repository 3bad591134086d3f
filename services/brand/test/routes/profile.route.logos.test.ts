import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, profile } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { encoded, gif, ico, png } from '../helpers/images.js'

const image = (type: string, body: Buffer | string) => ({ body, headers: { 'content-type': type } })

const PAGE = `<!doctype html><title>Logoly</title><meta property="og:site_name" content="Logoly">
<meta property="og:image" content="/share.png">
<script type="application/ld+json">{"@type":"Organization","name":"Logoly","url":"http://logos.test/","logo":"/brand/logo.svg"}</script>
<header><a href="/"><img class="logo" src="/brand/wordmark.webp" alt="Logoly"></a></header>
<link rel="apple-touch-icon" href="/touch.png">
<link rel="icon" href="/favicon-dark.gif" media="(prefers-color-scheme: dark)">
<link rel="icon" href="/favicon.ico">
<link rel="icon" href="/photo.jpg" sizes="64x64">`

let server: FixtureServer
let app: FastifyInstance

beforeAll(async () => {
  server = await startFixtureServer({
    'logos.test': {
      '/': { body: PAGE },
      '/brand/logo.svg': image('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 60"><rect width="240" height="60" fill="#ff5500"/></svg>'),
      '/brand/wordmark.webp': image('image/webp', await encoded('webp', 400, 100)),
      '/touch.png': image('image/png', png(180, 180, [10, 20, 30])),
      '/favicon-dark.gif': image('image/gif', gif(48, 48)),
      '/favicon.ico': image('image/x-icon', ico([16, 48, 32])),
      '/photo.jpg': image('image/jpeg', await encoded('jpeg', 64, 64))
    },
    'themes.test': {
      '/': {
        body: `<!doctype html><title>Themely</title><header><a href="/"><picture><source media="(prefers-color-scheme: dark)" srcset="/logo-dark.svg">
<img class="logo" src="/logo.svg" alt="Themely"></picture></a></header><link rel="icon" href="/icon-light.png" media="(prefers-color-scheme: light)">`
      },
      '/logo.svg': image('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"></svg>'),
      '/logo-dark.svg': image('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"></svg>'),
      '/icon-light.png': image('image/png', png(32, 32))
    },
    'broken.test': {
      // every candidate is fetched and none is an image: a truncated PNG, a header claiming 50000 x 50000, a page
      '/': { body: '<!doctype html><title>Broken</title><link rel="icon" href="/icon.png"><link rel="apple-touch-icon" href="/big.png"><header><img src="/logo.png" alt="Broken logo"></header>' },
      '/icon.png': image('image/png', png(32, 32).subarray(0, 20)),
      '/big.png': image('image/png', Buffer.concat([png(1, 1).subarray(0, 16), Buffer.from([0, 0, 0xc3, 0x50, 0, 0, 0xc3, 0x50])])),
      '/logo.png': image('text/html', '<!doctype html><p>not an image</p>')
    },
    'poster.test': {
      '/': { body: '<!doctype html><title>Poster</title><script type="application/ld+json">{"@type":"WebSite","publisher":{"@type":"Organization","name":"Poster","logo":"/logo-art.png"}}</script><link rel="icon" href="/icon.png">' },
      '/logo-art.png': image('image/png', png(1024, 576)),
      '/icon.png': image('image/png', png(32, 32))
    }
  })
  app = await buildTestApp(['broken.test', 'logos.test', 'poster.test', 'themes.test'])
})

afterAll(async () => {
  await app?.close()
  await server?.close()
})

describe('logos', () => {
  it('reads format and size from each file: SVG viewBox, WebP, PNG, GIF, the largest ICO entry, JPEG', async () => {
    const body = (await profile(app, { domain: `${server.origin('logos.test')}/` })).json()
    const at = (path: string) => `${server.origin('logos.test')}${path}`
    expect(body.logos).toEqual([
      { url: at('/brand/logo.svg'), kind: 'logo', format: 'svg', width: 240, height: 60, size_source: 'declared', theme: null, source: 'json-ld:logo' },
      { url: at('/brand/wordmark.webp'), kind: 'logo', format: 'webp', width: 400, height: 100, size_source: 'decoded', theme: null, source: 'header-logo' },
      { url: at('/touch.png'), kind: 'icon', format: 'png', width: 180, height: 180, size_source: 'decoded', theme: null, source: 'apple-touch-icon' },
      { url: at('/photo.jpg'), kind: 'icon', format: 'jpeg', width: 64, height: 64, size_source: 'decoded', theme: null, source: 'icon' },
      { url: at('/favicon-dark.gif'), kind: 'icon', format: 'gif', width: 48, height: 48, size_source: 'decoded', theme: 'dark', source: 'icon' }
    ])
    expect(body.logo_hint).toBe(at('/brand/logo.svg'))
    expect(body.field_sources).toMatchObject({ logo_hint: 'json-ld:logo', logos: 'json-ld:logo' })
  })

  it('reads an ICO\'s largest entry', async () => {
    server.addSite('ico.test', { '/': { body: '<!doctype html><title>Icoly</title><link rel="icon" href="/favicon.ico">' }, '/favicon.ico': image('image/x-icon', ico([16, 48, 32])) })
    const app2 = await buildTestApp(['ico.test'])
    try {
      const body = (await profile(app2, { domain: `${server.origin('ico.test')}/` })).json()
      expect(body.logos).toEqual([{ url: `${server.origin('ico.test')}/favicon.ico`, kind: 'icon', format: 'ico', width: 48, height: 48, size_source: 'declared', theme: null, source: 'icon' }])
    } finally {
      await app2.close()
    }
  })

  it('gives each logo the colour scheme the page offers it for: a <picture> source, a link\'s media', async () => {
    const body = (await profile(app, { domain: `${server.origin('themes.test')}/` })).json()
    const at = (path: string) => `${server.origin('themes.test')}${path}`
    expect(body.logos.map((logo: { url: string, theme: string | null }) => [logo.url, logo.theme])).toEqual([
      [at('/logo.svg'), null],
      [at('/logo-dark.svg'), 'dark'],
      [at('/icon-light.png'), 'light']
    ])
  })

  it('gives no logo_hint when every candidate was read and none is an image: the hint is only ever an unread one', async () => {
    const body = (await profile(app, { domain: `${server.origin('broken.test')}/` })).json()
    expect(body.logos).toEqual([])
    expect(body.logo_hint).toBeNull()
    expect(body.field_sources.logo_hint).toBeNull()
  })

  it('drops a declared logo of a share card\'s shape once its bytes show it', async () => {
    const body = (await profile(app, { domain: `${server.origin('poster.test')}/` })).json()
    expect(body.logos.map((logo: { url: string }) => logo.url)).toEqual([`${server.origin('poster.test')}/icon.png`])
    expect(body.logo_hint).toBe(`${server.origin('poster.test')}/icon.png`)
  })
})
