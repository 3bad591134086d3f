import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { inDecodeQueue, MAX_CONCURRENT_DECODES } from '../../src/domain/image-decode.js'
import { renderLogo, renderOwnSvg } from '../../src/logo/logo-render.js'
import { monogramSvg } from '../../src/logo/monogram.js'
import { variantOf } from '../../src/logo/logo-variant.js'
import { pngOf, type Rgba } from '../helpers/images.js'

// An SVG logo from any site, rasterised: what an attacker hides from a cleaner is never drawn (an embedded bitmap, a
// filter effect), and an ordinary logo draws exactly as its own file does.

const SIZE = 64
const RED: Rgba = [220, 20, 30, 255]
const GREEN: Rgba = [0, 160, 0, 255]
const svgOf = (body: string, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10" viewBox="0 0 10 10">${defs}${body}</svg>`
/** A blur whose cost the file chooses: drawn, it softens the rectangle's corners into transparency. */
const BLUR = '<defs><filter id="f"><feGaussianBlur stdDeviation="2"/></filter></defs>'

async function rendered (svg: string) {
  const image = await renderLogo(Buffer.from(svg), 'svg', variantOf({ size: SIZE }))
  if (image === null) throw new Error('the logo did not render')
  const { data } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data, at: (x: number, y: number): number[] => [...data.subarray((y * SIZE + x) * 4, (y * SIZE + x) * 4 + 4)] }
}

/** The SVG as librsvg draws it untouched, at the size and density renderLogo draws it. */
async function drawnAsItIs (svg: string): Promise<Buffer> {
  return await sharp(Buffer.from(svg), { density: 72 * SIZE / 10 })
    .resize(SIZE, SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .ensureAlpha().raw().toBuffer()
}

/** A document of its own holding a pattern painted with a bitmap of `colour`, as a data: URL a paint can name. */
function bitmapDocument (colour: Rgba): string {
  const bitmap = pngOf(40, 40, () => colour).toString('base64')
  const inner = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">' +
    '<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse">' +
    `<image width="10" height="10" xlink:href="data:image/png;base64,${bitmap}"/></pattern></svg>`
  return `data:image/svg+xml;base64,${Buffer.from(inner).toString('base64')}#p`
}

describe('renderLogo on an SVG an attacker wrote', () => {
  const document = bitmapDocument(RED)
  it.each([
    ['a character reference', `<rect style="fill: url&#40;'${document}')" width="10" height="10"/>`],
    ['a style declaration', `<rect style="fill: url('${document}')" width="10" height="10"/>`],
    ['a presentation attribute', `<rect fill="url('${document}')" width="10" height="10"/>`],
    ['a CSS escape', `<rect style="fill: u\\72l('${document}')" width="10" height="10"/>`]
  ])('never paints with a bitmap in a data: document, its url( spelled by %s', async (_spelling, body) => {
    expect((await rendered(svgOf(body))).at(32, 32)).not.toEqual(RED)
  })

  it('never draws an embedded bitmap, under whatever prefix xlink is bound to', async () => {
    const bitmap = `data:image/png;base64,${pngOf(10, 10, () => RED).toString('base64')}`
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xl="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">' +
      `<rect width="10" height="10" fill="#00a000"/><image xl:href="${bitmap}" width="10" height="10"/><image href="${bitmap}" width="10" height="10"/></svg>`
    expect((await rendered(svg)).at(32, 32)).toEqual(GREEN)
  })

  it.each([
    ['a CSS escape', '<style>.b { fil\\74 er: url(#f) }</style><rect class="b" width="10" height="10" fill="#00a000"/>'],
    ['a character reference', '<rect style="filter&#58;url(#f)" width="10" height="10" fill="#00a000"/>'],
    ['a CSS comment', '<style>.b{filter/**/:url(#f)}</style><rect class="b" width="10" height="10" fill="#00a000"/>'],
    ['an attribute', '<rect filter="url(#f)" width="10" height="10" fill="#00a000"/>']
  ])('draws without filter effects, the filter spelled by %s', async (_spelling, body) => {
    const { at } = await rendered(svgOf(body, BLUR))
    // unblurred: the rectangle's own green to its corners
    expect([at(0, 0), at(32, 32), at(63, 63)]).toEqual([GREEN, GREEN, GREEN])
  })

  it('refuses a file with a document type, one that is no SVG and one that is not well-formed', async () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#00a000"/><text>&b;</text></svg>'
    const html = '<html><body><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg></body></html>'
    const cut = svgOf('<rect width="10" height="10" fill="#00a000"/>').slice(0, -6)
    for (const file of [laughs, html, cut]) expect(await renderLogo(Buffer.from(file), 'svg', variantOf({ size: SIZE }))).toBeNull()
  })
})

describe('renderLogo on an ordinary SVG logo', () => {
  const logos: Record<string, string> = {
    gradients: svgOf('<rect width="10" height="5" fill="url(#h)"/><circle cx="5" cy="7.5" r="2.5" fill="url(#r)"/>',
      '<defs><linearGradient id="h" x1="0" x2="1"><stop offset="0" stop-color="#dc141e"/><stop offset="1" stop-color="#1428c8"/></linearGradient>' +
      '<radialGradient id="r" xlink:href="#h"/></defs>'),
    'paths and strokes': svgOf('<path d="M1 1 L9 1 L5 9 Z" fill="#00a000" stroke="#102030" stroke-width="0.5" stroke-linejoin="round"/>' +
      '<polyline points="0,9 3,6 6,9" fill="none" stroke="#c08000" stroke-linecap="square"/>'),
    text: svgOf('<text x="1" y="8" font-family="sans-serif" font-size="8" fill="#1428c8">A<tspan fill="#dc141e">b</tspan></text>'),
    'a symbol used by fragment': svgOf('<use href="#s" x="1" y="1"/><use xlink:href="#s" x="5" y="5" style="fill:#dc141e"/>',
      '<defs><symbol id="s" viewBox="0 0 4 4" width="4" height="4"><circle cx="2" cy="2" r="2"/></symbol></defs>'),
    'a clip path and a mask': svgOf('<g clip-path="url(#c)"><rect width="10" height="10" fill="#00a000"/></g><rect width="10" height="3" fill="#1428c8" mask="url(#m)"/>',
      '<clipPath id="c"><circle cx="5" cy="5" r="4"/></clipPath><mask id="m"><rect width="5" height="3" fill="white"/></mask>'),
    'a class styled by a sheet': svgOf('<rect class="st0" width="10" height="5"/><g class="st1"><rect y="5" width="10" height="5"/></g>',
      '<style>.st0{fill:#00a000;}\n.st1 rect{fill:#1428c8;opacity:.5}</style>')
  }

  it.each(Object.entries(logos))('%s: draws exactly as the file itself', async (_name, svg) => {
    const { data } = await rendered(svg)
    expect(data.equals(await drawnAsItIs(svg))).toBe(true)
    // and draws something: not a blank square
    expect(data.some((value, index) => index % 4 === 3 && value > 0)).toBe(true)
  })
})

describe('renderLogo on an SVG that asks librsvg for too much drawing', () => {
  it('refuses the 1.5 KB bomb of nested uses at once, at the largest size, instead of holding a decode slot for a minute', async () => {
    let svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100"><defs>' +
      '<g id="l0"><rect width="100" height="100" fill="red" opacity="0.5"/></g>'
    for (let i = 1; i <= 4; i++) svg += `<g id="l${i}">` + `<use href="#l${i - 1}" opacity="0.9"/>`.repeat(10) + '</g>'
    svg += '</defs><use href="#l4"/></svg>'
    expect(await renderLogo(Buffer.from(svg), 'svg', variantOf({ size: 512, retina: true }))).toBeNull()
  })

  it('draws a dashed stroke solid, however it is set: 200 lines dashed every 0.01 unit held a decode slot for a minute', async () => {
    let lines = 'M0 0'
    for (let i = 0; i < 200; i++) lines += i % 2 === 1 ? ' L0 10' : ' L10 10'
    const dashed = [
      `<path d="M0 5 L10 5" stroke="#00a000" stroke-width="4" stroke-dasharray="1"/><path d="${lines}" fill="none" stroke="#00a000" stroke-width="0.1" stroke-dasharray="0.01"/>`,
      '<path d="M0 5 L10 5" style="stroke:#00a000;stroke-width:4;stroke-dasharray:1;stroke-dashoffset:0.5"/>',
      '<style>.d{stroke-dasharray:1}</style><g stroke-dasharray="1"><path class="d" d="M0 5 L10 5" stroke="#00a000" stroke-width="4"/></g>'
    ]
    for (const body of dashed) {
      const { at } = await rendered(svgOf(body))
      // the middle of the line, every 6.4 px (a dash and a gap would alternate there), is painted
      for (let x = 1; x < SIZE - 1; x += 3) expect(at(x, SIZE / 2), `${body.slice(0, 40)} at x=${x}`).toEqual(GREEN)
    }
  })
})

describe('renderOwnSvg', () => {
  it('draws the monogram while slow logo files hold every decode slot: the fallback waits behind no site', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => { release = resolve })
    const holders = Array.from({ length: MAX_CONCURRENT_DECODES }, async () => await inDecodeQueue(async () => await held))
    try {
      const image = await renderOwnSvg(monogramSvg('AB', '#336699', 64), variantOf({ size: 64 }))
      expect(await sharp(image).metadata()).toMatchObject({ format: 'png', width: 64, height: 64 })
    } finally {
      release()
      await Promise.all(holders)
    }
  })
})
