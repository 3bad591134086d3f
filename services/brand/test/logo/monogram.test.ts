import { describe, expect, it } from 'vitest'
import { MONOGRAM_FONT, monogramSvg } from '../../src/logo/monogram.js'

describe('monogramSvg', () => {
  // The image installs this font (Dockerfile): a family fontconfig cannot find is a missing-glyph box there
  it('draws the initials in the font the image installs, named first', () => {
    const svg = monogramSvg('AC', '#0a7cff', 64)
    expect(svg).toContain(`font-family="${MONOGRAM_FONT}, Helvetica, Arial, sans-serif"`)
    expect(svg).toMatch(/>AC<\/text><\/svg>$/)
  })

  it('escapes what it draws', () => {
    expect(monogramSvg('<&', '#fff', 64)).toContain('>&lt;&amp;</text>')
  })
})
