import { extractMetadata, parseManifest } from '@utility-apis/html-metadata'
import { describe, expect, it } from 'vitest'
import { findInconsistencies } from '../../src/domain/consistency.js'
import { siteOrganizations } from '../../src/domain/page-signals.js'
import { pageLocation } from '../../src/domain/site-host.js'

function findingsOf (html: string, manifestJson: string | null = null, url = 'https://www.acme.test/') {
  const meta = extractMetadata(html, url)
  const manifest = manifestJson === null ? null : parseManifest(manifestJson, `${url}site.webmanifest`)
  const page = pageLocation(url)
  const orgs = siteOrganizations(meta, { manifest, manifestUrl: null, faviconIco: null }, page.host)
  return findInconsistencies(meta, manifest, orgs, page)
}

describe('findInconsistencies', () => {
  it('reports names that name different brands, listing every name and its source', () => {
    const html = `<title>Acme | Anvils</title><meta property="og:site_name" content="Acme">
<script type="application/ld+json">{"@type":"Organization","name":"Acme","url":"https://www.acme.test/"}</script>`
    expect(findingsOf(html, '{"name":"Roadrunner Supply"}')).toEqual([{
      code: 'names_differ',
      message: 'The site names itself differently: og:site_name "Acme", json-ld:organization "Acme", web-manifest "Roadrunner Supply", title "Acme"',
      values: [
        { source: 'og:site_name', value: 'Acme' },
        { source: 'json-ld:organization', value: 'Acme' },
        { source: 'web-manifest', value: 'Roadrunner Supply' },
        { source: 'title', value: 'Acme' }
      ]
    }])
  })

  it('finds no contradiction in spellings of one name: an address, a longer form, a legal suffix', () => {
    const html = `<title>Story - Bloomberg</title><meta property="og:site_name" content="Bloomberg.com">
<meta name="application-name" content="Bloomberg News"><script type="application/ld+json">{"@type":"WebSite","name":"Bloomberg, Inc."}</script>`
    expect(findingsOf(html, null, 'https://www.bloomberg.test/')).toEqual([])
  })

  it('reads an acronym and the name it abbreviates as one name, and an acronym of other words as another', () => {
    const page = (acronym: string) => `<title>Research</title><meta property="og:site_name" content="${acronym}">
<script type="application/ld+json">{"@type":"Organization","name":"Becker Friedman Institute for Economics at UChicago","url":"/"}</script>`
    expect(findingsOf(page('BFI'))).toEqual([])
    expect(findingsOf(page('BBC')).map((finding) => finding.code)).toEqual(['names_differ'])
    expect(findingsOf(page('Bfi')).map((finding) => finding.code)).toEqual(['names_differ'])
    // two letters name the whole: "BF" begins too many names to be this one's
    expect(findingsOf(page('BF')).map((finding) => finding.code)).toEqual(['names_differ'])
  })

  it('does not count another organisation the page describes', () => {
    const html = `<title>Audiense | LinkedIn</title><meta property="og:site_name" content="LinkedIn">
<script type="application/ld+json">{"@type":"Organization","name":"Audiense","url":"https://www.linkedin.test/company/audiense"}</script>`
    expect(findingsOf(html, null, 'https://www.linkedin.test/company/audiense')).toEqual([])
  })

  it('reports a canonical URL and an og:url on another host, not on the www. form of the same', () => {
    const html = '<link rel="canonical" href="https://mirror.test/page"><meta property="og:url" content="https://acme.test/">'
    expect(findingsOf(html)).toEqual([{
      code: 'canonical_other_host',
      message: 'The canonical is on another host than the page (mirror.test)',
      values: [{ source: 'canonical', value: 'https://mirror.test/page' }, { source: 'final_url', value: 'https://www.acme.test/' }]
    }])
    expect(findingsOf('<meta property="og:url" content="https://staging.acme.test/">').map((finding) => finding.code)).toEqual(['og_url_other_host'])
  })
})
