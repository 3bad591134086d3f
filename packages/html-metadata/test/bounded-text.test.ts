import { describe, expect, it } from 'vitest'
import { boundedText, extractMetadata, parseDocument } from '../src/index.js'

// htmlparser2 leaves <h1> in <h1> and <a> in <a> open: each element of such a nesting holds the rest of the page
const DEPTH = 100
const TEXT = 'word  other\t'.repeat(20_000)
const nested = (open: string): string => `<html><body>${open.repeat(DEPTH)}${TEXT}</body></html>`

/** Runs `run` counting the elements Array.prototype.includes compares: the work of a list used as a set. */
function includesWork (run: () => void): number {
  const original = Array.prototype.includes
  let work = 0
  // eslint-disable-next-line no-extend-native -- counted for this synchronous call only, restored below
  Array.prototype.includes = function (this: unknown[], ...args: [unknown, number?]) {
    work += this.length
    return original.apply(this, args)
  }
  try {
    run()
  } finally {
    // eslint-disable-next-line no-extend-native -- restores the original
    Array.prototype.includes = original
  }
  return work
}

describe('boundedText', () => {
  it('is cleanText of the text content, cut at maxChars', () => {
    const h1 = parseDocument('<h1> Acme <b>Tools</b>\n<script>x</script> <div>Ltd</div></h1>').children?.[0]
    expect(h1 === undefined ? null : boundedText(h1, 100)).toBe('Acme Tools Ltd')
    expect(h1 === undefined ? null : boundedText(h1, 7)).toBe('Acme To')
  })

  it('never cuts a character outside the Basic Multilingual Plane in half', () => {
    const h1 = parseDocument('<h1>ab\u{1F600}cd</h1>').children?.[0]
    expect(h1 === undefined ? null : boundedText(h1, 3)).toBe('ab')
    expect(h1 === undefined ? null : boundedText(h1, 4)).toBe('ab\u{1F600}')
  })

  it('bounds the headings, link texts and first paragraph of nested elements, each holding the rest of the page', () => {
    for (const open of ['<h1>', '<a href="/x">']) {
      const meta = extractMetadata(nested(open), 'https://a.example/')
      const texts = [...meta.headings.map((h) => h.text), ...meta.links.map((l) => l.text)]
      expect(texts).toHaveLength(DEPTH)
      expect(Math.max(...texts.map((t) => t.length))).toBeLessThanOrEqual(500)
      // whole, they were DEPTH x 240 KB
      expect(texts.join('').length).toBeLessThanOrEqual(DEPTH * 500)
    }
    expect(extractMetadata(`<p>${TEXT}`, 'https://a.example/').mainText.firstParagraph).toHaveLength(5000)
  })

  it('names a heading or a link by its images when it has no text, from a bounded number of elements', () => {
    const meta = extractMetadata(`${'<h2><a href="/x">'.repeat(DEPTH)}${'<img alt="Acme">'.repeat(2000)}`, 'https://a.example/')
    expect(meta.headings[0].text).toMatch(/^Acme Acme/)
    expect(Math.max(...meta.headings.map((h) => h.text.length))).toBeLessThanOrEqual(500)
    expect(meta.links[0].text).toBe('Acme')
  })
})

describe('lists deduplicated as sets', () => {
  it('reads mixed content and robots directives with work linear in their number', () => {
    const n = 5000
    const images = Array.from({ length: n }, (_, i) => `<img src="http://cdn.test/${i % (n / 2)}.png">`).join('')
    const robots = Array.from({ length: n }, (_, i) => `d${i % (n / 2)}`).join(',')
    const html = `<html><head><meta name="robots" content="${robots}"></head><body>${images}</body></html>`
    let meta: ReturnType<typeof extractMetadata> | undefined
    // as lists, includes compared n x n / 4 elements for each
    expect(includesWork(() => { meta = extractMetadata(html, 'https://a.example/') })).toBeLessThan(20 * n)
    expect(meta?.mixedContent).toHaveLength(n / 2)
    expect(meta?.mixedContent?.[1]).toBe('http://cdn.test/1.png')
    expect(meta?.robots).toHaveLength(n / 2)
    expect(meta?.robots[0]).toBe('d0')
  })
})
