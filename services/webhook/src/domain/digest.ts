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

export type Base64Variant = 'padded' | 'unpadded' | 'url-safe'

/** Which base64 form a text is in (padded standard, unpadded standard, URL-safe), or none. */
function base64Variant (text: string): Base64Variant | undefined {
  if (text.length === 0) return undefined
  if (BASE64_PADDED.test(text)) return 'padded'
  // a length of 4n + 1 leaves 6 bits, not a byte: no encoder writes it
  if (text.length % 4 === 1) return undefined
  if (BASE64_UNPADDED.test(text)) return 'unpadded'
  return BASE64URL.test(text) ? 'url-safe' : undefined
}

/**
 * Whether the text is the one encoding of its bytes. When the bytes are not a multiple of 3, the last character carries
 * 2 or 4 bits past them, which decoders (Buffer's included) ignore: 4 or 16 spellings then decode to one digest. The
 * senders write those bits as zeros and the libraries that compare base64 texts (standardwebhooks, svix) refuse the
 * other spellings, so accepting them would make a signature malleable. Re-encoding must give the text back, with the
 * padding the form has.
 */
function canonical (bytes: Buffer, text: string, variant: Base64Variant): boolean {
  if (variant === 'padded') return bytes.toString('base64') === text
  if (variant === 'unpadded') return bytes.toString('base64').replace(/=+$/, '') === text
  return bytes.toString('base64url') === text.replace(/=+$/, '')
}

function readBase64 (text: string, requireCanonical: boolean): { bytes: Buffer, variant: Base64Variant } | undefined {
  const variant = base64Variant(text)
  if (variant === undefined) return undefined
  const bytes = Buffer.from(text, variant === 'url-safe' ? 'base64url' : 'base64')
  return requireCanonical && !canonical(bytes, text, variant) ? undefined : { bytes, variant }
}

/** Strict, canonical standard base64 with its padding, as providers send signatures. */
export function decodeBase64 (text: string): Buffer | undefined {
  const read = readBase64(text, true)
  return read?.variant === 'padded' ? read.bytes : undefined
}

/**
 * Lenient base64 of a signature, for diagnosis (and generic senders, unpadded): padding stripped, or the URL-safe
 * alphabet. Canonical in every form, so a spelling with stray bits is never read as another encoding of the digest.
 */
export function decodeBase64Loose (text: string): { bytes: Buffer, variant: Base64Variant } | undefined {
  return readBase64(text, true)
}

/**
 * A base64 key (a secret, a public key) in any of the forms, decoded as the libraries decode keys: the unused bits are
 * ignored, as Buffer and standardwebhooks' decoder ignore them (a key has one holder; nothing compares its spelling).
 * The variant says which alphabet it was in: whether a provider accepts a form is the caller's decision.
 */
export function decodeBase64Key (text: string): { bytes: Buffer, variant: Base64Variant } | undefined {
  return readBase64(text, false)
}

/** The first hex characters of a digest: enough to compare by eye, never the whole value. */
export function fingerprint (digest: Buffer): string {
  return digest.subarray(0, 4).toString('hex')
}
