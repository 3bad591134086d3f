import { extractMetadata, parseManifest } from '@utility-apis/html-metadata'
import { describe, expect, it } from 'vitest'
import { declaredColors, logoColors, mergeNearDuplicates, svgFills, thumbnailColors } from '../../src/domain/colors.js'
import { decodeImage } from '../../src/domain/image-decode.js'
import { confirmImage, readImageInfo } from '../../src/domain/image-probe.js'
import type { Logo } from '../../src/domain/logos.js'
import { gif, ico, pngOf } from '../helpers/images.js'

const URL_OF_PAGE = 'https://colors.test/'
const logo = (url: string, format: string): Logo => ({ url, kind: 'logo', format, width: 40, height: 20, size_source: 'decoded', theme: null, source: 'json-ld:logo' })

describe('declaredColors', () => {
  it('reads every declared source in order, with the theme of each theme-color variant', () => {
    const meta = extractMetadata(`<!doctype html><meta name="theme-color" content="#D32F2F">
<meta name="theme-color" media="(prefers-color-scheme: light)" content="rgb(255, 255, 255)">
<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#121212">
<link rel="mask-icon" href="/mask.svg" color="#5bbad5"><meta name="msapplication-TileColor" content="DarkSlateBlue">`, URL_OF_PAGE)
    const manifest = parseManifest('{"theme_color":"#0a7","background_color":"#fafafa"}', `${URL_OF_PAGE}site.webmanifest`)
    expect(declaredColors(meta, manifest)).toEqual([
      { hex: '#d32f2f', source: 'theme-color' },
      { hex: '#ffffff', source: 'theme-color:light' },
      { hex: '#121212', source: 'theme-color:dark' },
      { hex: '#5bbad5', source: 'mask-icon' },
      { hex: '#483d8b', source: 'msapplication-TileColor' },
      { hex: '#00aa77', source: 'web-manifest:theme_color' },
      { hex: '#fafafa', source: 'web-manifest:background_color' }
    ])
  })

  it('leaves out what is no colour: junk, transparent, currentColor', () => {
    const meta = extractMetadata(`<meta name="theme-color" content="brandish"><meta name="theme-color" content="transparent">
<link rel="mask-icon" href="/m.svg" color="currentColor">`, URL_OF_PAGE)
    expect(declaredColors(meta, null)).toEqual([])
  })
})

describe('mergeNearDuplicates', () => {
  it('keeps the first of colours a person cannot tell apart, and distinct ones', () => {
    expect(mergeNearDuplicates([
      { hex: '#d32f2f', source: 'theme-color' },
      { hex: '#d4302e', source: 'logo:image' },
      { hex: '#2f2fd3', source: 'logo:image' }
    ])).toEqual([{ hex: '#d32f2f', source: 'theme-color' }, { hex: '#2f2fd3', source: 'logo:image' }])
  })
})

describe('svgFills', () => {
  it('reads fill attributes, style fills and gradient stops, most used first, skipping none and url()', () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g"><stop stop-color="#00f"/></linearGradient></defs>
<rect fill="#FF5500"/><path style="fill: #ff5500; stroke: #000"/><circle fill="url(#g)"/><path fill="none"/><text fill="navy">A</text></svg>`
    expect(svgFills(svg)).toEqual(['#ff5500', '#0000ff', '#000080'])
  })
})

describe('thumbnailColors', () => {
  it('gives the dominant colours of the visible pixels, largest first, ignoring transparent ones and specks', async () => {
    // 60% red, 30% blue, 10% transparent, one green pixel (under 5%)
    const image = pngOf(20, 10, (x, y) => x === 0 && y === 0 ? [0, 200, 0, 255] : x < 12 ? [220, 20, 60, 255] : x < 18 ? [30, 60, 200, 255] : [0, 0, 0, 0])
    const decoded = await decodeImage(image)
    expect(decoded === null ? null : thumbnailColors(decoded.thumbnail)).toEqual(['#dc143c', '#1e3cc8'])
  })
})

describe('logoColors', () => {
  const red = pngOf(8, 8, () => [220, 20, 60, 255])
  const info = async (body: Buffer, truncated = false) => {
    const image = readImageInfo(body, truncated)
    return image === null ? null : await confirmImage(image)
  }

  it('reads the first logo that decodes: past an ICO and a cut-off file, to a PNG', async () => {
    const images = new Map([
      ['https://c.test/favicon.ico', await info(ico([16, 32]))],
      ['https://c.test/cut.png', await info(red, true)],
      ['https://c.test/logo.png', await info(red)]
    ])
    const logos = [logo('https://c.test/favicon.ico', 'ico'), logo('https://c.test/cut.png', 'png'), logo('https://c.test/logo.png', 'png')]
    expect(logoColors(logos, images)).toEqual([{ hex: '#dc143c', source: 'logo:image' }])
  })

  it('reads an SVG logo\'s fills', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect fill="#123456"/></svg>')
    expect(logoColors([logo('https://c.test/l.svg', 'svg')], new Map([['https://c.test/l.svg', await info(svg)]])))
      .toEqual([{ hex: '#123456', source: 'logo:svg' }])
  })

  it('gives none for a logo too large to decode, whose size is only declared', async () => {
    const body = gif(4096, 4096)
    const image = await info(body)
    expect(image).toMatchObject({ width: 4096, height: 4096, sizeSource: 'declared' })
    expect(logoColors([logo('https://c.test/l.gif', 'gif')], new Map([['https://c.test/l.gif', image]]))).toEqual([])
  })
})
