import { describe, expect, it } from 'vitest'
import { countWords } from '../src/count-words.js'

describe('countWords', () => {
  // the definition countWords implements without building the matches
  const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu

  it('keeps words joined by an apostrophe, a dot or a hyphen together, and nothing else', () => {
    expect(countWords("don't stop — it’s 6 a.m. at the co-op")).toBe(8)
    expect(countWords("rock 'n' roll -- e.g. x-")).toBe(5)
    expect(countWords('  \n\t ')).toBe(0)
  })

  it('counts the words of every script, letters and digits outside the BMP and beside emoji alike', () => {
    const samples = [
      'Привет, мир! 中文字 and ünïcödé', '𝐀𝐁𝐂 𝟏𝟐 x𝐀y', '😀word😀 😀', 'a\ud800b \udc00c', 'ª µ º ¹²³ ¼ ٣ ⅷ',
      "a''b a..b a'.b a.'b", "'lead trail' .x. -y-", 'e\u0301te ǅemal ſtill', 'x’’y x’y ’', 'a_b a1b2 3.14.15 1-2-3'
    ]
    for (const sample of samples) expect(countWords(sample), sample).toBe(sample.match(WORD)?.length ?? 0)
  })

  it('classes every character of the BMP as the pattern does', () => {
    let all = ''
    for (let unit = 0; unit < 0x10000; unit++) if (unit < 0xd800 || unit > 0xdfff) all += `${String.fromCharCode(unit)} a${String.fromCharCode(unit)}a `
    expect(countWords(all)).toBe(all.match(WORD)?.length)
  })

  it('counts long texts the same, with pairs and joiners across every 8192-character boundary', () => {
    const filler = 'word '.repeat(1638) // 8190 characters
    for (const joint of ['a𝐀b c', '😀x y', "x'y z", 'x y.z', '𝐀𝐀 𝐀', ' - ']) {
      for (let shift = 0; shift < 4; shift++) {
        const text = filler + 'x'.repeat(shift) + joint + filler + joint + filler
        expect(countWords(text), `${joint} +${shift}`).toBe(text.match(WORD)?.length ?? 0)
      }
    }
  })
})
