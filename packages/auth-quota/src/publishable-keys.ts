import { sha256, type KeyEntry } from './api-keys.js'

// Publishable keys (`pk_...`) are made to be put in a page: an <img> tag cannot send a header, so they travel in the
// URL (`?token=`), on the routes that allow it only, from the origins their owner lists, and spend the quota of the
// secret key that owns them. A leaked publishable key can only show images on pages of those origins.

/** One publishable key: the secret key it spends (by its sha256) and the origins allowed to use it. */
export interface PublishableKey {
  ownerId: string
  /** `*`: any origin, and a request that names none (no Origin, no Referer). */
  origins: Set<string> | '*'
}

const PREFIX = 'pk_'

function originsOf (text: string, entry: string): Set<string> | '*' {
  const origins = text.split('|').map((origin) => origin.trim()).filter((origin) => origin !== '')
  if (origins.includes('*')) return '*'
  if (origins.length === 0) throw new Error(`PUBLISHABLE_KEYS: "${entry}" lists no origin (use * for any)`)
  for (const origin of origins) {
    let url: URL | null = null
    try { url = new URL(origin) } catch {} // not a URL at all: refused on the next line with the others
    if (url === null || url.origin !== origin) throw new Error(`PUBLISHABLE_KEYS: "${origin}" is not an origin such as https://app.example.com`)
  }
  return new Set(origins)
}

/**
 * Parses PUBLISHABLE_KEYS: `pk_live_abc=key-a@https://app.example.com|https://www.example.com,pk_live_def=key-b@*`
 * (the publishable key, `=`, the secret key whose quota it spends, `@`, the allowed origins separated by `|`). The
 * owner must be one of `apiKeys`; keys are kept by their sha256, as API keys are. Errors never repeat a key.
 */
export function parsePublishableKeys (value: string, apiKeys: Map<string, KeyEntry>): Map<string, PublishableKey> {
  const keys = new Map<string, PublishableKey>()
  for (const raw of value.split(',')) {
    const entry = raw.trim()
    if (entry === '') continue
    const equals = entry.indexOf('=')
    const at = entry.lastIndexOf('@')
    if (equals <= 0 || at < equals + 2) throw new Error('PUBLISHABLE_KEYS: each entry is pk_...=<secret key>@<origin>|<origin> (or @*)')
    const key = entry.slice(0, equals)
    if (!key.startsWith(PREFIX) || key.length < PREFIX.length + 8) {
      throw new Error(`PUBLISHABLE_KEYS: a publishable key starts with ${PREFIX} and has 8 characters or more after it`)
    }
    const ownerId = sha256(entry.slice(equals + 1, at))
    if (!apiKeys.has(ownerId)) throw new Error('PUBLISHABLE_KEYS: an entry names a secret key that is not in API_KEYS')
    if (apiKeys.has(sha256(key))) throw new Error('PUBLISHABLE_KEYS: a publishable key is also listed in API_KEYS')
    keys.set(sha256(key), { ownerId, origins: originsOf(entry.slice(at + 1), key.slice(0, PREFIX.length + 4) + '...') })
  }
  return keys
}

const header = (value: string | string[] | undefined): string | undefined => Array.isArray(value) ? value[0] : value

/** Where the request comes from: its Origin, else its Referer's origin; null when it names neither (or `Origin: null`). */
export function requestOrigin (headers: Record<string, string | string[] | undefined>): string | null {
  const origin = header(headers.origin)
  if (origin !== undefined && origin !== '' && origin !== 'null') return origin
  const referer = header(headers.referer)
  if (referer === undefined || referer === '') return null
  try {
    const url = new URL(referer)
    return url.origin === 'null' ? null : url.origin
  } catch {
    return null
  }
}

/** Whether the key may be used from this origin. */
export function originAllowed (key: PublishableKey, origin: string | null): boolean {
  return key.origins === '*' || (origin !== null && key.origins.has(origin))
}
