import { cleanText } from './dom.js'
import { resolveUrl } from './resolve-url.js'
import type { ManifestIcon, ManifestInfo } from './types.js'

function text (value: unknown): string | null {
  if (typeof value !== 'string') return null
  const cleaned = cleanText(value)
  return cleaned === '' ? null : cleaned
}

/**
 * Reads a web app manifest. Icon `src` and `start_url` resolve against the manifest's own URL, not the page's
 * (https://www.w3.org/TR/appmanifest/). Null when the text is not a JSON object or the manifest URL is invalid.
 */
export function parseManifest (json: string, manifestUrl: string): ManifestInfo | null {
  let base: URL
  let value: unknown
  try {
    base = new URL(manifestUrl)
    value = JSON.parse(json.replace(/^\uFEFF/, ''))
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const m = value as Record<string, unknown>
  const icons: ManifestIcon[] = []
  for (const icon of Array.isArray(m.icons) ? m.icons : []) {
    if (typeof icon !== 'object' || icon === null) continue
    const i = icon as Record<string, unknown>
    const src = typeof i.src === 'string' ? resolveUrl(i.src, base) : null
    if (src === null) continue
    icons.push({ src, sizes: text(i.sizes), type: text(i.type)?.toLowerCase() ?? null, purpose: text(i.purpose)?.toLowerCase() ?? null })
  }
  return {
    name: text(m.name),
    shortName: text(m.short_name),
    description: text(m.description),
    themeColor: text(m.theme_color),
    backgroundColor: text(m.background_color),
    icons,
    lang: text(m.lang),
    display: text(m.display),
    startUrl: typeof m.start_url === 'string' ? resolveUrl(m.start_url, base) : null
  }
}
