import { sign } from 'node:crypto'
import type { Algorithm } from '../algorithms.js'
import { decodeBase64, decodeHex } from '../digest.js'
import {
  check, defineProvider, prefixed, readHeader,
  type ContentVariant, type Demo, type SigningKey, type Provider, type ProviderContext, type SignatureRead
} from '../provider.js'
import type { RawBodyHint } from '../types.js'
import { headerFailure } from './framing.js'

/**
 * A provider that signs `<timestamp header><raw body>` with its private key and sends the signature in another
 * header (Discord: Ed25519 in hex; SendGrid: ECDSA P-256, DER in base64). Verified with the public key it publishes.
 */
export interface TimestampSignatureSpec<Id extends string = string> {
  id: Id
  name: string
  signatureHeader: string
  timestampHeader: string
  encoding: 'hex' | 'base64'
  /** The exact signature length where the algorithm fixes it (Ed25519: 64 bytes). */
  signatureBytes?: number
  algorithm: Algorithm
  scheme: string
  /** For the hash of `sign`: null for Ed25519, sha256 for ECDSA. */
  hash: string | null
  secretFormat: string
  keyFormat: string
  /** Between the timestamp and the body in the signed content: nothing unless given (Telnyx writes "|"). */
  join?: string
  /** What the provider's library does about the timestamp, for the providers listing. */
  facts: string
  demo: Demo
  note: RawBodyHint
  contentVariants?: (ctx: ProviderContext, read: SignatureRead) => ContentVariant[]
  secretFindings?: (secret: string) => string[]
  signingKey: SigningKey
}

function read (ctx: ProviderContext, spec: TimestampSignatureSpec): SignatureRead {
  const name = spec.signatureHeader.toLowerCase()
  const found = readHeader(ctx, name, spec.signatureHeader)
  const result: SignatureRead = 'check' in found ? headerFailure(found, spec.algorithm) : { checks: [], candidates: [], loose: [], algorithm: spec.algorithm }
  if (!('check' in found)) {
    result.header = name
    const signature = spec.encoding === 'hex' ? decodeHex(found.value) : decodeBase64(found.value)
    const form = `${spec.encoding} ${spec.algorithm.name} signature${spec.signatureBytes === undefined ? '' : ` (${spec.signatureBytes} bytes)`}`
    if (signature === undefined || (spec.signatureBytes !== undefined && signature.length !== spec.signatureBytes)) {
      const problem = found.value === ''
        ? 'the value is empty'
        : signature === undefined ? `it is not ${spec.encoding}` : `it decodes to ${signature.length} bytes`
      result.reason = 'malformed_signature_header'
      result.checks.push(check('signature_header', 'failed', `${spec.signatureHeader} is not a ${form}: ${problem}`))
    } else {
      result.checks.push(check('signature_header', 'passed', `${spec.signatureHeader} found: a ${form}`))
      result.candidates = [{ label: spec.signatureHeader, digest: signature }]
    }
  }
  const timestamp = readHeader(ctx, spec.timestampHeader.toLowerCase(), spec.timestampHeader, 'timestamp')
  if ('check' in timestamp) {
    result.checks.push({ ...timestamp.check, detail: `${timestamp.check.detail}; the timestamp starts the signed content` })
    result.reason ??= timestamp.reason === 'missing' ? 'missing_timestamp' : 'invalid_timestamp'
    return result
  }
  return { ...result, timestamp: timestamp.value, timestampLabel: spec.timestampHeader, signed: prefixed(`${timestamp.value}${spec.join ?? ''}`) }
}

export function timestampSignatureProvider<const Id extends string> (spec: TimestampSignatureSpec<Id>): Provider & { id: Id } {
  return defineProvider({
    id: spec.id,
    name: spec.name,
    scheme: spec.scheme,
    signatureHeaders: [spec.signatureHeader],
    timestampHeader: spec.timestampHeader,
    replayProtected: true,
    signedContent: `<${spec.timestampHeader}>${spec.join ?? ''}<raw body>, concatenated; ` +
      `header value: the ${spec.encoding} ${spec.algorithm.name} signature; ${spec.facts}`,
    secretFormat: spec.secretFormat,
    keyFormat: spec.keyFormat,
    algorithm: spec.algorithm,
    detection: { headers: [spec.signatureHeader.toLowerCase()], telltales: [spec.timestampHeader.toLowerCase()] },
    read: (ctx) => read(ctx, spec),
    signingKey: spec.signingKey,
    ...(spec.contentVariants === undefined ? {} : { contentVariants: spec.contentVariants }),
    ...(spec.secretFindings === undefined ? {} : { secretFindings: spec.secretFindings }),
    sign: ({ body, secret, timestamp }) => ({
      [spec.timestampHeader]: String(timestamp),
      [spec.signatureHeader]: sign(spec.hash, Buffer.from(`${timestamp}${spec.join ?? ''}${body}`), secret).toString(spec.encoding)
    }),
    demos: [spec.demo],
    note: spec.note
  })
}
