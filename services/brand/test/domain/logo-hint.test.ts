import { describe, expect, it } from 'vitest'
import { iconSize, pickLogoHint, type LogoSignals } from '../../src/domain/logo-hint.js'

function signals (overrides: Partial<LogoSignals>): LogoSignals {
  return { declared: [], appleTouchIcons: [], manifestIcons: [], icons: [], headerLogos: [], faviconIco: null, ...overrides }
}

const base = 'https://acme.example/'

describe('iconSize', () => {
  it('reads sizes, the largest of several, any, SVG type and NxN file names', () => {
    expect(iconSize({ url: base + 'a.png', sizes: '180x180' })).toBe(180)
    expect(iconSize({ url: base + 'a.png', sizes: '16x16 32x32 64x64' })).toBe(64)
    expect(iconSize({ url: base + 'a.svg', sizes: 'any' })).toBe(Number.MAX_SAFE_INTEGER)
    expect(iconSize({ url: base + 'mark', type: 'image/svg+xml' })).toBe(Number.MAX_SAFE_INTEGER)
    expect(iconSize({ url: base + 'icons/favicon-96x96.png' })).toBe(96)
    expect(iconSize({ url: base + 'favicon.ico' })).toBe(0)
  })
})

describe('pickLogoHint', () => {
  const everything = signals({
    declared: [{ url: base + 'logo-wide.png', source: 'json-ld:logo' }],
    appleTouchIcons: [{ url: base + 'apple-120.png', sizes: '120x120' }, { url: base + 'apple-180.png', sizes: '180x180' }],
    manifestIcons: [{ url: base + 'm-512.png', sizes: '512x512', purpose: 'maskable' }, { url: base + 'm-192.png', sizes: '192x192' }],
    icons: [{ url: base + 'favicon-32.png', sizes: '32x32' }, { url: base + 'mark.svg', type: 'image/svg+xml' }],
    headerLogos: [{ url: base + 'header-logo.png' }],
    faviconIco: base + 'favicon.ico'
  })

  it('takes an explicit declaration first, whatever its aspect ratio', () => {
    expect(pickLogoHint(everything)).toEqual({ url: base + 'logo-wide.png', source: 'json-ld:logo' })
  })

  it('then the largest apple-touch-icon', () => {
    expect(pickLogoHint({ ...everything, declared: [] })).toEqual({ url: base + 'apple-180.png', source: 'apple-touch-icon' })
  })

  it('then the largest manifest icon for any purpose, skipping maskable ones', () => {
    expect(pickLogoHint({ ...everything, declared: [], appleTouchIcons: [] })).toEqual({ url: base + 'm-192.png', source: 'web-manifest' })
  })

  it('then an SVG or the largest icon, then the header logo, then /favicon.ico', () => {
    const rest = { ...everything, declared: [], appleTouchIcons: [], manifestIcons: [] }
    expect(pickLogoHint(rest)).toEqual({ url: base + 'mark.svg', source: 'icon' })
    expect(pickLogoHint({ ...rest, icons: [] })).toEqual({ url: base + 'header-logo.png', source: 'header-logo' })
    expect(pickLogoHint({ ...rest, icons: [], headerLogos: [] })).toEqual({ url: base + 'favicon.ico', source: 'favicon.ico' })
  })

  it('gives null when nothing is known', () => {
    expect(pickLogoHint(signals({}))).toEqual({ url: null, source: null })
  })
})
