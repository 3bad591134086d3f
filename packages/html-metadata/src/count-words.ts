// Word counting for mainText.words: every character of a page's visible text goes through countWords, so it reads a
// copy of the text through a table instead of running the pattern and building an array of every word.

// Text node strings are mostly slices of the page, and charCodeAt on a slice costs more than copying the slice into
// a buffer and reading that.
const CHUNK = 8192
const UNITS = new Uint16Array(CHUNK)
const UNIT_BYTES = Buffer.from(UNITS.buffer)
// UTF-16LE bytes read as native 16-bit numbers: byte-swapped on a big-endian machine
const SWAPPED = new Uint8Array(new Uint16Array([1]).buffer)[0] === 0

// The class of every UTF-16 code unit, indexed as countWords reads them: 1 a letter or digit (\p{L}, \p{N}), 2 a
// joiner (' ’ . -), 3 half of a surrogate pair (decided by the whole pair), 0 anything else. Plain numbers rather than
// named constants: countWords reads every character of the page's text. Built once at module load (a few ms).
const CLASS_OF = new Uint8Array(0x10000)
const IS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u
for (let unit = 0; unit < 0x10000; unit++) {
  const char = String.fromCharCode(unit)
  const cls = unit >= 0xd800 && unit <= 0xdfff ? 3 : IS_LETTER_OR_DIGIT.test(char) ? 1 : "'’.-".includes(char) ? 2 : 0
  CLASS_OF[SWAPPED ? ((unit & 0xff) << 8) | (unit >> 8) : unit] = cls
}
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/uy

/**
 * Words in `text`, counted without building them: a word is a run of letters and digits, and one of ' ’ . - between
 * two runs ("don't", "e.g", "co-op") keeps it one word. The same count as matching
 * `[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*` globally, without the array of matches.
 */
export function countWords (text: string): number {
  const classOf = CLASS_OF
  const units = UNITS
  let words = 0
  // 0 between words, 1 inside a word, 2 right after a joiner that follows a word
  let state = 0
  const length = text.length
  let i = 0
  while (i < length) {
    const start = i
    const end = Math.min(length, start + CHUNK)
    UNIT_BYTES.write(start === 0 && end === length ? text : text.slice(start, end), 0, 'utf16le')
    for (; i < end; i++) {
      let cls = classOf[units[i - start]]
      if (cls === 3) {
        LETTER_OR_DIGIT.lastIndex = i
        cls = LETTER_OR_DIGIT.test(text) ? 1 : 0
        // a letter outside the BMP is two code units (and may end past this chunk: the next one starts after it)
        if (cls === 1) i = LETTER_OR_DIGIT.lastIndex - 1
      }
      if (cls === 1) {
        if (state === 0) words++
        state = 1
      } else {
        state = cls === 2 && state === 1 ? 2 : 0
      }
    }
  }
  return words
}
