import { describe, expect, it } from 'vitest'
import { answerSignals } from '../../../src/domain/page/answer-signals.js'

const words = (n: number): string => Array.from({ length: n }, (_, i) => `word${i % 7}`).join(' ')

describe('answer signals', () => {
  it('measures the answer after each question heading, up to the next heading of its level', () => {
    const html = `<main><h2>What is a widget?</h2><p>${words(30)}</p><h3>Detail</h3><p>${words(15)}</p>
      <h2>Pricing</h2><p>${words(50)}</p><h2>How do I order</h2><ul><li>${words(45)}</li></ul>
      <div class="faq-q"><h3>Can I return it?</h3></div><div class="faq-a">${words(41)}</div>
      <details><summary>Is shipping free?</summary><p>${words(42)}</p></details></main>`
    expect(answerSignals(html, 'https://a.example/').questions).toEqual([
      { question: 'What is a widget?', answer_words: 46 },
      { question: 'How do I order', answer_words: 45 },
      { question: 'Can I return it?', answer_words: 41 },
      { question: 'Is shipping free?', answer_words: 42 }
    ])
  })

  it('finds figures, a definition-style opening, dates and citations in the main content only', () => {
    const html = `<html><body><nav><a href="https://nav.example/">Partner 2024</a></nav><main>
      <p>A widget is a small mechanical part used in 40% of machines since 1990, about 120 per plant.</p>
      <p>Published March 3, 2025; revised 2025-04-01.</p>
      <a href="https://iso.example/std">ISO</a> <a href="https://www.linkedin.com/company/acme">LinkedIn</a> <a href="/local">Local</a>
      </main><footer>© 2026</footer></body></html>`
    const s = answerSignals(html, 'https://a.example/')
    // 40%, 1990 and 120; the two dates are not figures
    expect(s.numbers).toBe(3)
    expect(s.definition_first_paragraph).toBe(true)
    expect(s.visible_dates).toBe(2)
    // the social profile and the internal link are not citations; the nav link is outside the content
    expect(s.external_citations).toBe(1)
  })

  it('counts the figures of a page of 400 KB of digits and dots', () => {
    // a run of single digits: every match tried from each digit had scanned to the end of the run
    const s = answerSignals(`<main><p>${'1.'.repeat(200_000)}</p><p>Up 12.5% on 2,400 units.</p></main>`, 'https://a.example/')
    expect(s.numbers).toBe(2)
  })

  it('reads bylines, author pages, contact details and testimonials', () => {
    const html = `<head><meta name="author" content="Jane Doe"></head><body><article><p class="byline">By <a rel="author" href="/authors/jane">Jane</a></p>
      <section id="customer-stories"><p>Great.</p></section><address>1 Main St</address><a href="mailto:a@b.example">mail</a><a href="tel:+1555">call</a></article></body>`
    expect(answerSignals(html, 'https://a.example/post')).toMatchObject({
      byline: 'Jane Doe',
      author_link: 'https://a.example/authors/jane',
      contact: ['email link', 'phone link', '<address>'],
      testimonials: true
    })
    expect(answerSignals('<main><p class="byline">By Sam Lee</p></main>', 'https://a.example/').byline).toBe('Sam Lee')
  })

  it('does not take an author\'s bio for a byline, however the markup is indented', () => {
    const indent = `\n${' '.repeat(28)}`.repeat(12)
    const html = `<main><article><div class="author"><span>Jane Doe</span>${indent}<p>Jane Doe has covered consumer technology ` +
      'for over a decade, from phones to the people who make them.</p></div></article></main>'
    expect(answerSignals(html, 'https://a.example/post').byline).toBeNull()
  })

  it('finds nothing in a script-only page', () => {
    expect(answerSignals('<div id="root"></div><script>document.write("What is it? " + "x ".repeat(99))</script>', 'https://a.example/')).toEqual({
      questions: [], numbers: 0, definition_first_paragraph: false, byline: null, author_link: null, contact: [], testimonials: false, external_citations: 0, visible_dates: 0
    })
  })

  it('reads a bounded part of each nested question, FAQ, byline or heading, each holding the rest of the page', () => {
    const text = 'word  other\t'.repeat(20_000)
    for (const open of ['<h2>Why?', '<details><summary>Why?</summary>', '<div class="author byline author-name">', '<h4>']) {
      const html = `<html><body><main>${open.repeat(100)}${text}</main></body></html>`
      // the characters whitespace is collapsed in
      const original = String.prototype.replace
      let cleaned = 0
      // eslint-disable-next-line no-extend-native -- counted for this synchronous call only, restored below
      String.prototype.replace = function (this: string, ...args: Parameters<string['replace']>) {
        cleaned += this.length
        return original.apply(this, args)
      } as typeof original
      let signals: ReturnType<typeof answerSignals> | undefined
      try {
        signals = answerSignals(html, 'https://a.example/')
      } finally {
        // eslint-disable-next-line no-extend-native -- restores the original
        String.prototype.replace = original
      }
      // read whole, each nested element cost 240 KB; bounded, at most 4 x 5,000 characters (an FAQ's details)
      expect({ open, cleaned }).toEqual({ open, cleaned: Math.min(cleaned, 2 * html.length + 100 * 20_000) })
      expect(Math.max(0, ...(signals?.questions ?? []).map((q) => q.question.length))).toBeLessThanOrEqual(500)
      expect(signals?.byline).toBeNull()
    }
  })
})
