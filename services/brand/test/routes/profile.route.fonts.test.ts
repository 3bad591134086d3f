import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, KEY, profile } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'

// Issue 26, part 3: fonts from the homepage's CSS, each site a fixture served over HTTP.

const css = (body: string) => ({ body, headers: { 'content-type': 'text/css' } })

const PAGES: Record<string, Record<string, { body: string, headers?: Record<string, string> }>> = {
  // a Google Fonts link for the body, a self-hosted heading face in a same-site stylesheet, a print sheet never read
  'typeset.test': {
    '/': {
      body: `<!doctype html><title>Typeset</title>
<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Inter:wght@400;700&family=Roboto+Mono:ital,wght@0,400;1,500&display=swap">
<link rel="stylesheet" href="/assets/site.css"><link rel="stylesheet" href="/assets/print.css" media="print">
<link rel="stylesheet" href="https://cdn.elsewhere.test/widget.css">
<style>:root { --font-display: "Grotesk Display", Georgia, serif } body { margin: 0; font: 16px/1.5 Inter, system-ui, sans-serif }</style>
<h1>Typeset</h1>`
    },
    '/assets/site.css': css(`@font-face { font-family: "Grotesk Display"; src: url(../fonts/grotesk-700.woff2) format("woff2"); font-weight: 700 }
@font-face { font-family: "Grotesk Display"; src: url(../fonts/grotesk-800.woff2) format("woff2"); font-weight: 800 }
@font-face { font-family: "Font Awesome 6 Free"; src: url(../fonts/fa.woff2) }
h1, h2, h3, .display { font-family: var(--font-display); }
code { font-family: 'Roboto Mono', monospace }`),
    '/assets/print.css': css('body { font-family: "Times New Roman" }'),
    '/widget.css': css('body { font-family: Comic Sans MS }')
  },
  // the screen's fonts, then a print sheet's @media that names one font for both: a print rule is never the site's
  'media.test': {
    '/': {
      body: `<!doctype html><title>Media</title><style>body{font-family:"Inter",sans-serif} h1{font-family:"Playfair Display",serif}
@media print{body,h1{font-family:Georgia,serif}}
@media screen and (min-width: 40em){h2{font-family:"Lora",serif}}</style>`
    }
  },
  // a heading only in a screen @media still counts; one in print (or `not all`) never does
  // a reset first, then the theme as Drupal aggregates a media="screen" stylesheet: wrapped in @media screen
  'aggregated.test': {
    '/': {
      body: `<!doctype html><title>Aggregated</title><style>body{font-family:-apple-system,Arial} h1{font-family:Georgia}</style>
<style>@media screen{body{font-family:"Brand Sans",sans-serif}} @media all{h1{font-family:"Brand Display",serif}}</style>`
    }
  },
  'responsive.test': {
    '/': {
      body: `<!doctype html><title>Responsive</title><style>body{font-family:system-ui}
@media only screen and (min-width: 40em){h1{font-family:"Lora",serif}}
@media not all{h1{font-family:Georgia}} @media print{@media (min-width: 1px){h1{font-family:Georgia}}}</style>`
    }
  },
  // the site's body rule, then normalize.css's html rule: body inherits nothing from html when it has its own
  'normalized.test': {
    '/': {
      body: `<!doctype html><title>Normalized</title><style>body{font-family:Verdana,sans-serif}</style>
<style>html{font-family:sans-serif;line-height:1.15}</style>`
    }
  },
  // next/font's generated families and metric fallback, as a Next.js build writes them
  'nextjs.test': {
    '/': { body: '<!doctype html><title>Next</title><link rel="stylesheet" href="/_next/static/css/app.css">' },
    '/_next/static/css/app.css': css(`@font-face{font-family:'__Inter_d65c78';font-style:normal;font-weight:100 900;font-display:swap;src:url(/_next/static/media/a.woff2) format("woff2");unicode-range:U+0460-052F}
@font-face{font-family:'__Inter_d65c78';font-style:normal;font-weight:100 900;font-display:swap;src:url(/_next/static/media/b.woff2) format("woff2")}
@font-face{font-family:'__Inter_Fallback_d65c78';src:local("Arial");ascent-override:90.20%;descent-override:22.48%;line-gap-override:0.00%;size-adjust:107.40%}
@font-face{font-family:'__Open_Sans_7b2a4c';font-weight:700;src:url(/_next/static/media/c.woff2) format("woff2")}
@font-face{font-family:'__Open_Sans_Fallback_7b2a4c';src:local("Arial");size-adjust:105%}
body{font-family:'__Inter_d65c78','__Inter_Fallback_d65c78';font-style:normal}
h1{font-family:'__Open_Sans_7b2a4c','__Open_Sans_Fallback_7b2a4c'}`)
  },
  // fontaine, capsize and Nuxt's metric fallbacks: named for the brand font, drawn in Arial
  'fallbacks.test': {
    '/': {
      body: `<!doctype html><title>Fallbacks</title><style>
@font-face{font-family:"Roboto Condensed";src:url(/fonts/rc.woff2)}
@font-face{font-family:"Roboto Condensed-fallback";src:local("Arial");size-adjust:90%}
@font-face{font-family:"Inter Fallback";src:local("Arial")}
@font-face{font-family:"Open Sans-fallback";src:local("Arial")}
@font-face{font-family:"Lato Fallback: Arial";src:local("Arial")}
h1{font-family:"Roboto Condensed-fallback","Roboto Condensed",sans-serif}
body{font-family:"Inter Fallback","Inter",sans-serif}</style>`
    }
  }
}

// an Adobe Fonts kit (its CSS names the families), Bunny Fonts imported in an inline style, a system heading font
const kitted = (kitOrigin: string) => `<!doctype html><title>Kitted</title><link rel="stylesheet" href="${kitOrigin}/abc1234.css">
<style>@import url("https://fonts.bunny.net/css?family=lora:400,700i|work-sans:500");
h1 { font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", sans-serif } body { font-family: proxima-nova, sans-serif }</style>`

let server: FixtureServer
let app: FastifyInstance

beforeAll(async () => {
  server = await startFixtureServer(PAGES)
  server.addSite('cdn.elsewhere.test', { '/widget.css': PAGES['typeset.test']['/widget.css'] })
  server.addSite('kitted.test', { '/': { body: kitted(server.origin('use.typekit.net')) } })
  server.addSite('use.typekit.net', {
    '/abc1234.css': css('@font-face { font-family: "proxima-nova"; src: url("https://use.typekit.net/af/1.woff2") format("woff2"); font-weight: 400 }')
  })
  // use.typekit.net is a fixture site of this test, mapped to 127.0.0.1 like the others
  app = await buildTestApp(['typeset.test', 'kitted.test', 'cdn.elsewhere.test', 'use.typekit.net', 'media.test', 'responsive.test',
    'normalized.test', 'nextjs.test', 'fallbacks.test', 'aggregated.test'])
})

afterAll(async () => {
  await app?.close()
  await server?.close()
})

const at = (host: string, path: string) => `${server.origin(host)}${path}`

describe('fonts', () => {
  it('gives the heading and body fonts with their source and weights, then the other families the site loads', async () => {
    const body = (await profile(app, { domain: at('typeset.test', '/') })).json()
    expect(body.fonts).toEqual([
      { family: 'Grotesk Display', role: 'heading', source: 'self-hosted', weights: [700, 800], url: at('typeset.test', '/fonts/grotesk-700.woff2') },
      {
        family: 'Inter',
        role: 'body',
        source: 'google-fonts',
        weights: [400, 700],
        url: 'https://fonts.googleapis.com/css2?family=Inter:wght@400;700&family=Roboto+Mono:ital,wght@0,400;1,500&display=swap'
      },
      {
        family: 'Roboto Mono',
        role: 'other',
        source: 'google-fonts',
        weights: [400, 500],
        url: 'https://fonts.googleapis.com/css2?family=Inter:wght@400;700&family=Roboto+Mono:ital,wght@0,400;1,500&display=swap'
      }
    ])
    expect(body.field_sources.fonts).toBe('stylesheet')
    expect(body.sources).toContain('stylesheets')
    // the print sheet and the other site's sheet are never fetched
    const fetched = server.requests.map((request) => request.path)
    expect(fetched).toContain('/assets/site.css')
    expect(fetched).not.toContain('/assets/print.css')
    expect(server.requests.some((request) => request.host === 'cdn.elsewhere.test')).toBe(false)
  })

  it('reads an Adobe Fonts kit\'s families from its CSS, Bunny Fonts from an @import, a system font as system', async () => {
    const body = (await profile(app, { domain: at('kitted.test', '/') })).json()
    expect(body.fonts).toEqual([
      { family: '-apple-system', role: 'heading', source: 'system' },
      { family: 'proxima-nova', role: 'body', source: 'adobe-fonts', weights: [400], url: `${server.origin('use.typekit.net')}/abc1234.css` },
      { family: 'Lora', role: 'other', source: 'bunny-fonts', weights: [400, 700], url: 'https://fonts.bunny.net/css?family=lora:400,700i|work-sans:500' },
      { family: 'Work Sans', role: 'other', source: 'bunny-fonts', weights: [500], url: 'https://fonts.bunny.net/css?family=lora:400,700i|work-sans:500' }
    ])
    expect(body.field_sources.fonts).toBe('inline-css')
  })

  it('takes the screen\'s fonts: a print @media never, a screen @media only where no rule outside @media names one', async () => {
    const media = (await profile(app, { domain: at('media.test', '/') })).json()
    expect(media.fonts).toEqual([
      { family: 'Playfair Display', role: 'heading', source: 'self-hosted' },
      { family: 'Inter', role: 'body', source: 'self-hosted' }
    ])
    // @media screen or all holds on every screen: its rule is as much the site's as one outside any @media
    const aggregated = (await profile(app, { domain: at('aggregated.test', '/') })).json()
    expect(aggregated.fonts).toEqual([
      { family: 'Brand Display', role: 'heading', source: 'self-hosted' },
      { family: 'Brand Sans', role: 'body', source: 'self-hosted' }
    ])
    const responsive = (await profile(app, { domain: at('responsive.test', '/') })).json()
    expect(responsive.fonts).toEqual([
      { family: 'Lora', role: 'heading', source: 'self-hosted' },
      { family: 'system-ui', role: 'body', source: 'system' }
    ])
  })

  it('gives the body the body rule\'s font over an html rule\'s, wherever normalize.css puts it', async () => {
    const body = (await profile(app, { domain: at('normalized.test', '/') })).json()
    expect(body.fonts).toEqual([{ family: 'Verdana', role: 'body', source: 'system' }])
  })

  it('names next/font\'s generated families as the fonts they are, and leaves out its metric fallbacks', async () => {
    const body = (await profile(app, { domain: at('nextjs.test', '/') })).json()
    expect(body.fonts).toEqual([
      { family: 'Open Sans', role: 'heading', source: 'self-hosted', weights: [700], url: at('nextjs.test', '/_next/static/media/c.woff2') },
      { family: 'Inter', role: 'body', source: 'self-hosted', weights: [100, 900], url: at('nextjs.test', '/_next/static/media/a.woff2') }
    ])
  })

  it('never reports a metric fallback face (fontaine, capsize, Nuxt) as a font, nor gives it a role', async () => {
    const body = (await profile(app, { domain: at('fallbacks.test', '/') })).json()
    expect(body.fonts).toEqual([
      { family: 'Roboto Condensed', role: 'heading', source: 'self-hosted', url: at('fallbacks.test', '/fonts/rc.woff2'), weights: [400] },
      { family: 'Inter', role: 'body', source: 'self-hosted' }
    ])
  })
})

describe('fonts in a batch', () => {
  it('are the same as the single profile\'s', async () => {
    const single = (await profile(app, { domain: at('typeset.test', '/') })).json()
    const batch = (await app.inject({ method: 'POST', url: '/v1/domain/profile/batch', headers: KEY, payload: { domains: [at('typeset.test', '/')] } })).json()
    expect(batch.results[0].profile.fonts).toEqual(single.fonts)
    expect(batch.results[0].profile.field_sources.fonts).toBe(single.field_sources.fonts)
  })
})
