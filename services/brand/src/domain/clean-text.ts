/** Collapses whitespace and NFC-normalises; entities were decoded once by the HTML parser. */
export function cleanText (value: string | null | undefined): string {
  if (value == null) return ''
  return value.normalize('NFC').replace(/\s+/g, ' ').trim()
}

/** Words of a cleaned text (cleanText). */
export function wordCount (value: string): number {
  return value.split(' ').filter(Boolean).length
}
