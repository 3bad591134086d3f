import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, KEY, profile } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { pngOf } from '../helpers/images.js'

// Issue 15's new fields end to end: colours from every declared source and from a raster and an SVG logo, the
// site's key links, the places where it contradicts itself, their field sources, and the batch answering the same.

const image = (type: string, body: Buffer | string) => ({ body, headers: { 'content-type': type } })

const DECLARED = `<!doctype html><title>Pricing | Huely</title><meta property="og:site_name" content="Huely">
<meta name="theme-color" content="#D32F2F"><meta name="theme-color" media="(prefers-color-scheme: dark)" content="#121212">
<link rel="mask-icon" href="/mask.svg" color="#5bbad5"><meta name="msapplication-TileColor" content="#2b5797">
<link rel="manifest" href="/site.webmanifest"><link rel="canonical" href="https://mirror.test/">
<header><nav><a href="/">Huely</a><a href="/about">About</a><a href="/pricing">Pricing</a><a href="https://docs.huely.test/">Docs</a>
<a href="https://app.huely.test/login">Log in</a></nav></header>
<article><p>Read <a href="/blog/colour-theory">our post</a> and <a href="/careers">the author's careers page</a>.</p></article>
<footer><a href="/contact-us">Contact</a><a href="/jobs">Careers</a><a href="/blog">Blog</a><a href="https://status.huely.test/">Status</a>
<a href="/legal/privacy">Privacy</a><a href="/legal/terms">Terms</a></footer>`

const RASTER = `<!doctype html><title>Pixly</title><meta property="og:site_name" content="Pixly">
<script type="application/ld+json">{"@type":"Organization","name":"Pixly","url":"http://pixly.test/","logo":"/logo.png"}</script>`

const SVG_LOGO = `<!doctype html><title>Vectorly</title><meta property="og:site_name" content="Vectorly">
<meta name="theme-color" content="#ff5500">
<script type="application/ld+json">{"@type":"Organization","name":"Vectorly","url":"http://vectorly.test/","logo":"/logo.svg"}</script>`

let server: FixtureServer
let app: FastifyInstance

beforeAll(async () => {
  server = await startFixtureServer({
    'huely.test': {
      '/': { body: DECLARED },
      '/site.webmanifest': image('application/manifest+json', '{"name":"Chroma Labs","theme_color":"#00aa77","background_color":"#fafafa"}')
    },
    'pixly.test': {
      '/': { body: RASTER },
      // two thirds crimson, one third navy, on a transparent band
      '/logo.png': image('image/png', pngOf(60, 24, (x, y) => y >= 20 ? [0, 0, 0, 0] : x < 40 ? [220, 20, 60, 255] : [0, 0, 128, 255]))
    },
    'vectorly.test': {
      '/': { body: SVG_LOGO },
      '/logo.svg': image('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40"><rect fill="#FF5501"/>' +
        '<path fill="#1f2937"/><path style="fill:#1f2937"/></svg>')
    }
  })
  app = await buildTestApp(['huely.test', 'pixly.test', 'vectorly.test'])
})

afterAll(async () => {
  await app?.close()
  await server?.close()
})

const at = (host: string, path: string) => `${server.origin(host)}${path}`
const profileOf = async (host: string) => (await profile(app, { domain: `${server.origin(host)}/` })).json()

describe('colors', () => {
  it('lists every declared colour: theme-color and its dark variant, mask-icon, TileColor, the manifest\'s two', async () => {
    const body = await profileOf('huely.test')
    expect(body.colors).toEqual([
      { hex: '#d32f2f', source: 'theme-color' },
      { hex: '#121212', source: 'theme-color:dark' },
      { hex: '#5bbad5', source: 'mask-icon' },
      { hex: '#2b5797', source: 'msapplication-TileColor' },
      { hex: '#00aa77', source: 'web-manifest:theme_color' },
      { hex: '#fafafa', source: 'web-manifest:background_color' }
    ])
    expect(body.field_sources.colors).toBe('theme-color')
  })

  it('reads the dominant colours of a raster logo from its pixels', async () => {
    const body = await profileOf('pixly.test')
    expect(body.logos[0]).toMatchObject({ format: 'png', width: 60, height: 24 })
    expect(body.colors).toEqual([{ hex: '#dc143c', source: 'logo:image' }, { hex: '#000080', source: 'logo:image' }])
    expect(body.field_sources.colors).toBe('logo:image')
  })

  it('reads an SVG logo\'s fills, merged with a declared colour it nearly repeats', async () => {
    const body = await profileOf('vectorly.test')
    expect(body.colors).toEqual([{ hex: '#ff5500', source: 'theme-color' }, { hex: '#1f2937', source: 'logo:svg' }])
  })
})

describe('key links and consistency', () => {
  it('finds the ten key pages in the navigation and footer, never in the article', async () => {
    const body = await profileOf('huely.test')
    expect(body.key_links).toEqual({
      about: at('huely.test', '/about'),
      pricing: at('huely.test', '/pricing'),
      docs: 'https://docs.huely.test/',
      login: 'https://app.huely.test/login',
      contact: at('huely.test', '/contact-us'),
      careers: at('huely.test', '/jobs'),
      blog: at('huely.test', '/blog'),
      status: 'https://status.huely.test/',
      privacy: at('huely.test', '/legal/privacy'),
      terms: at('huely.test', '/legal/terms')
    })
    expect(body.field_sources.key_links).toBe('site-navigation')
  })

  it('reports the manifest naming another brand and the canonical URL on another host', async () => {
    const body = await profileOf('huely.test')
    expect(body.consistency.map((finding: { code: string }) => finding.code)).toEqual(['names_differ', 'canonical_other_host'])
    expect(body.consistency[0].values).toEqual([
      { source: 'og:site_name', value: 'Huely' },
      { source: 'web-manifest', value: 'Chroma Labs' },
      { source: 'title', value: 'Huely' }
    ])
    expect(body.field_sources.consistency).toBe('og:site_name')
  })

  it('reports nothing for a site that agrees with itself', async () => {
    const body = await profileOf('pixly.test')
    expect(body.consistency).toEqual([])
    expect(body.key_links).toEqual({})
    expect(body.field_sources.key_links).toBeNull()
  })
})

describe('the batch', () => {
  it('answers the same new fields as the single profile', async () => {
    const single = await profileOf('huely.test')
    const res = await app.inject({ method: 'POST', url: '/v1/domain/profile/batch', headers: KEY, payload: { domains: [`${server.origin('huely.test')}/`] } })
    const batched = res.json().results[0].profile
    for (const field of ['colors', 'key_links', 'consistency', 'logos', 'field_sources'] as const) expect(batched[field], field).toEqual(single[field])
  })
})
