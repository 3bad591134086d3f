import { describe, expect, it } from 'vitest'
import { brandFromTitle, isPlausibleName, pickBrandName, titleSegments, type BrandSignals } from '../../src/domain/brand-name.js'
import { withoutLegalForm } from '../../src/domain/name-matching.js'
import { siteHost } from '../../src/domain/site-host.js'

function signals (overrides: Partial<BrandSignals>): BrandSignals {
  return {
    host: siteHost('www.example.com'),
    siteNames: [],
    applicationName: null,
    appleMobileWebAppTitle: null,
    organizations: [],
    websiteName: null,
    manifestName: null,
    manifestShortName: null,
    title: null,
    logoAlts: [],
    copyrightHolder: null,
    navbarBrand: null,
    ...overrides
  }
}

describe('titleSegments', () => {
  it.each([
    ['Acme | Anvils for everyone', ['Acme', 'Anvils for everyone']],
    ['Anvils - Acme', ['Anvils', 'Acme']],
    ['Home – Acme', ['Home', 'Acme']],
    ['Acme — Anvils', ['Acme', 'Anvils']],
    ['Acme: Anvils and more', ['Acme', 'Anvils and more']],
    ['Shop · Acme • Home » Anvils', ['Shop', 'Acme', 'Home', 'Anvils']]
  ])('splits %j on spaced separators', (title, expected) => {
    expect(titleSegments(title)).toEqual(expected)
  })

  it('keeps hyphenated and unspaced names whole', () => {
    expect(titleSegments('Coca-Cola')).toEqual(['Coca-Cola'])
    expect(titleSegments('Rock|Paper')).toEqual(['Rock|Paper'])
  })
})

describe('isPlausibleName', () => {
  it.each(['Home', 'Welcome', 'Just a moment...', 'Untitled Document', 'https://acme.com', 'www.acme.com', '', 'x'.repeat(61), '—'])('rejects %j', (value) => {
    expect(isPlausibleName(value)).toBe(false)
  })

  it.each(['Acme', 'AT&T', 'Ωmega', '37signals'])('accepts %j', (value) => {
    expect(isPlausibleName(value)).toBe(true)
  })
})

describe('brandFromTitle', () => {
  it('prefers the segment confirmed by the logo alt or copyright holder', () => {
    expect(brandFromTitle('Northwind Traders | Fine Teas', siteHost('example.com'), ['Northwind Traders Ltd'])).toBe('Northwind Traders')
    expect(brandFromTitle('Fine Teas | Northwind', siteHost('example.com'), ['Northwind'])).toBe('Northwind')
  })

  it('then the segment matching the registrable domain label', () => {
    expect(brandFromTitle('Fresh roasted coffee delivered – Blue Bottle', siteHost('www.bluebottlecoffee.co.uk'), [])).toBe('Blue Bottle')
    expect(brandFromTitle('Zephyr: Weather APIs for developers', siteHost('zephyr.io'), [])).toBe('Zephyr')
  })

  it('never takes a segment nothing else confirms: that is a headline (issue 15, class 2)', () => {
    expect(brandFromTitle('The best running shoes for every runner - Stride', siteHost('unrelated.com'), [])).toBeNull()
    expect(brandFromTitle('Twin Peaks 2017: Using the data to create the next big TV sensation', siteHost('audiense.com'), [])).toBeNull()
    expect(brandFromTitle('Linux Engineer\'s random thoughts - awk driven IoT', siteHost('anisse.astier.eu'), [])).toBeNull()
  })

  it('skips generic segments', () => {
    expect(brandFromTitle('Home | Kestrel Labs', siteHost('unrelated.com'), [])).toBe('Kestrel Labs')
  })

  it('accepts an unseparated title only when short', () => {
    expect(brandFromTitle('Quill', siteHost('other.com'), [])).toBe('Quill')
    expect(brandFromTitle('Online payment processing for businesses', siteHost('other.com'), [])).toBeNull()
  })
})

describe('pickBrandName', () => {
  it('uses og:site_name first', () => {
    expect(pickBrandName(signals({ siteNames: ['Acme'], applicationName: 'Acme App', title: 'Anvils | Acme Corp' })))
      .toEqual({ name: 'Acme', source: 'og:site_name', lowConfidence: false })
  })

  it('with several og:site_name values prefers the one in the title, else the shortest', () => {
    expect(pickBrandName(signals({ siteNames: ['Spring sale on all anvils', 'Acme'], title: 'Acme anvils' })).name).toBe('Acme')
    expect(pickBrandName(signals({ siteNames: ['Spring sale on all anvils', 'Acme'], title: 'Nothing' })).name).toBe('Acme')
  })

  it('falls through a generic og:site_name to application-name', () => {
    expect(pickBrandName(signals({ siteNames: ['Home'], applicationName: 'Ledgerly' })))
      .toMatchObject({ name: 'Ledgerly', source: 'application-name' })
  })

  it('uses apple-mobile-web-app-title after application-name', () => {
    expect(pickBrandName(signals({ appleMobileWebAppTitle: 'Pocketly', title: 'Something else entirely | here' })))
      .toMatchObject({ name: 'Pocketly', source: 'apple-mobile-web-app-title' })
  })

  it('prefers the publisher organization, then the one on this site', () => {
    const organizations = [
      { name: 'Payment Partner', alternateName: null, url: 'https://partner.example.net/', isPublisher: false },
      { name: 'Acme Anvils', alternateName: null, url: 'https://example.com/', isPublisher: false }
    ]
    expect(pickBrandName(signals({ organizations })).name).toBe('Acme Anvils')
    expect(pickBrandName(signals({ organizations: [...organizations, { name: 'Acme Holdings', alternateName: null, url: null, isPublisher: true }] })).name)
      .toBe('Acme Holdings')
  })

  it('uses alternateName, then the WebSite name, then the manifest', () => {
    expect(pickBrandName(signals({ host: siteHost('acme.com'), organizations: [{ name: null, alternateName: 'ACME', url: null, isPublisher: false }] })))
      .toMatchObject({ name: 'ACME', source: 'json-ld:alternate-name' })
    expect(pickBrandName(signals({ websiteName: 'Acme Site' }))).toMatchObject({ name: 'Acme Site', source: 'json-ld:website' })
    expect(pickBrandName(signals({ manifestName: null, manifestShortName: 'Acme' }))).toMatchObject({ name: 'Acme', source: 'web-manifest' })
  })

  it('uses the title segment, then the logo alt without the word logo, then the copyright holder', () => {
    expect(pickBrandName(signals({ title: 'Welcome | Kestrel Labs' }))).toMatchObject({ name: 'Kestrel Labs', source: 'title-segment' })
    expect(pickBrandName(signals({ logoAlts: ['Orbitly logo'] }))).toMatchObject({ name: 'Orbitly', source: 'logo-alt' })
    expect(pickBrandName(signals({ copyrightHolder: 'Fernwood Gardens LLC' }))).toMatchObject({ name: 'Fernwood Gardens', source: 'copyright' })
  })

  it('gives a lowercase logo alt the capitals the page writes the name with, but keeps a declared name as written', () => {
    const navigationTexts = ['Why Audiense', 'Audiense Insights']
    expect(pickBrandName(signals({ host: siteHost('audiense.com'), logoAlts: ['64 audiense'], navigationTexts })))
      .toMatchObject({ name: 'Audiense', source: 'logo-alt' })
    expect(pickBrandName(signals({ host: siteHost('audiense.com'), logoAlts: ['64Audiense'] })).name).toBe('Audiense')
    expect(pickBrandName(signals({ siteNames: ['smitten kitchen'], navigationTexts: ['Smitten Kitchen Every Day'] })).name).toBe('smitten kitchen')
  })

  it('falls back to the title-cased domain label with low confidence', () => {
    expect(pickBrandName(signals({ host: siteHost('shop.blue-harbor.co.uk') })))
      .toEqual({ name: 'Blue Harbor', source: 'domain-label', lowConfidence: true })
  })

  it('takes the first h1 when the host label confirms it and nothing else names the site', () => {
    const host = siteHost('tidepool.test')
    expect(pickBrandName(signals({ host, mainHeading: 'Tidepool Analytics' })))
      .toEqual({ name: 'Tidepool Analytics', source: 'main-heading', lowConfidence: false })
    // a headline that starts with the brand, a heading of another name, and a heading with a tagline are no name
    expect(pickBrandName(signals({ host, mainHeading: 'Tidepool raises money for reefs' })).source).toBe('domain-label')
    expect(pickBrandName(signals({ host, mainHeading: 'Coastal water, measured' })).source).toBe('domain-label')
    expect(pickBrandName(signals({ host, mainHeading: 'Tidepool | Coastal water quality' })).source).toBe('domain-label')
    // a name the page declares comes first
    expect(pickBrandName(signals({ host, title: 'Tidepool', mainHeading: 'Tidepool Analytics' })).name).toBe('Tidepool')
  })

  it('gives no name for an IP address or localhost', () => {
    expect(pickBrandName(signals({ host: siteHost('203.0.113.9') })).name).toBeNull()
    expect(pickBrandName(signals({ host: siteHost('localhost') })).name).toBeNull()
  })

  it('collapses whitespace and normalises to NFC', () => {
    expect(pickBrandName(signals({ siteNames: ['  Cafe\u0301\n  Lumie\u0300re '] })).name).toBe('Café Lumière')
  })
})

describe('withoutLegalForm', () => {
  it.each([
    ['Vantor Telematics Inc.', 'Vantor Telematics'], ['Acme, LLC', 'Acme'], ['Kraus GmbH & Co. KG', 'Kraus'], ['Bluegum Pty Ltd', 'Bluegum'],
    ['Shenzhen Baz Co., Ltd.', 'Shenzhen Baz'], ['Société Générale S.A.', 'Société Générale'], ['Atlas Copco AB', 'Atlas Copco'],
    ['Ford Motor Company', 'Ford Motor Company'], ['Inc.', 'Inc.'], ['Hotel Inca', 'Hotel Inca']
  ])('%s is %s', (name, brand) => {
    expect(withoutLegalForm(name)).toBe(brand)
  })
})
