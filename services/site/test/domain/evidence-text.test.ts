import { describe, expect, it } from 'vitest'
import { cut, listed, quote } from '../../src/domain/evidence-text.js'

describe('cut', () => {
  it('keeps text within the limit as it is, and cuts longer text to the limit with an ellipsis', () => {
    expect(cut('short', 80)).toBe('short')
    expect(cut('abcdef', 4)).toBe('abc…')
    expect(quote('x'.repeat(100), 10)).toBe(`"${'x'.repeat(9)}…"`)
  })

  it('never splits a surrogate pair: an emoji the cut lands on goes whole', () => {
    // the emoji sits at positions 78-79 of an 85-unit title: a plain slice(0, 79) kept its high surrogate alone
    const title = `${'a'.repeat(78)}😀${'b'.repeat(5)}`
    const cutTitle = cut(title, 80)
    expect(cutTitle).toBe(`${'a'.repeat(78)}…`)
    expect(cutTitle).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/)
    expect(JSON.stringify(cutTitle)).not.toContain('\\ud83d')
    // an emoji wholly before the cut stays
    expect(cut(`${'a'.repeat(77)}😀${'b'.repeat(5)}`, 80)).toBe(`${'a'.repeat(77)}😀…`)
  })
})

describe('listed', () => {
  it('names the first items, each cut, then counts the rest', () => {
    expect(listed(['a', 'b'])).toBe('a, b')
    const urls = Array.from({ length: 40_000 }, (_, i) => `https://a.example/c${i}${'x'.repeat(500)}`)
    const text = listed(urls)
    expect(text).toMatch(/^https:\/\/a\.example\/c0x+…, .* and 39995 more$/)
    expect(text.length).toBeLessThan(5 * 125 + 40)
  })
})
