import type { CopyrightRef } from './collect.js'
import { type DomElement, cleanText, textContent } from './dom.js'

const INLINE = new Set(['a', 'span', 'small', 'strong', 'b', 'em', 'i', 'time', 'abbr'])
const MARK = /(?:©|\(c\)|copyright)(?:\s*(?:©|\(c\)))?\s*(.*)$/i
const LEADING_YEARS = /^(?:(?:\d{4}(?:\s*[-–—]\s*(?:\d{4}|present|today))?|by)\s*[,.]?\s*)+/i
// company forms written with a closing dot keep it: 'Acme Inc.' stays, 'Acme.' loses it
const ABBREVIATION = '(?<!\\b(?:Inc|Ltd|Co|Corp|Pty|Ltda|Jr|St|S\\.A|B\\.V|N\\.V))'
const END = /\s+[|·•–—-]\s+|\ball rights? reserved\b|\balle rechte\b|\btous droits\b|\btodos los derechos\b/i
const SENTENCE_END = new RegExp(`${ABBREVIATION}\\.\\s+(?=\\p{Lu})`, 'u')
const TRAILING_YEARS = /[\s,;:]*\d{4}(?:\s*[-–—]\s*\d{4})?\s*$/
const TRAILING_DOT = new RegExp(`${ABBREVIATION}\\.$`)

// A page has a few copyright lines. Every mark in one block is one line, read once: a block of 8,000 marks read once
// per mark was 8,000 reads of the whole block (11 s of the event loop for a 40 KB page); and a page marking thousands of
// blocks is read no further than this many
const MAX_LINES = 20

/** The holder named in a '© 2024 Holder. All rights reserved.' line, preferring lines in the footer. */
export function findCopyrightHolder (refs: CopyrightRef[]): string | null {
  const ordered = [...refs.filter((r) => r.inFooter), ...refs.filter((r) => !r.inFooter)]
  const read = new Set<DomElement>()
  for (const { el } of ordered) {
    const line = lineOf(el)
    if (read.has(line)) continue
    if (read.size === MAX_LINES) break
    read.add(line)
    const holder = holderFrom(cleanText(textContent(line)))
    if (holder !== null) return holder
  }
  return null
}

// '© 2024 <a>Acme</a>' splits the line over several nodes: read the nearest non-inline ancestor.
function lineOf (el: DomElement): DomElement {
  let line = el
  while (INLINE.has(line.name) && line.parent?.attribs !== undefined) line = line.parent as DomElement
  return line
}

export function holderFrom (line: string): string | null {
  const rest = MARK.exec(line)?.[1]
  if (rest === undefined) return null
  let holder = rest.replace(LEADING_YEARS, '').split(END)[0].split(SENTENCE_END)[0]
  holder = holder.replace(TRAILING_YEARS, '').replace(/[\s,;:|·•-]+$/, '').replace(TRAILING_DOT, '').trim()
  return holder.length >= 2 && holder.length <= 80 && /\p{L}/u.test(holder) ? holder : null
}
