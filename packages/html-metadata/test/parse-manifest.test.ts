import { describe, expect, it } from 'vitest'
import { parseManifest } from '../src/index.js'

describe('parseManifest', () => {
  const manifest = JSON.stringify({
    name: '  Pocket   Invoice ',
    short_name: 'Pocket',
    description: 'Tiny invoices for freelancers.',
    theme_color: '#0f766e',
    background_color: '#ffffff',
    lang: 'en',
    display: 'standalone',
    start_url: '../app/?source=pwa',
    icons: [
      { src: 'icons/192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
      { src: 'https://cdn.pocket.test/mono.svg', type: 'image/svg+xml', purpose: 'monochrome' },
      { sizes: '48x48' },
      'not an icon'
    ]
  })

  it('resolves icon sources and start_url against the manifest URL, not the page', () => {
    expect(parseManifest(manifest, 'https://static.pocket.test/pwa/site.webmanifest')).toEqual({
      name: 'Pocket Invoice',
      shortName: 'Pocket',
      description: 'Tiny invoices for freelancers.',
      themeColor: '#0f766e',
      backgroundColor: '#ffffff',
      lang: 'en',
      display: 'standalone',
      startUrl: 'https://static.pocket.test/app/?source=pwa',
      icons: [
        { src: 'https://static.pocket.test/pwa/icons/192.png', sizes: '192x192', type: 'image/png', purpose: null },
        { src: 'https://static.pocket.test/icons/512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
        { src: 'https://cdn.pocket.test/mono.svg', sizes: null, type: 'image/svg+xml', purpose: 'monochrome' }
      ]
    })
  })

  it('accepts a byte order mark and missing fields', () => {
    expect(parseManifest('\uFEFF{"short_name":"P"}', 'https://p.test/m.json')).toMatchObject({ name: null, shortName: 'P', icons: [] })
  })

  it('returns null for broken JSON, non-objects and an invalid manifest URL', () => {
    expect(parseManifest('{"name": "x",}', 'https://p.test/m.json')).toBeNull()
    expect(parseManifest('["x"]', 'https://p.test/m.json')).toBeNull()
    expect(parseManifest('{"name":"x"}', 'm.json')).toBeNull()
  })
})
