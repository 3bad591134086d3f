// How evidence words what it found: counts with their noun, shares as percentages, quoted text cut to a length.

export function plural (n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`
}

export function percent (share: number): string {
  return `${Math.round(share * 100)}%`
}

/** `text` at most `limit` characters, an ellipsis standing for the rest. */
export function cut (text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text
}

export function quote (text: string, limit = 80): string {
  return `"${cut(text, limit)}"`
}
