import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, profile } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'

// The seven systematic errors of issue 15, each on a small page of our own served over HTTP.

const PAGES: Record<string, string> = {
  // 1: a network's page about another company
  'network.test': `<!doctype html><title>Brightline Robotics | Network</title>
<script type="application/ld+json">{"@type":"Organization","name":"Brightline Robotics","url":"https://www.network.test/company/brightline",
"logo":"https://cdn.example/brightline.png","sameAs":["https://x.com/brightline"]}</script>
<header><a href="/"><img src="/network-mark.png" alt="Network"></a></header>
<main><article><a href="https://x.com/brightline">Brightline on X</a></article></main>
<footer><a href="https://x.com/network">X</a></footer>`,
  // 1, on a platform: a publication's page names the publication as its article's publisher, with its own logo
  'platformly.test': `<!doctype html><title>Shipping fast – Widgets Weekly – Platformly</title><meta property="og:site_name" content="Platformly">
<link rel="apple-touch-icon" sizes="152x152" href="/touch.png">
<script type="application/ld+json">{"@type":"NewsArticle","headline":"Shipping fast","publisher":{"@type":"Organization","name":"Widgets Weekly",
"url":"http://platformly.test/widgets-weekly","logo":{"@type":"ImageObject","url":"http://platformly.test/widgets-weekly.png","width":308,"height":60}}}</script>`,
  // 2: a headline split on a colon
  'larkfield.test': `<!doctype html><title>Twin Peaks 2017: Using the data to create the next big TV sensation</title>
<meta name="description" content="How audience data shapes television.">`,
  // 3: a logo alt with its tagline
  'wirepress.test': `<!doctype html><title>Partners announce a programme</title>
<header><a href="/"><img class="logo" src="/logo.png" alt="Wire Press: news distribution, targeting and monitoring"></a></header>`,
  // 4: a writer's profile, a quoted person's, a site page and one Facebook page in two forms
  'dailyharbor.test': `<!doctype html><title>Ferries return | Daily Harbor</title><meta property="og:site_name" content="Daily Harbor">
<header><nav><a href="https://www.facebook.com/pages/Daily-Harbor/123456789012">Facebook</a></nav></header>
<article><div class="byline">By <a href="https://twitter.com/reporter_jo">Jo</a></div>
<p>As <a href="https://twitter.com/mayor_ann">the mayor</a> said, ferries return.</p></article>
<footer><a href="https://www.facebook.com/Daily-Harbor-123456789012">Facebook</a> <a href="https://vimeo.com/privacy">Vimeo privacy</a>
<a href="https://twitter.com/dailyharbor">X</a></footer>`,
  // 5: a JSON-LD logo that is a 16:9 poster, with a proper touch icon beside it
  'poster.test': `<!doctype html><title>Poster News</title><link rel="apple-touch-icon" sizes="180x180" href="/touch.png">
<script type="application/ld+json">{"@type":"NewsArticle","publisher":{"@type":"Organization","name":"Poster News",
"logo":{"@type":"ImageObject","url":"https://poster.test/images/poster-1024x576.png","width":1024,"height":576}}}</script>`,
  // 6: a name written as an address, and a host label run together
  'quayside.test': '<!doctype html><title>Harbour dues rise - Quayside</title><meta property="og:site_name" content="Quayside.com">',
  'businessharbor.test': '<!doctype html><title>Cracking the code- News</title><meta name="twitter:app:name:iphone" content="Business Harbor">',
  // 7: a short meta description and a paywall notice as the first paragraph
  'ledgerpost.test': `<!doctype html><title>Funding Snapshot: A startup raises money - Ledger Post</title>
<meta name="description" content="Funding Snapshot:"><meta property="og:site_name" content="Ledger Post">
<main><p>This is the kind of news coverage and analysis you can access only as a subscriber. Subscribe now to continue reading.</p></main>`
}

let server: FixtureServer
let app: FastifyInstance

beforeAll(async () => {
  server = await startFixtureServer(Object.fromEntries(Object.entries(PAGES).map(([host, body]) => [host, { '/': { body } }])))
  app = await buildTestApp(Object.keys(PAGES))
})

afterAll(async () => {
  await app?.close()
  await server?.close()
})

const profileOf = async (host: string) => (await profile(app, { domain: `${server.origin(host)}/` })).json()

describe('issue 15: the site, not the page', () => {
  it('1. names the network, not the company its page describes, and takes none of that company\'s profiles or logo', async () => {
    const body = await profileOf('network.test')
    expect(body.brand_name).toBe('Network')
    expect(body.social_links).toEqual(['https://x.com/network'])
    expect(body.logo_hint).not.toBe('https://cdn.example/brightline.png')
  })

  it('1. takes no logo of a publication hosted on the platform whose page it is', async () => {
    const body = await profileOf('platformly.test')
    expect(body.brand_name).toBe('Platformly')
    expect(body.logo_hint).toBe(`${server.origin('platformly.test')}/touch.png`)
  })

  it('2. never takes a headline fragment for the brand', async () => {
    expect(await profileOf('larkfield.test')).toMatchObject({ brand_name: 'Larkfield', field_sources: { brand_name: 'domain-label' } })
  })

  it('3. cuts the tagline off a logo alt', async () => {
    expect(await profileOf('wirepress.test')).toMatchObject({ brand_name: 'Wire Press', field_sources: { brand_name: 'logo-alt' } })
  })

  it('4. keeps the site\'s own profiles only, one URL per profile', async () => {
    const body = await profileOf('dailyharbor.test')
    expect(body.social_links).toEqual(['https://facebook.com/Daily-Harbor-123456789012', 'https://x.com/dailyharbor'])
  })

  it('5. prefers the touch icon to a poster declared as the logo', async () => {
    const body = await profileOf('poster.test')
    expect(body).toMatchObject({ logo_hint: `${server.origin('poster.test')}/touch.png`, field_sources: { logo_hint: 'apple-touch-icon' } })
  })

  it('6. cleans a name written as an address, and spells a host label as the page does', async () => {
    expect((await profileOf('quayside.test')).brand_name).toBe('Quayside')
    expect(await profileOf('businessharbor.test')).toMatchObject({ brand_name: 'Business Harbor', field_sources: { brand_name: 'domain-label' } })
  })

  it('7. keeps a short meta description rather than a paywall notice', async () => {
    expect(await profileOf('ledgerpost.test')).toMatchObject({ brand_summary: 'Funding Snapshot', field_sources: { brand_summary: 'meta:description' } })
  })
})
