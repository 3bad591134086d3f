import { describe, expect, it } from 'vitest'
import { extractMetadata } from '../src/index.js'

const firstParagraphOf = (html: string) => extractMetadata(html, 'https://a.test/').mainText.firstParagraph

describe('firstParagraph', () => {
  it('prefers the first substantial paragraph after the h1 inside main, skipping short lines and cookie banners', () => {
    const html = `<p>We use cookies to improve your experience on this website, see our cookie policy for details.</p>
      <header><p>Free shipping on every order over fifty dollars this month only, no code needed.</p></header>
      <main><p>Breadcrumb › Home</p><h1>Acme</h1><p>Short line.</p>
      <p>Acme builds  weatherproof outdoor speakers\nfor gardens, patios and boats since 2004.</p></main>`
    expect(firstParagraphOf(html)).toBe('Acme builds weatherproof outdoor speakers for gardens, patios and boats since 2004.')
  })

  it('falls back to any substantial paragraph outside nav and footer', () => {
    const html = `<nav><p>Products, solutions, pricing, customers, partners, resources and company news.</p></nav>
      <div><p>Our studio designs quiet, efficient heat pumps for old houses in cold climates.</p></div>
      <footer><p>Registered office: 1 Long Street, Springfield, company number 0123456789.</p></footer>`
    expect(firstParagraphOf(html)).toBe('Our studio designs quiet, efficient heat pumps for old houses in cold climates.')
  })

  it('is null when no paragraph is substantial', () => {
    expect(firstParagraphOf('<p>Hello there.</p><p>Enable JavaScript to continue using this application, thank you very much.</p>')).toBeNull()
  })
})
