import { describe, expect, it } from 'vitest'
import { isOrganizationLike, mainOrganization, organizationsOf, ownOrganizations, websiteNameOf } from '../../src/domain/organization.js'
import { siteHost } from '../../src/domain/site-host.js'

describe('isOrganizationLike', () => {
  it.each([
    ['Organization'], ['Corporation'], ['LocalBusiness'], ['Restaurant'], ['Dentist'], ['BankOrCreditUnion'],
    ['MedicalOrganization'], ['Brand'], ['NGO'], ['https://schema.org/Store'], [['Thing', 'Organization']]
  ])('accepts @type %j', (type) => {
    expect(isOrganizationLike({ '@type': type })).toBe(true)
  })

  it.each([['WebSite'], ['WebPage'], ['Person'], ['Product'], [undefined]])('rejects @type %j', (type) => {
    expect(isOrganizationLike({ '@type': type })).toBe(false)
  })
})

describe('organizationsOf', () => {
  it('reads a logo from a string, an ImageObject url or contentUrl, or the first of a list', () => {
    const orgs = organizationsOf([
      { '@type': 'Organization', name: 'A', logo: '/a.png' },
      { '@type': 'Organization', name: 'B', logo: { '@type': 'ImageObject', url: 'https://b.example/logo.svg', width: 600, height: 60 } },
      { '@type': 'Organization', name: 'C', logo: { '@type': 'ImageObject', contentUrl: 'https://c.example/c.png' } },
      { '@type': 'Organization', name: 'D', logo: [{ '@type': 'ImageObject' }, 'https://d.example/d.png'] }
    ])
    expect(orgs.map((org) => [org.name, org.logo])).toEqual([
      ['A', '/a.png'], ['B', 'https://b.example/logo.svg'], ['C', 'https://c.example/c.png'], ['D', 'https://d.example/d.png']
    ])
  })

  it('resolves a relative url against the page\'s base, so "/" is this site\'s root and the node its own', () => {
    const orgs = organizationsOf([{ '@type': 'Organization', name: 'Corvid Labs', url: '/' }], 'https://www.corvid.example/about')
    expect(orgs[0].url).toBe('https://www.corvid.example/')
    expect(ownOrganizations(orgs, siteHost('www.corvid.example'))).toEqual(orgs)
  })

  it('marks the WebSite publisher referenced by @id', () => {
    const orgs = organizationsOf([
      { '@type': 'WebSite', name: 'Site', publisher: { '@id': '#org' } },
      { '@type': 'Organization', '@id': '#other', name: 'Partner' },
      { '@type': 'Organization', '@id': '#org', name: 'Owner', alternateName: 'OWN', description: 'We own it.' }
    ])
    expect(orgs.map((org) => [org.name, org.isPublisher])).toEqual([['Partner', false], ['Owner', true]])
    expect(mainOrganization(orgs, siteHost('example.com'))).toMatchObject({ name: 'Owner', alternateName: 'OWN', description: 'We own it.' })
  })

  it('treats an inline publisher as the publisher', () => {
    const orgs = organizationsOf([{ '@type': 'WebSite', publisher: { '@type': 'Organization', name: 'Inline Co', logo: 'https://i.example/l.png' } }])
    expect(orgs).toEqual([{
      name: 'Inline Co', alternateName: null, url: null, id: null, isPublisher: true, logo: 'https://i.example/l.png', logoSize: null, description: null, sameAs: []
    }])
  })
})

describe('mainOrganization', () => {
  it('prefers the organization at the root of this site, and never takes one of another site', () => {
    const orgs = organizationsOf([
      { '@type': 'Organization', name: 'Payments Inc', url: 'https://pay.example/' },
      { '@type': 'Organization', name: 'Shop', url: 'https://www.shop.example/' }
    ])
    expect(mainOrganization(orgs, siteHost('shop.example'))?.name).toBe('Shop')
    expect(mainOrganization(orgs, siteHost('elsewhere.example'))).toBeNull()
    expect(mainOrganization([], siteHost('shop.example'))).toBeNull()
  })

  it('never takes the subject of a page on the same site: a company page on a network (issue 15, class 1)', () => {
    const orgs = organizationsOf([{ '@type': 'Organization', name: 'Audiense', url: 'https://uk.linkedin.com/company/audiense' }])
    expect(mainOrganization(orgs, siteHost('www.linkedin.com'))).toBeNull()
  })

  it('takes an organization without an address only when its name agrees with the page', () => {
    const orgs = organizationsOf([{ '@type': 'Organization', name: 'Northwind' }])
    expect(mainOrganization(orgs, siteHost('www.example.com'), ['Teas and more | Northwind'])?.name).toBe('Northwind')
    expect(mainOrganization(orgs, siteHost('northwind.example'))?.name).toBe('Northwind')
    expect(mainOrganization(orgs, siteHost('www.example.com'), ['A story about a company'])).toBeNull()
  })

  it('lists every node naming the site itself, so its sameAs and logo are read wherever they are', () => {
    const orgs = organizationsOf([
      { '@type': 'Organization', name: 'Atlas', url: 'https://www.atlas.example', sameAs: ['https://x.com/atlas'] },
      { '@type': 'NewsArticle', publisher: { '@type': 'Organization', name: 'Atlas', logo: '/l.png' } },
      { '@type': 'Organization', name: 'Subject Co', sameAs: ['https://x.com/subject'] }
    ])
    expect(ownOrganizations(orgs, siteHost('atlas.example')).map((org) => [org.name, org.isPublisher])).toEqual([['Atlas', true], ['Atlas', false]])
  })
})

describe('websiteNameOf', () => {
  it('reads the first WebSite name', () => {
    expect(websiteNameOf([{ '@type': 'WebPage', name: 'Page' }, { '@type': 'WebSite', name: 'Site' }])).toBe('Site')
    expect(websiteNameOf([{ '@type': 'WebPage', name: 'Page' }])).toBeNull()
  })
})
