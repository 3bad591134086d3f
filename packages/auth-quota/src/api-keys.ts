import { createHash, hash, timingSafeEqual } from 'node:crypto'

// One-shot hash (Node >= 20.12): a third of createHash's cost, and this runs on every authenticated call.
export const sha256 = (value: string) => hash('sha256', value, 'hex')

/** Constant-time comparison of two shared secrets of any length (over their digests). */
export function secretsEqual (given: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest())
}

export interface KeyEntry {
  /** Monthly quota of this key; null means the service default. */
  quota: number | null
}

/**
 * Parses API_KEYS (`key1,key2:5000`) into a map from sha256(key) to its quota override. Plaintext keys are not kept:
 * a request's key is hashed and looked up, so lookups leak nothing through timing.
 */
export function parseApiKeys (value: string): Map<string, KeyEntry> {
  const keys = new Map<string, KeyEntry>()
  for (const raw of value.split(',')) {
    const entry = raw.trim()
    if (entry === '') continue
    const colon = entry.lastIndexOf(':')
    let key = entry
    let quota: number | null = null
    if (colon > 0 && /^\d+$/.test(entry.slice(colon + 1))) {
      key = entry.slice(0, colon)
      quota = Number(entry.slice(colon + 1))
    } else if (colon > 0 && /^\s*-?[\d.]*\s*$/.test(entry.slice(colon + 1))) {
      throw new Error(`API_KEYS: the quota of an entry must be a whole number (key:N), got "${entry.slice(colon + 1)}"`)
    }
    keys.set(sha256(key), { quota })
  }
  return keys
}
