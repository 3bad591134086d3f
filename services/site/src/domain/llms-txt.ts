// llms.txt shape (llmstxt.org): an H1 name (the one required part), a blockquote summary, free text,
// then H2 sections listing `[name](url): notes`; an H2 "Optional" marks skippable links.
// Lighthouse's `llms-txt` audit passes with an H1, at least one markdown link and 50+ characters.

interface LlmsLink {
  text: string
  url: string
  section: string | null
}

export interface LlmsTxtShape {
  title: string | null
  /** the H1 is the first non-blank line, as the proposal orders it */
  h1First: boolean
  summary: string | null
  sections: Array<{ title: string, links: number }>
  links: LlmsLink[]
  optionalSection: boolean
  chars: number
  lighthousePass: boolean
  problems: string[]
}

export function looksLikeHtml (body: string, contentType: string | null): boolean {
  if (contentType !== null && /\b(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) return true
  return /^\s*(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/i.test(body)
}

function resolve (href: string, base: string): string | null {
  try {
    return new URL(href, base).href
  } catch {
    return null
  }
}

/** The title of an H2 line (`## Docs`), or null. Trimmed rather than matched: `(.+?)\s*$` is quadratic in a run of spaces. */
function h2Title (line: string): string | null {
  if (!/^\s*##\s/.test(line)) return null
  const title = line.replace(/^\s*##/, '').trim()
  return title === '' ? null : title
}

// `[text](destination "title")`: text without brackets, so each scan from a `[` ends at the next one; the destination
// (no space, no `)`) is read from where the opener left off, never again from a later start
const LINK_OPEN = /\[([^[\]]*)\]\(\s*/g
const DESTINATION = /[^)\s]+/y
const LINK_CLOSE = /(?:\s+"[^"\n]*")?\s*\)/y

/** The markdown links of one line, in a time linear in its length (a 240 KB line of `[a](` took 18 s by regex). */
function linksIn (line: string): Array<{ text: string, href: string }> {
  const found: Array<{ text: string, href: string }> = []
  LINK_OPEN.lastIndex = 0
  for (let open = LINK_OPEN.exec(line); open !== null; open = LINK_OPEN.exec(line)) {
    DESTINATION.lastIndex = LINK_OPEN.lastIndex
    const destination = DESTINATION.exec(line)
    if (destination === null) continue
    LINK_CLOSE.lastIndex = DESTINATION.lastIndex
    // a destination not closed ends where any later opener inside it would end too: go on after it
    LINK_OPEN.lastIndex = LINK_CLOSE.exec(line) === null ? DESTINATION.lastIndex : LINK_CLOSE.lastIndex
    if (LINK_OPEN.lastIndex === DESTINATION.lastIndex) continue
    found.push({ text: open[1].trim(), href: destination[0] })
  }
  return found
}

export function parseLlmsTxt (body: string, baseUrl: string): LlmsTxtShape {
  const text = body.replace(/^\uFEFF/, '')
  const lines = text.split(/\r\n|\r|\n/)
  const firstContent = lines.find((l) => l.trim() !== '') ?? ''
  const h1 = lines.find((l) => /^\s*#\s+\S/.test(l)) ?? null
  const title = h1 === null ? null : h1.replace(/^\s*#\s+/, '').trim()
  const quote = lines.find((l) => /^\s*>\s*\S/.test(l)) ?? null
  const sections: LlmsTxtShape['sections'] = []
  const links: LlmsLink[] = []
  let current: string | null = null
  for (const line of lines) {
    const h2 = h2Title(line)
    if (h2 !== null) {
      current = h2
      sections.push({ title: current, links: 0 })
      continue
    }
    for (const link of linksIn(line)) {
      const url = resolve(link.href, baseUrl)
      if (url === null) continue
      links.push({ text: link.text, url, section: current })
      if (sections.length > 0 && current !== null) sections[sections.length - 1].links++
    }
  }
  const problems: string[] = []
  if (title === null) problems.push('no H1 title (a line starting with "# ")')
  else if (firstContent !== h1) problems.push('the H1 title is not the first line')
  if (quote === null) problems.push('no blockquote summary (a line starting with "> ")')
  if (links.length === 0) problems.push('no markdown links ([name](url))')
  const chars = text.trim().length
  if (chars < 50) problems.push(`only ${chars} characters`)
  return {
    title,
    h1First: title !== null && firstContent === h1,
    summary: quote === null ? null : quote.replace(/^\s*>\s*/, '').trim(),
    sections,
    links,
    optionalSection: sections.some((s) => s.title.toLowerCase() === 'optional'),
    chars,
    lighthousePass: title !== null && links.length > 0 && chars >= 50,
    problems
  }
}
