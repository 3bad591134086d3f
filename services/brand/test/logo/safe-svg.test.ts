import { readdirSync, readFileSync } from 'node:fs'
import { gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { drawingCost, MAX_COMPOSITED_GROUPS, MAX_DRAWN_ELEMENTS, MAX_PATH_SEGMENTS, safeSvg, SVG_MAX_BYTES } from '../../src/logo/safe-svg.js'

// The SVG librsvg is given: rebuilt from what the parser read, only what draws a logo.

const rebuilt = (svg: string): string | undefined => safeSvg(Buffer.from(svg))?.toString('utf8')

describe('safeSvg', () => {
  it('keeps an href only as a fragment of the file, under any prefix bound to xlink, and only where it names paint or a shape', () => {
    const out = rebuilt('<svg xmlns="http://www.w3.org/2000/svg" xmlns:q="http://www.w3.org/1999/xlink">' +
      '<use q:href="#mark"/><use href="other.svg#mark"/><use xlink:href="data:image/svg+xml,x"/><rect id="mark" href="#mark" width="1" height="1"/></svg>')
    expect(out).toBeDefined()
    expect(out?.match(/href="[^"]*"/g)).toEqual(['href="#mark"'])
  })

  it('drops scripts, handlers, foreign content, bitmaps, filters, patterns and animation with everything they hold', () => {
    const out = rebuilt('<svg xmlns="http://www.w3.org/2000/svg" onload="steal()"><script>steal()</script>' +
      '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><rect id="inside"/></div></foreignObject><image href="x.png"/>' +
      '<filter id="f"><feGaussianBlur stdDeviation="9"/></filter><pattern id="p"><rect id="tile"/></pattern>' +
      '<rect width="1" height="1" onclick="steal()"><animate attributeName="width" to="9"/><set attributeName="fill" to="red"/></rect></svg>')
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"></rect></svg>')
  })

  it('writes back text and values the parser decoded, escaped again', () => {
    const out = rebuilt('<svg xmlns="http://www.w3.org/2000/svg"><text font-family="&quot;Acme&quot;, sans-serif">A &amp; B &lt;3 &#x263A;</text></svg>')
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><text font-family="&quot;Acme&quot;, sans-serif">A &amp; B &lt;3 \u263A</text></svg>')
  })

  it('rebuilds a style sheet from its plain rules and allowed declarations only', () => {
    const out = rebuilt('<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(x.css); .a{fill:red}' +
      ' .b{fill:#00a000;filter:url(#f);background:url(x.png)} [id]{fill:red} @media (prefers-color-scheme: dark){.b{fill:#fff}}' +
      ' .c{fill:url(data:x)} g > .d, .e{stroke:#123456}</style></svg>')
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><style>.b{fill:#00a000}\ng &gt; .d, .e{stroke:#123456}</style></svg>')
  })

  it('refuses a file larger than a logo', () => {
    const filler = '<rect width="1" height="1"/>'.repeat(Math.ceil(SVG_MAX_BYTES / 28))
    expect(safeSvg(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${filler}</svg>`))).toBeNull()
  })
})

const HEAD = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">'
const UNCAPPED = { drawn: Number.POSITIVE_INFINITY, groups: Number.POSITIVE_INFINITY, segments: Number.POSITIVE_INFINITY }

/** A star polygon of `points` points, each edge crossing many others (`points` and 1,499 coprime). */
const star = (points: number): string => Array.from({ length: points }, (_, i) => {
  const angle = i * 2 * Math.PI * 1499 / points
  return `${(50 + 50 * Math.cos(angle)).toFixed(2)},${(50 + 50 * Math.sin(angle)).toFixed(2)}`
}).join(' ')

/** `<use>` nested `levels` deep, `fan` to a level: the file the reviewer's 1.5 KB bomb was (4 x 10: 10,000 rects). */
function useBomb (levels: number, fan: number, opacity = ' opacity="0.9"'): Buffer {
  let svg = `${HEAD}<defs><g id="l0"><rect width="100" height="100" fill="red" opacity="0.5"/></g>`
  for (let i = 1; i <= levels; i++) svg += `<g id="l${i}">` + `<use href="#l${i - 1}"${opacity}/>`.repeat(fan) + '</g>'
  return Buffer.from(`${svg}</defs><use href="#l${levels}"/></svg>`)
}

describe('safeSvg on what a document asks librsvg to draw', () => {
  it.each([
    ['the 1.5 KB bomb: 10,000 rects in groups with opacity, uses nested four deep', useBomb(4, 10)],
    ['1,000 uses nested three deep', useBomb(3, 10)],
    ['1,000 uses of a rect without opacity, side by side', Buffer.from(`${HEAD}<defs><rect id="r" width="9" height="9"/></defs>${'<use href="#r"/>'.repeat(1000)}</svg>`)],
    ['100,000 uses without opacity', useBomb(5, 10, '')],
    ['3,000 uses with opacity on one level', useBomb(1, 3000)],
    ['groups made by a sheet\'s class', Buffer.from(`${HEAD}<style>.o{opacity:.9}</style>${'<rect class="o" width="9" height="9"/>'.repeat(MAX_COMPOSITED_GROUPS + 1)}</svg>`)],
    ['a mask applied again and again', Buffer.from(`${HEAD}<mask id="m"><rect width="9" height="9" fill="#fff"/></mask>${'<rect mask="url(#m)" width="9" height="9"/>'.repeat(MAX_COMPOSITED_GROUPS)}</svg>`)],
    ['one text of more characters than a logo draws', Buffer.from(`${HEAD}<text>${'abcdefghi '.repeat(MAX_DRAWN_ELEMENTS / 10)}</text></svg>`)],
    // cairo's fill of a path that crosses itself costs about the square of its segments (30 s and 167 s before)
    ['a 1,001-point star drawn 100 times', Buffer.from(`${HEAD}<defs><polygon id="s" points="${star(1001)}"/></defs>${'<use href="#s"/>'.repeat(100)}</svg>`)],
    ['one path of 5,000 segments', Buffer.from(`${HEAD}<path d="M0 0${Array.from({ length: 5000 }, (_, i) => ` L${(i * 37) % 100} ${(i * 61) % 100}`).join('')}"/></svg>`)],
    ['elements nested deeper than a logo', Buffer.from(`${HEAD}${'<g>'.repeat(200)}<rect width="9" height="9"/>${'</g>'.repeat(200)}</svg>`)]
  ])('refuses %s', (_name, svg) => {
    expect(safeSvg(svg)).toBeNull()
  })

  it('refuses an element that draws itself, through a use or a mask', () => {
    expect(safeSvg(Buffer.from(`${HEAD}<g id="a"><rect width="9" height="9"/><use href="#a"/></g></svg>`))).toBeNull()
    expect(safeSvg(Buffer.from(`${HEAD}<mask id="m"><rect width="9" height="9" mask="url(#m)"/></mask><rect mask="url(#m)" width="9" height="9"/></svg>`))).toBeNull()
  })

  it('counts every use expanded, a repeated id at its dearest, and stops at the caps', () => {
    expect(drawingCost(useBomb(2, 10), UNCAPPED)).toEqual({ drawn: 323, groups: 210, segments: 100 })
    expect(drawingCost(useBomb(4, 10), UNCAPPED)).toEqual({ drawn: 32_223, groups: 21_110, segments: 10_000 })
    const twice = Buffer.from(`${HEAD}<rect id="x" width="9" height="9"/><g id="x" opacity=".5"><rect width="9" height="9"/></g><use href="#x"/></svg>`)
    expect(drawingCost(twice, UNCAPPED)).toEqual({ drawn: 7, groups: 2, segments: 3 })
    const atCaps = Buffer.from(`${HEAD}${'<rect opacity=".5" width="9" height="9"/>'.repeat(MAX_COMPOSITED_GROUPS)}${'<rect width="9" height="9"/>'.repeat(MAX_DRAWN_ELEMENTS - MAX_COMPOSITED_GROUPS - 1)}</svg>`)
    expect(drawingCost(atCaps, { ...UNCAPPED, drawn: MAX_DRAWN_ELEMENTS, groups: MAX_COMPOSITED_GROUPS })).toMatchObject({ drawn: MAX_DRAWN_ELEMENTS, groups: MAX_COMPOSITED_GROUPS })
    expect(safeSvg(atCaps)).not.toBeNull()
  })

  it('keeps real logos: every inline SVG of the real pages, and the 183 symbols of an NFL site drawn at once (449 paths)', () => {
    const dir = new URL('../fixtures/real-pages/', import.meta.url)
    const read = readdirSync(dir).filter((name) => name.endsWith('.html.gz')).flatMap((name) =>
      [...gunzipSync(readFileSync(new URL(name, dir))).toString('utf8').matchAll(/<svg\b[\s\S]*?<\/svg>/gi)].map((match) => ({ name, svg: match[0] })))
    // the ones well-formed as XML (HTML allows inline SVG that XML does not): all drawn within the caps
    const xml = read.filter(({ svg }) => drawingCost(Buffer.from(svg), UNCAPPED) !== null)
    expect(xml.length).toBeGreaterThan(2000)
    expect(xml.filter(({ svg }) => safeSvg(Buffer.from(svg)) === null)).toEqual([])
    const rams = read.filter(({ name }) => name === 'therams.html.gz').map(({ svg }) => svg).sort((a, b) => b.length - a.length)[0]
    const symbols = [...rams.matchAll(/<symbol[^>]*\bid="([^"]+)"/g)].map((match) => match[1])
    const drawn = rams.replace(/^<svg[^>]*>/, `${HEAD.replace('0 0 100 100', '0 0 600 300')}`)
      .replace(/<\/svg>$/, `${symbols.map((id, i) => `<use href="#${id}" x="${(i % 20) * 30}" y="${Math.floor(i / 20) * 30}" width="24" height="24"/>`).join('')}</svg>`)
    expect(symbols.length).toBe(183)
    // within the elements and groups a logo draws; its 183 logos together draw more path segments than one logo does
    expect(drawingCost(Buffer.from(drawn), UNCAPPED)).toEqual({ drawn: 855, groups: 0, segments: 9572 })
    expect(drawingCost(Buffer.from(drawn), { ...UNCAPPED, segments: MAX_PATH_SEGMENTS })).toBeNull()
  })
})
