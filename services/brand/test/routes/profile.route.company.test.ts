import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, KEY, profile } from '../helpers/app.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'

// Issue 26, part 4: the company's own published facts, from its JSON-LD and its imprint or contact page.

const PAGES: Record<string, Record<string, { body: string, delayMs?: number }>> = {
  // every fact in the homepage's own JSON-LD: no other page is read
  'anvil.test': {
    '/': {
      body: `<!doctype html><title>Acme Anvils</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme Anvils","url":"/",
"legalName":"Acme Anvils Inc.","foundingDate":"1949","telephone":"+1 520 555 0100","email":"mailto:Hello@Anvil.test",
"address":{"@type":"PostalAddress","streetAddress":"1 Canyon Road","addressLocality":"Tucson","addressRegion":"AZ","postalCode":"85701",
"addressCountry":{"@type":"Country","name":"US"}}}</script>
<footer><a href="/contact">Contact</a></footer>`
    },
    '/contact': { body: '<!doctype html><title>Contact</title>' }
  },
  // a German site: the homepage says little, its Impressum (linked from the footer) the rest
  'kesselhaus.test': {
    '/': {
      body: `<!doctype html><html lang="de"><title>Kesselhaus</title>
<script type="application/ld+json">{"@type":"Organization","name":"Kesselhaus","url":"https://kesselhaus.test/","foundingDate":"2011-04"}</script>
<main><h1>Heizungen für Altbauten</h1></main>
<footer><a href="/kontakt">Kontakt</a> <a href="/impressum">Impressum</a> <a href="mailto:presse@agentur.test">Presse</a>
<a href="mailto:info@kesselhaus.test">E-Mail</a></footer></html>`
    },
    '/impressum': {
      body: `<!doctype html><html lang="de"><title>Impressum – Kesselhaus</title>
<script type="application/ld+json">{"@type":"Organization","name":"Kesselhaus","legalName":"Kesselhaus Heiztechnik GmbH",
"address":{"@type":"PostalAddress","streetAddress":"Hafenstraße 4","addressLocality":"Bremen","postalCode":"28217","addressCountry":"DE"}}
</script><main><p>Telefon: <a href="tel:+49%20421%20555%2012">+49 421 555 12</a></p></main></html>`
    },
    '/kontakt': { body: '<!doctype html><title>Kontakt</title><a href="tel:+49 30 000000">Berlin</a>' }
  },
  // a site that says nothing about itself as a company
  'quiet.test': { '/': { body: '<!doctype html><title>Quiet</title><p>Hello.</p>' } },
  // an imprint, on a request whose budget leaves too little for it
  'slowimprint.test': {
    '/': { body: '<!doctype html><title>Slow</title><footer><a href="/imprint">Imprint</a></footer>', delayMs: 100 },
    '/imprint': { body: '<!doctype html><title>Imprint</title><a href="tel:+44 20 7946 0000">Call</a>' }
  }
}

let server: FixtureServer
let app: FastifyInstance

beforeAll(async () => {
  server = await startFixtureServer(PAGES)
  app = await buildTestApp(Object.keys(PAGES))
})

afterAll(async () => {
  await app?.close()
  await server?.close()
})

const at = (host: string, path: string) => `${server.origin(host)}${path}`
const profileOf = async (host: string, timeout?: number) =>
  (await profile(app, { domain: at(host, '/'), ...(timeout === undefined ? {} : { timeout_seconds: timeout }) })).json()

describe('company facts', () => {
  it('reads every fact from the homepage\'s own JSON-LD organization, and then reads no other page', async () => {
    const body = await profileOf('anvil.test')
    expect(body.company).toEqual({
      legal_name: 'Acme Anvils Inc.',
      founded: '1949',
      address: { street: '1 Canyon Road', locality: 'Tucson', region: 'AZ', postal_code: '85701', country: 'US' },
      phone: '+1 520 555 0100',
      email: 'hello@anvil.test'
    })
    expect(body.field_sources.company).toEqual({
      legal_name: 'json-ld:organization',
      founded: 'json-ld:organization',
      address: 'json-ld:organization',
      phone: 'json-ld:organization',
      email: 'json-ld:organization'
    })
    expect(server.requests.some((request) => request.host === 'anvil.test' && request.path === '/contact')).toBe(false)
  })

  it('reads the imprint linked from the footer (before the contact page) for what the homepage does not say', async () => {
    const body = await profileOf('kesselhaus.test')
    expect(body.company).toEqual({
      legal_name: 'Kesselhaus Heiztechnik GmbH',
      founded: '2011-04',
      address: { street: 'Hafenstraße 4', locality: 'Bremen', region: null, postal_code: '28217', country: 'DE' },
      phone: '+49 421 555 12',
      email: 'info@kesselhaus.test'
    })
    expect(body.field_sources.company).toEqual({
      legal_name: 'contact-page:json-ld',
      founded: 'json-ld:organization',
      address: 'contact-page:json-ld',
      phone: 'contact-page:links',
      email: 'homepage:links'
    })
    expect(body.sources).toContain('contact-page')
    expect(server.requests.some((request) => request.host === 'kesselhaus.test' && request.path === '/kontakt')).toBe(false)
  })

  it('gives null for every fact a site does not state', async () => {
    const body = await profileOf('quiet.test')
    expect(body.company).toEqual({ legal_name: null, founded: null, address: null, phone: null, email: null })
    expect(body.field_sources.company).toEqual({ legal_name: null, founded: null, address: null, phone: null, email: null })
    expect(body.sources).not.toContain('contact-page')
  })

  it('does not read the imprint when less than 2 s of the budget are left after the homepage', async () => {
    const body = await profileOf('slowimprint.test', 2)
    expect(body.reachable).toBe(true)
    expect(body.error).toBeNull()
    expect(body.company.phone).toBeNull()
    expect(server.requests.some((request) => request.host === 'slowimprint.test' && request.path === '/imprint')).toBe(false)
    // the facts are missing for the budget, not the site: the profile says so, and is not kept as the site's for a day
    expect(body.unread_files).toEqual([{ url: at('slowimprint.test', '/imprint'), reason: 'budget' }])
    const roomier = await profileOf('slowimprint.test', 10)
    expect(roomier).toMatchObject({ cached: false, unread_files: [] })
    expect(roomier.company.phone).toBe('+44 20 7946 0000')
  })

  it('gives the same facts in a batch', async () => {
    const single = await profileOf('kesselhaus.test')
    const batch = (await app.inject({ method: 'POST', url: '/v1/domain/profile/batch', headers: KEY, payload: { domains: [at('kesselhaus.test', '/')] } })).json()
    expect(batch.results[0].profile.company).toEqual(single.company)
    expect(batch.results[0].profile.field_sources.company).toEqual(single.field_sources.company)
  })
})
