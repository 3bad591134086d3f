import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, KEY, profile } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'
import { png } from '../helpers/images.js'

// Issue 26, part 2: three defect classes seen on pages unlike the real-page corpus, each on a page of its own.

const PAGES: Record<string, string> = {
  // an Organization whose url is relative: this site's own
  'corvid.test': `<!doctype html><html lang="en"><title>Corvid Labs</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Corvid Labs","url":"/",
"logo":"/img/corvid-mark.png","sameAs":["https://twitter.com/corvidlabs","https://www.linkedin.com/company/corvid-labs"]}</script>
<main><h1>Research tooling for birds of a feather</h1></main>`,
  // a table layout of HTML 4: no header, footer or nav element; a menu cell the class marks as navigation
  'kestrelmarine.test': `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">
<html><head><title>Kestrel Marine Supply - Boat parts since 1978</title></head>
<body bgcolor="#ffffff"><table width="760" border="0"><tr><td class="menu"><a href="/">Home</a> | <a href="/catalog.html">Catalog</a> |
<a href="/contact.html">Contact</a></td></tr>
<tr><td><p>Welcome to Kestrel Marine Supply, your source for boat parts, rigging and marine hardware since 1978.</p>
<p><a href="https://www.facebook.com/kestrelmarine"><img src="/fb.gif" border="0"> Like us on Facebook</a></p>
<p>We were featured in <a href="https://twitter.com/boatingnews">Boating News</a> this spring.</p></td></tr>
<tr><td><font size="1">&copy; 2024 Kestrel Marine Supply. All rights reserved.</font></td></tr></table></body></html>`,
  // links a page may write that are not valid percent-encoding: each must leave the rest of the profile as it is
  'percent.test': `<!doctype html><html><title>Percent Labs</title>
<script type="application/ld+json">{"@type":"Organization","name":"Percent Labs","url":"/","logo":"/img/logo-100%.png",
"email":"mailto:press%E0%A4%A@percent.test"}</script>
<footer><a href="mailto:info%E0%A4%A@percent.test">Mail us</a> <a href="tel:+1%2555%20010">Call</a>
<a href="https://twitter.com/percent%zzlabs">Twitter</a> <a href="https://github.com/percentlabs">GitHub</a></footer></html>`,
  // a head far larger than any real one: the answer, its cache entry and job results would hold it all
  'huge.test': `<!doctype html><html><head><title>Huge Co | ${'x | '.repeat(100_000)}</title>
<meta name="description" content="${'Words of a description. '.repeat(10_000)}">
<meta property="og:title" content="${'\u{1F600}'.repeat(50_000)}"><meta property="og:image" content="/${'i'.repeat(300_000)}.png">
<link rel="canonical" href="/${'c'.repeat(300_000)}"></head><body><h1>Huge Co</h1></body></html>`,
  // a brand name read from the copyright line alone
  'vantor.test': `<!doctype html><html><title>Fleet tracking that pays for itself</title>
<main><h1>Know where every vehicle is</h1><p>Telematics for fleets of five to five thousand vehicles.</p></main>
<footer><p>&copy; 2019-2024 Vantor Telematics Inc. All rights reserved.</p></footer></html>`
}

let server: FixtureServer
let app: FastifyInstance

beforeAll(async () => {
  server = await startFixtureServer(Object.fromEntries(Object.entries(PAGES).map(([host, body]) => [host, { '/': { body } }])))
  server.addSite('corvid.test', { '/img/corvid-mark.png': { body: png(200, 200, [20, 20, 20]), headers: { 'content-type': 'image/png' } } })
  server.addSite('percent.test', { '/img/logo-100%.png': { body: png(200, 200, [200, 40, 40]), headers: { 'content-type': 'image/png' } } })
  app = await buildTestApp(Object.keys(PAGES))
})

afterAll(async () => {
  await app?.close()
  await server?.close()
})

const profileOf = async (host: string) => (await profile(app, { domain: `${server.origin(host)}/` })).json()

describe('an Organization whose url is relative', () => {
  it('is the site\'s own: its logo and sameAs are used', async () => {
    const body = await profileOf('corvid.test')
    expect(body.brand_name).toBe('Corvid Labs')
    expect(body.field_sources.brand_name).toBe('json-ld:organization')
    expect(body.logo_hint).toBe(`${server.origin('corvid.test')}/img/corvid-mark.png`)
    expect(body.field_sources.logo_hint).toBe('json-ld:logo')
    expect(body.social_links).toEqual(['https://x.com/corvidlabs', 'https://linkedin.com/company/corvid-labs'])
  })
})

describe('a page without header, footer or nav elements', () => {
  it('keeps a social link whose handle names the brand or the domain, not one that names another account', async () => {
    const body = await profileOf('kestrelmarine.test')
    expect(body.brand_name).toBe('Kestrel Marine Supply')
    expect(body.social_links).toEqual(['https://facebook.com/kestrelmarine'])
  })
})

describe('a brand name read from the copyright line', () => {
  it('drops the legal suffix', async () => {
    const body = await profileOf('vantor.test')
    expect(body.brand_name).toBe('Vantor Telematics')
    expect(body.field_sources.brand_name).toBe('copyright')
  })
})

describe('links that are not valid percent-encoding', () => {
  // decodeURIComponent throws on `%E0%A4%A` and `100%.png`: the whole profile was a 500, and so was the logo route
  it('leave every other field of the profile as it is: the logo is read, the e-mail and phone are not', async () => {
    const res = await profile(app, { domain: `${server.origin('percent.test')}/` })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.brand_name).toBe('Percent Labs')
    expect(body.logo_hint).toBe(`${server.origin('percent.test')}/img/logo-100%.png`)
    expect(body.logos[0]).toMatchObject({ url: body.logo_hint, source: 'json-ld:logo' })
    expect(body.company).toMatchObject({ email: null, phone: null })
    expect(body.social_links).toContain('https://github.com/percentlabs')
  })

  it('leave the logo route its image', async () => {
    const domain = encodeURIComponent(`${server.origin('percent.test')}/`)
    const res = await app.inject({ method: 'GET', url: `/v1/domain/logo/${domain}`, headers: KEY })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^image\//)
  })
})

describe('a head far larger than any real one', () => {
  it('answers its texts cut with an ellipsis and its overlong URLs left out, in an answer of a few kilobytes', async () => {
    const res = await profile(app, { domain: `${server.origin('huge.test')}/` })
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
    expect(res.body.length).toBeLessThan(20_000)
    const body = res.json()
    expect(body.brand_name).toBe('Huge Co')
    expect(body.title).toMatch(/^Huge Co \| x \| x .*…$/)
    expect(body.description).toMatch(/^Words of a description\. .*…$/)
    for (const text of [body.title, body.description, body.open_graph.title]) expect(Array.from(text as string).length).toBeLessThanOrEqual(1000)
    // a cut never leaves half of a character outside the Basic Multilingual Plane
    expect(body.open_graph.title).toMatch(/^(\u{1F600})+…$/u)
    expect(body.open_graph.image).toBeNull()
    expect(body.canonical_url).toBeNull()
  })
})
