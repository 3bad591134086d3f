import { describe, expect, it } from 'vitest'
import { familiesOf, fontFamilies, readCssFonts } from '../src/index.js'

const SHEET = `@import url("https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap");
/* h1 { font-family: Commented } */
:root { --font-heading: "Playfair Display", Georgia, serif; --gap: 1px }
@font-face { font-family: 'Brandon'; src: url(../fonts/brandon.woff2) format("woff2"), url(../fonts/b.woff); font-weight: 100 900; }
body { margin: 0; font: 16px/1.5 Inter, system-ui, sans-serif }
h1, h2, .title { font-family: var(--font-heading) }
@media (min-width: 10px) { h3 { font-family: 'Brandon', serif !important } }
a::before { content: "}"; font-family: Icons }
p { font-family: var(--missing, "Fallback Sans") }`

describe('readCssFonts', () => {
  const fonts = readCssFonts(SHEET, 'https://a.test/css/site.css')

  it('reads @font-face rules with their weights and first source, resolved against the sheet', () => {
    expect(fonts.faces).toEqual([{ family: 'Brandon', weights: [100, 900], src: 'https://a.test/fonts/brandon.woff2' }])
  })

  it('reads each rule\'s families: the font shorthand, custom properties and their fallbacks, rules inside @media', () => {
    expect(fonts.uses.map((use) => ({ selectors: use.selectors, families: familiesOf(use, fonts.variables) }))).toEqual([
      { selectors: ['body'], families: ['Inter', 'system-ui', 'sans-serif'] },
      { selectors: ['h1', 'h2', '.title'], families: ['Playfair Display', 'Georgia', 'serif'] },
      { selectors: ['h3'], families: ['Brandon', 'serif'] },
      { selectors: ['a::before'], families: ['Icons'] },
      { selectors: ['p'], families: ['Fallback Sans'] }
    ])
  })

  it('lists @import URLs, and resolves a var() from the page\'s other sheets', () => {
    expect(fonts.imports).toEqual(['https://fonts.googleapis.com/css2?family=Inter:wght@400;700&display=swap'])
    const other = readCssFonts(':root { --brand-font: "Grotesk", sans-serif }', 'https://a.test/').variables
    expect(familiesOf(readCssFonts('h1 { font-family: var(--brand-font) }', 'https://a.test/').uses[0], other)).toEqual(['Grotesk', 'sans-serif'])
  })

  it('reads a large sheet in one pass and stops at its limit of rules', () => {
    const big = 'body{font-family:A}'.repeat(20_000)
    expect(readCssFonts(big, 'https://a.test/').uses.length).toBe(500)
  })

  it('says of each use whether it is inside @media, and whether that @media can match a screen', () => {
    const css = `h1 { font-family: A } @media print { h1 { font-family: B } } @media only screen and (min-width: 1px) { h1 { font-family: C } }
@media (hover: hover), print { h1 { font-family: D } } @media not print { h1 { font-family: E } } @media not screen { h1 { font-family: F } }
@media not screen and (max-width: 600px) { h1 { font-family: G } } @media tv, speech { h1 { font-family: H } }
@supports (display: grid) { @media print { @media screen { h1 { font-family: I } } } h1 { font-family: J } } h1 { font-family: K }
@media screen { h1 { font-family: L } } @media ALL { h1 { font-family: M } } @media only screen, print { h1 { font-family: N } }`
    const { uses } = readCssFonts(css, 'https://a.test/')
    expect(uses.map((use) => [use.value, use.inMedia, use.screen])).toEqual([
      ['A', false, true], ['B', true, false], ['C', true, true], ['D', true, true], ['E', true, true], ['F', true, false],
      ['G', true, true], ['H', true, false], ['I', true, false], ['J', false, true], ['K', false, true],
      // on every screen: as outside any @media
      ['L', false, true], ['M', false, true], ['N', false, true]
    ])
  })

  it('splits a family list, removing quotes and !important', () => {
    expect(fontFamilies('"Helvetica Neue", \'Arial\' ,sans-serif !important')).toEqual(['Helvetica Neue', 'Arial', 'sans-serif'])
  })
})

describe('readCssFonts on hostile sheets', () => {
  // each input invites quadratic backtracking from a careless pattern (minutes at this size); every pattern here is
  // bounded, so these are read in one pass and give nothing
  it.each([
    ['an unclosed @import url(', `@import url(${'a'.repeat(60_000)}`],
    ['nested unclosed var(', `h1 { font-family: ${'var(--x, '.repeat(50_000)} }`],
    ['a font shorthand of sizes without a family', `body { font: ${'1px/1px/'.repeat(50_000)} }`],
    ['an @font-face of unclosed url(', `@font-face { font-family: X; src: ${'url('.repeat(100_000)} }`],
    ['100,000 nested @media', `${'@media screen and (min-width: 1px) {'.repeat(100_000)}`]
  ])('reads %s in one pass', (_name, css) => {
    const fonts = readCssFonts(css, 'https://a.test/')
    const families = fonts.uses.flatMap((use) => familiesOf(use, fonts.variables))
    expect([...fonts.imports, ...families, ...fonts.faces.filter((face) => face.src !== null)]).toEqual([])
  })

  it('keeps the @media context of deeply nested rules, and leaves it at their closing braces', () => {
    const depth = 5000
    const fonts = readCssFonts(`${'@media print {'.repeat(depth)} body { font-family: A } ${'}'.repeat(depth)} h1 { font-family: B }`, 'https://a.test/')
    expect(fonts.uses.map((use) => [use.value, use.inMedia, use.screen])).toEqual([['A', true, false], ['B', false, true]])
  })
})
