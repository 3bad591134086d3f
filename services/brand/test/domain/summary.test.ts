import { describe, expect, it } from 'vitest'
import { cutAtSentence, pickSummary, type SummarySignals } from '../../src/domain/summary.js'

function signals (overrides: Partial<SummarySignals>): SummarySignals {
  return {
    metaDescription: null,
    ogDescription: null,
    organizationDescription: null,
    manifestDescription: null,
    twitterDescription: null,
    paragraphs: [],
    ...overrides
  }
}

describe('pickSummary', () => {
  it('prefers the site-authored meta description over og:description', () => {
    expect(pickSummary(signals({ metaDescription: 'Hand-forged anvils since 1921.', ogDescription: 'SPRING SALE: 20% off everything!' })))
      .toEqual({ summary: 'Hand-forged anvils since 1921.', source: 'meta:description' })
  })

  it.each([
    ['ogDescription', 'og:description'],
    ['organizationDescription', 'json-ld:description'],
    ['manifestDescription', 'web-manifest'],
    ['twitterDescription', 'twitter:description']
  ] as const)('falls back to %s', (field, source) => {
    expect(pickSummary(signals({ [field]: 'A description that is long enough.' })))
      .toEqual({ summary: 'A description that is long enough.', source })
  })

  it('skips cookie and JavaScript boilerplate and too-short text', () => {
    expect(pickSummary(signals({
      metaDescription: 'Home',
      ogDescription: 'We use cookies to improve your experience on our site.',
      paragraphs: ['Please enable JavaScript to view this site properly, thank you for understanding.', 'Short.', 'Fernwood grows heirloom vegetables on forty acres of restored prairie in Iowa.']
    }))).toEqual({ summary: 'Fernwood grows heirloom vegetables on forty acres of restored prairie in Iowa.', source: 'first-paragraph' })
  })

  it('drops a "Welcome to X" lead-in', () => {
    expect(pickSummary(signals({ metaDescription: 'Welcome to Acme! We make anvils for cartoon coyotes.' })).summary)
      .toBe('We make anvils for cartoon coyotes.')
    expect(pickSummary(signals({ metaDescription: 'Welcome to Acme.', ogDescription: 'Anvils for cartoon coyotes.' })))
      .toEqual({ summary: 'Anvils for cartoon coyotes.', source: 'og:description' })
  })

  it('returns null when nothing is usable', () => {
    expect(pickSummary(signals({}))).toEqual({ summary: null, source: null })
  })
})

describe('cutAtSentence', () => {
  it('keeps text up to 300 characters unchanged', () => {
    const text = 'a'.repeat(290) + ' end.'
    expect(cutAtSentence(text)).toBe(text)
  })

  it('cuts at the last sentence end before 300 characters', () => {
    const first = 'First sentence is here and it goes on for a while to be long enough. '.repeat(3).trim()
    const text = `${first} ${'More words follow without any stop '.repeat(10)}`
    expect(cutAtSentence(text)).toBe(first)
  })

  it('cuts at a word boundary with an ellipsis when no sentence ends early enough', () => {
    const result = cutAtSentence('word '.repeat(100))
    expect(result.endsWith('word…')).toBe(true)
    expect(result.length).toBeLessThanOrEqual(300)
  })
})
