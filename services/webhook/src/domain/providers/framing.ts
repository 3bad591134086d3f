import { HMAC_SHA256, type Algorithm } from '../algorithms.js'
import { decodeBase64, decodeBase64Key, decodeBase64Loose, decodeHex, DIGEST_BYTES } from '../digest.js'
import { bodyOnly, check, headerReason, readHeader, type ProviderContext, type SignatureRead } from '../provider.js'
import type { Check, DigestEncoding } from '../types.js'

/** How a provider writes an HMAC into a header value: an exact prefix, then the digest in one encoding. */
export interface Framing {
  /** `sha256=`, `v0=`, or '' for a bare digest. */
  prefix: string
  encoding: DigestEncoding
}

const digestBytes = (algorithm: Algorithm): number => DIGEST_BYTES[algorithm.hash ?? 'sha256']

function digestText (encoding: DigestEncoding, bytes: number): string {
  return encoding === 'hex' ? `${bytes * 2} hex digits` : `base64 of ${bytes} bytes, ${Math.ceil(bytes / 3) * 4} characters`
}

/** `sha256=<64 hex digits>`: the framing as people read it in a detail. */
export const describeFraming = (framing: Framing, algorithm: Algorithm = HMAC_SHA256): string =>
  `${framing.prefix}<${digestText(framing.encoding, digestBytes(algorithm))}>`

/** The digest in a value of exactly this framing (hex in either case, base64 padded) and length, else undefined. */
export function decodeFramed (value: string, framing: Framing, algorithm: Algorithm = HMAC_SHA256): Buffer | undefined {
  if (!value.startsWith(framing.prefix)) return undefined
  const text = value.slice(framing.prefix.length)
  const digest = framing.encoding === 'hex' ? decodeHex(text) : decodeBase64(text)
  return digest?.length === digestBytes(algorithm) ? digest : undefined
}

function encodingProblem (text: string, framing: Framing, sender: string, bytes: number): string {
  if (framing.encoding === 'hex') {
    return decodeBase64Loose(text)?.bytes.length === bytes
      ? `the digest looks like base64; ${sender} sends hex`
      : `the digest is not ${digestText('hex', bytes)}`
  }
  if (decodeHex(text)?.length === bytes) return `the digest looks like hex; ${sender} sends base64`
  if (decodeBase64Key(text)?.bytes.length === bytes && decodeBase64Loose(text) === undefined) {
    return 'it is not canonical base64: its last character sets bits past the digest, which encoders leave at zero ' +
      '(another spelling of a digest is refused, so that a signature has one form)'
  }
  const loose = decodeBase64Loose(text)
  if (loose?.variant === 'unpadded' && loose.bytes.length === bytes) return 'the "=" padding is missing'
  if (loose?.variant === 'url-safe' && loose.bytes.length === bytes) return `it uses the URL-safe base64 alphabet; ${sender} sends standard base64`
  return `the digest is not ${digestText('base64', bytes)}`
}

/** Why a value is not of the framing, in words: what to fix in the header as it was passed. */
export function framingProblem (value: string, framing: Framing, sender: string, algorithm: Algorithm = HMAC_SHA256): string {
  if (value === '') return 'the value is empty'
  const bytes = digestBytes(algorithm)
  const label = /^([A-Za-z0-9]{1,12})[=:,]/.exec(value)
  if (framing.prefix === '') {
    return label === null ? encodingProblem(value, framing, sender, bytes) : `it starts with "${label[0]}"; ${sender} sends the bare digest`
  }
  if (value.startsWith(framing.prefix)) return encodingProblem(value.slice(framing.prefix.length), framing, sender, bytes)
  if (label === null) {
    return decodeFramed(framing.prefix + value, framing, algorithm) === undefined
      ? `it does not start with ${framing.prefix}`
      : `the ${framing.prefix} prefix is missing`
  }
  const named = label[1].toLowerCase()
  return /^sha(1|256|512)$/.test(named) && named !== algorithm.hash
    ? `it carries a ${named} value; ${sender} signs with ${algorithm.hash ?? 'sha256'}`
    : `it starts with "${label[0]}" where ${sender} writes ${framing.prefix}`
}

/** A failed header lookup as the read of a signature: missing or given twice with different values. */
export function headerFailure (found: { check: Check, reason: 'missing' | 'conflict' }, algorithm: Algorithm): SignatureRead {
  return { reason: headerReason(found.reason), checks: [found.check], candidates: [], loose: [], algorithm }
}

/**
 * Reads one framed signature from one header, over the body alone; providers that sign more replace `signed`, and
 * leave it undefined when the rest of the signed content (a timestamp header) is missing.
 */
export function readFramedHeader (
  ctx: ProviderContext, display: string, framing: Framing, sender: string, algorithm: Algorithm = HMAC_SHA256
): SignatureRead {
  const name = display.toLowerCase()
  const found = readHeader(ctx, name, display)
  if ('check' in found) return headerFailure(found, algorithm)
  const form = describeFraming(framing, algorithm)
  const digest = decodeFramed(found.value, framing, algorithm)
  if (digest === undefined) {
    return {
      reason: 'malformed_signature_header',
      checks: [check('signature_header', 'failed', `${display} is not of the form ${form}: ${framingProblem(found.value, framing, sender, algorithm)}`)],
      header: name,
      candidates: [],
      loose: [found.value],
      algorithm,
      signed: bodyOnly
    }
  }
  return {
    checks: [check('signature_header', 'passed', `${display} found: ${form}`)],
    header: name,
    candidates: [{ label: display, digest }],
    loose: [],
    algorithm,
    signed: bodyOnly
  }
}
