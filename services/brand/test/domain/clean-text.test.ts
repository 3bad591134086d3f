import { describe, expect, it } from 'vitest'
import { cleanText } from '../../src/domain/clean-text.js'

describe('cleanText', () => {
  it('collapses whitespace and NFC-normalises', () => {
    expect(cleanText('  Cafe\u0301\u00a0 au\tlait\n')).toBe('Café au lait')
    expect(cleanText(null)).toBe('')
  })

  it('reads a NUL as U+FFFD, as a browser reads a title: a JSON-LD name never brings one into a brand name', () => {
    expect(cleanText('\u0000Acme\u0000 Anvils')).toBe('\ufffdAcme\ufffd Anvils')
  })
})
