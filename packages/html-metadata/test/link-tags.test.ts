import { describe, expect, it } from 'vitest'
import { extractMetadata } from '../src/index.js'

const metaOf = (html: string) => extractMetadata(html, 'https://app.test/dashboard/')

describe('link tags', () => {
  it('takes every rel containing "icon" with its sizes and type, lowercasing rel and type', () => {
    const meta = metaOf(`<link rel="ICON" type="IMAGE/PNG" sizes="16x16 32x32" href="/f.png">
      <link rel="apple-touch-icon" sizes="180x180" href="apple.png"><link rel="fluid-icon" href="/fluid.png">
      <link rel="icon" href=""><link rel="preload" href="/font.woff2">`)
    expect(meta.icons).toEqual([
      { href: 'https://app.test/f.png', rel: 'icon', sizes: '16x16 32x32', type: 'image/png' },
      { href: 'https://app.test/dashboard/apple.png', rel: 'apple-touch-icon', sizes: '180x180', type: null },
      { href: 'https://app.test/fluid.png', rel: 'fluid-icon', sizes: null, type: null }
    ])
  })

  it('keeps the first manifest and every canonical', () => {
    const meta = metaOf('<link rel="manifest" href="manifest.json"><link rel="manifest" href="/other.json"><link rel="canonical" href="/a"><link rel="canonical" href="/b">')
    expect(meta.manifestUrl).toBe('https://app.test/dashboard/manifest.json')
    expect(meta.canonical).toBe('https://app.test/a')
    expect(meta.canonicals).toEqual(['https://app.test/a', 'https://app.test/b'])
  })

  it('lists JSON feeds and leaves alternate stylesheets out of alternates', () => {
    const meta = metaOf('<link rel="alternate" type="application/feed+json" href="/feed.json"><link rel="alternate stylesheet" href="/dark.css">')
    expect(meta.alternates).toEqual([{ href: 'https://app.test/feed.json', hreflang: null, type: 'application/feed+json' }])
    expect(meta.feeds).toEqual(['https://app.test/feed.json'])
  })
})
