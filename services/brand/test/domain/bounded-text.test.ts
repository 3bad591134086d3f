import { describe, expect, it } from 'vitest'
import { extractMetadata } from '@utility-apis/html-metadata'
import { boundedMeta, boundedText, MAX_TEXT_CHARS, MAX_URL_CHARS } from '../../src/domain/bounded-text.js'

describe('boundedText', () => {
  it('keeps a text of MAX_TEXT_CHARS as it is, and cuts a longer one to that length with an ellipsis', () => {
    const whole = 'a'.repeat(MAX_TEXT_CHARS)
    expect(boundedText(whole)).toBe(whole)
    const cut = boundedText(`${whole}b`)
    expect(cut).toHaveLength(MAX_TEXT_CHARS)
    expect(cut.endsWith('a…')).toBe(true)
    expect(boundedText(null)).toBeNull()
  })

  it('never cuts a character outside the Basic Multilingual Plane in half', () => {
    for (const prefix of ['', 'a']) {
      const cut = boundedText(prefix + '\u{1F600}'.repeat(MAX_TEXT_CHARS))
      expect(cut).toMatch(/^a?(\u{1F600})+…$/u)
      expect(cut.length).toBeLessThanOrEqual(MAX_TEXT_CHARS)
    }
  })
})

describe('boundedMeta', () => {
  it('leaves out an overlong URL property, never cut into another URL, and cuts an overlong text property', () => {
    const long = `https://example.com/${'p'.repeat(MAX_URL_CHARS)}`
    const meta = boundedMeta({
      ...extractMetadata('<title>t</title>', 'https://example.com/'),
      canonical: long,
      openGraph: { image: long, 'image:secure_url': long, url: 'https://example.com/', title: 't'.repeat(MAX_TEXT_CHARS + 1) },
      twitter: { image: long, description: 'd' }
    })
    expect(meta.canonical).toBeNull()
    expect(meta.openGraph).toEqual({ url: 'https://example.com/', title: `${'t'.repeat(MAX_TEXT_CHARS - 1)}…` })
    expect(meta.twitter).toEqual({ description: 'd' })
  })
})
