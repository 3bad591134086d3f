/** Collapses whitespace and NFC-normalises; entities were decoded once by the HTML parser. */
export function cleanText (value: string | null | undefined): string {
  if (value == null) return ''
  // a NUL (a JSON-LD string may hold one) as a browser reads it in a title: U+FFFD, never into a stored brand name
  return value.normalize('NFC').replaceAll('\0', '\uFFFD').replace(/\s+/g, ' ').trim()
}

/**
 * Percent-encoding decoded, or null where the text is not valid percent-encoding (`%E0%A4%A`, `100%.png`): a page may
 * write anything in a link, and decodeURIComponent throws on such text.
 */
export function percentDecoded (value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

/** Words of a cleaned text (cleanText). */
export function wordCount (value: string): number {
  return value.split(' ').filter(Boolean).length
}
