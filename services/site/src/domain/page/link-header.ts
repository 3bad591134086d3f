// HTTP Link headers (RFC 8288), read for the llms.txt v2 discovery links a page may send instead of
// <link> tags: rel="alternate" type="text/markdown" (a markdown twin) and rel="describedby".

export interface LinkValue { href: string, rel: string[], type: string | null }

export function parseLinkHeader (value: string | null | undefined, base: string): LinkValue[] {
  if (value === null || value === undefined) return []
  const out: LinkValue[] = []
  for (const m of value.matchAll(/<([^>]*)>([^,<]*)/g)) {
    const params = m[2]
    const rel = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(params)?.[1] ?? ''
    const type = /;\s*type\s*=\s*"?([^";]+)"?/i.exec(params)?.[1] ?? null
    try {
      const href = new URL(m[1].trim(), base).href
      out.push({ href, rel: rel.toLowerCase().split(/\s+/).filter(Boolean), type: type === null ? null : type.toLowerCase().trim() })
    } catch {
      // a target that is no URL is no link: it is left out, as a browser ignores it
    }
  }
  return out
}

export function markdownAlternateOf (value: string | null | undefined, base: string): string | null {
  return parseLinkHeader(value, base).find((l) => l.rel.includes('alternate') && l.type === 'text/markdown')?.href ?? null
}
