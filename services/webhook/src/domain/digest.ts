import { createHmac, timingSafeEqual } from 'node:crypto'

export type HmacAlgorithm = 'sha1' | 'sha256' | 'sha512'

export const DIGEST_BYTES: Record<HmacAlgorithm, number> = { sha1: 20, sha256: 32, sha512: 64 }

/** Signed content as parts hashed in order, so that a large body is never copied to sign it with something. */
export type Parts = ReadonlyArray<string | Buffer>

/**
 * HMAC over parts without concatenating them: a 5 MiB body is never copied. A string is hashed as its UTF-8 bytes,
 * exactly what Buffer.from(text, 'utf8') holds, without allocating that Buffer.
 */
export function mac (algorithm: HmacAlgorithm, key: Buffer | string, content: Parts): Buffer {
  const hmac = createHmac(algorithm, key)
  for (const part of content) {
    if (typeof part === 'string') hmac.update(part, 'utf8')
    else hmac.update(part)
  }
  return hmac.digest()
}

/** HMAC over `prefix + body`. */
export function hmac (algorithm: HmacAlgorithm, key: Buffer | string, body: Buffer | string, prefix = ''): Buffer {
  return mac(algorithm, key, prefix === '' ? [body] : [prefix, body])
}

/**
 * Constant-time comparison of two decoded digests. Lengths are compared first: a length is public (it is fixed by
 * the algorithm), and timingSafeEqual throws on unequal lengths.
 */
export function digestsEqual (a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b)
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/
const BASE64_PADDED = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
const BASE64_UNPADDED = /^[A-Za-z0-9+/]*$/
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/

/** Strict hex, case-insensitive. Buffer.from(..., 'hex') alone silently stops at the first bad character. */
export function decodeHex (text: string): Buffer | undefined {
  return HEX.test(text) ? Buffer.from(text, 'hex') : undefined
}

/** Strict standard base64 with its padding, as providers send it. */
export function decodeBase64 (text: string): Buffer | undefined {
  return text.length > 0 && BASE64_PADDED.test(text) ? Buffer.from(text, 'base64') : undefined
}

/** Lenient base64 for diagnosis only: padding stripped, or the URL-safe alphabet. */
export function decodeBase64Loose (text: string): { bytes: Buffer, variant: 'padded' | 'unpadded' | 'url-safe' } | undefined {
  const padded = decodeBase64(text)
  if (padded !== undefined) return { bytes: padded, variant: 'padded' }
  if (text.length % 4 === 1 || text.length === 0) return undefined
  if (BASE64_UNPADDED.test(text)) return { bytes: Buffer.from(text, 'base64'), variant: 'unpadded' }
  if (BASE64URL.test(text)) return { bytes: Buffer.from(text, 'base64url'), variant: 'url-safe' }
  return undefined
}

/** The first hex characters of a digest: enough to compare by eye, never the whole value. */
export function fingerprint (digest: Buffer): string {
  return digest.subarray(0, 4).toString('hex')
}
