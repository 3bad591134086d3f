import { hmacAlgorithm, type Algorithm } from '../algorithms.js'
import { DIGEST_BYTES, decodeBase64Loose, decodeHex, mac, type HmacAlgorithm } from '../digest.js'
import { base64Key, hexKey, signingKeyOf, utf8Key, type KeyFormat } from '../key-formats.js'
import {
  defineProvider, anyFramework, bodyOnly, check, headerReason, readHeader,
  type Demo, type FramingReading, type ProviderContext, type SignatureRead, type SignedContent
} from '../provider.js'
import { decodedKeyVariants, utf8KeyVariant, whsecVariants } from '../secret-variants.js'
import type { Check, DigestEncoding, GenericOptions } from '../types.js'

function genericEncoding (generic?: GenericOptions): DigestEncoding {
  return generic?.encoding ?? 'hex'
}

const KEY_FORMATS: Record<NonNullable<GenericOptions['key_encoding']>, KeyFormat> = { utf8: utf8Key, hex: hexKey, base64: base64Key }
const ALGORITHMS = new Map<string, Algorithm>()
for (const hash of Object.keys(DIGEST_BYTES) as HmacAlgorithm[]) {
  for (const [encoding, format] of Object.entries(KEY_FORMATS)) ALGORITHMS.set(`${hash} ${encoding}`, hmacAlgorithm(hash, format))
}

/** The HMAC of the options: the hash, and how the secret becomes the key. */
function genericAlgorithm (options?: GenericOptions): Algorithm {
  return ALGORITHMS.get(`${options?.algorithm ?? 'sha256'} ${options?.key_encoding ?? 'utf8'}`) as Algorithm
}

function decode (text: string, encoding: DigestEncoding): Buffer | undefined {
  if (encoding === 'hex') return decodeHex(text)
  const decoded = decodeBase64Loose(text)
  // Padding is optional for a generic sender; the URL-safe alphabet is another encoding.
  return decoded !== undefined && decoded.variant !== 'url-safe' ? decoded.bytes : undefined
}

const PLACEHOLDER = /(\{body\}|\{timestamp\}|\{id\})/

/** The signed content of a template, given the timestamp and id values; the schema guarantees one {body}. */
function templated (template: string, values: { timestamp?: string, id?: string }): SignedContent {
  if (template === '{body}') return bodyOnly
  const pieces = template.split(PLACEHOLDER).filter((piece) => piece !== '')
  const valueOf = (piece: string): string => piece === '{timestamp}' ? values.timestamp ?? '' : piece === '{id}' ? values.id ?? '' : piece
  return (body) => pieces.map((piece) => piece === '{body}' ? body : valueOf(piece))
}

/** The timestamp and id headers the options name, as checks and values. */
function signedHeaders (ctx: ProviderContext, options: GenericOptions, read: SignatureRead): { timestamp?: string, id?: string } {
  const values: { timestamp?: string, id?: string } = {}
  if (options.timestamp_header != null) {
    // only a signed timestamp stops a replay: an unsigned one is sent anew with the captured body
    read.replayProtected = (options.signed_content ?? '').includes('{timestamp}')
    if (!read.replayProtected) {
      read.checks.push(check('timestamp_signed', 'warning', `${options.timestamp_header} is not in signed_content: its value is not ` +
        'signed, so a captured delivery replays with a fresh one (no replay protection; sign it with {timestamp})'))
    }
    const found = readHeader(ctx, options.timestamp_header, options.timestamp_header, 'timestamp')
    if ('check' in found) {
      read.checks.push(found.check)
      read.reason ??= found.reason === 'missing' ? 'missing_timestamp' : 'invalid_timestamp'
    } else {
      values.timestamp = found.value
      Object.assign(read, { timestamp: found.value, timestampLabel: options.timestamp_header, timestampUnit: options.timestamp_unit ?? 'seconds' })
    }
  }
  if (options.id_header != null) {
    const found = readHeader(ctx, options.id_header, options.id_header, 'message_id')
    if ('check' in found) {
      read.checks.push(found.check)
      if ((options.signed_content ?? '').includes('{id}')) read.reason ??= headerReason(found.reason)
    } else {
      values.id = found.value
      read.checks.push(check('message_id', 'passed', `${options.id_header} found: deduplicate deliveries on it`))
    }
  }
  return values
}

function read (ctx: ProviderContext): SignatureRead {
  // The route rejects generic-hmac without `generic`; this default only keeps the module total.
  const options = ctx.generic ?? { header_name: 'x-signature' }
  const name = options.header_name.trim().toLowerCase()
  const encoding = genericEncoding(options)
  const prefix = options.prefix ?? ''
  const algorithm = genericAlgorithm(options)
  const hash = algorithm.hash as HmacAlgorithm
  const checks: Check[] = []
  const result: SignatureRead = { checks, candidates: [], loose: [], algorithm }
  const found = readHeader(ctx, name, options.header_name)
  const values = signedHeaders(ctx, options, result)
  const missing = (options.signed_content ?? '').includes('{timestamp}') && values.timestamp === undefined
  const signed = missing || ((options.signed_content ?? '').includes('{id}') && values.id === undefined)
    ? undefined
    : templated(options.signed_content ?? '{body}', values)
  if ('check' in found) {
    checks.unshift(found.check)
    return { ...result, reason: headerReason(found.reason) }
  }
  const malformed = (problem: string): SignatureRead => {
    checks.unshift(check('signature_header', 'failed', `${options.header_name} found, but ${problem}`))
    return { ...result, reason: 'malformed_signature_header', header: name, loose: [found.value], signed }
  }
  if (!found.value.startsWith(prefix)) return malformed(`it does not start with the configured prefix "${prefix}"`)
  const digest = decode(found.value.slice(prefix.length), encoding)
  if (digest === undefined) return malformed(`the value${prefix === '' ? '' : ' after the prefix'} is not ${encoding}`)
  if (digest.length !== DIGEST_BYTES[hash]) return malformed(`it decodes to ${digest.length} bytes; ${algorithm.name} gives ${DIGEST_BYTES[hash]}`)
  const framing = prefix === '' ? `${encoding}, no prefix` : `${encoding} after the prefix "${prefix}"`
  checks.unshift(check('signature_header', 'passed', `${options.header_name} found: ${framing}`))
  return { ...result, header: name, candidates: [{ label: options.header_name, digest }], signed }
}

/** The options that read a header the way it matched in the diagnosis. */
function framingAdvice (options: GenericOptions | undefined, reading: FramingReading): string {
  if (reading.encoding.startsWith('url-safe')) return 'generic-hmac reads hex or standard base64 only'
  const encoding = reading.encoding === 'hex' ? 'hex' : 'base64'
  const prefix = reading.prefix === '' ? '' : `, "prefix": ${JSON.stringify(reading.prefix)}`
  const algorithm = reading.algorithm === 'sha256' && options?.algorithm == null ? '' : `, "algorithm": "${reading.algorithm}"`
  return `verify with "generic": {"header_name": ${JSON.stringify(options?.header_name ?? '')}, "encoding": "${encoding}"${prefix}${algorithm}}`
}

const DEMO_SECRET = 'generic-replay-vector-demo-secret'

/** The demo delivery of the caller's options: its secret in the key encoding they chose. */
function genericDemo (options: GenericOptions): Demo {
  const encoding = options.key_encoding ?? 'utf8'
  return {
    payload: '{"event":"demo","id":1}',
    secret: encoding === 'utf8' ? DEMO_SECRET : Buffer.from(DEMO_SECRET).toString(encoding),
    headers: { 'Content-Type': 'application/json' }
  }
}

export const genericHmac = defineProvider({
  id: 'generic-hmac',
  replayProtected: false,
  name: 'Generic HMAC',
  signatureHeaders: ['<generic.header_name>'],
  timestampHeader: '<generic.timestamp_header>, when given',
  signedContent: '<generic.signed_content> ({body} by default; {timestamp} and {id} are the values of generic.timestamp_header and id_header); ' +
    'header value <generic.prefix><HMAC in generic.encoding (hex, case-insensitive, or base64)>; HMAC-SHA256 unless generic.algorithm says sha1 or sha512',
  secretFormat: 'the shared secret: its UTF-8 bytes, or with generic.key_encoding the bytes it encodes in hex or base64',
  keyFormat: 'utf8 (hex or base64 with generic.key_encoding)',
  algorithm: genericAlgorithm(),
  scheme: (generic) => `hmac-${generic?.algorithm ?? 'sha256'}-${genericEncoding(generic)}`,
  read,
  // The caller says what is signed and how, so a whsec_ secret may be right, and a form body may be what is signed.
  whsecSecrets: true,
  formBodies: true,
  secretVariants: (secret, algorithm) => [
    ...whsecVariants(secret),
    ...(algorithm.key !== utf8Key
      ? [utf8KeyVariant(secret, 'the sender keys the HMAC with the secret as text, not with the bytes it encodes: leave generic.key_encoding at utf8')]
      : decodedKeyVariants(secret))
  ],
  configurable: {
    demo: genericDemo,
    framingAdvice,
    example: { options: { header_name: 'X-Signature', encoding: 'hex', prefix: 'sha256=' }, summary: 'Generic HMAC-SHA256: hex with a sha256= prefix' }
  },
  sign ({ body, secret, generic, timestamp, id }) {
    const options = generic ?? { header_name: 'X-Signature' }
    const algorithm = genericAlgorithm(options)
    const key = signingKeyOf(algorithm.key, secret) as Buffer
    const values = { timestamp: String(options.timestamp_unit === 'milliseconds' ? timestamp * 1000 : timestamp), id }
    const digest = mac(algorithm.hash as HmacAlgorithm, key, templated(options.signed_content ?? '{body}', values)(body))
    return {
      [options.header_name]: `${options.prefix ?? ''}${digest.toString(genericEncoding(options))}`,
      ...(options.timestamp_header == null ? {} : { [options.timestamp_header]: values.timestamp }),
      ...(options.id_header == null ? {} : { [options.id_header]: id })
    }
  },
  // The replay vectors follow the caller's options (genericDemo).
  demos: [genericDemo({ header_name: 'X-Signature' })],
  note: anyFramework('generic-hmac signs what generic.signed_content says, the raw body by default',
    'Some senders also sign a timestamp, an id or the URL; check what the sender\'s documentation says is signed, ' +
      'and set signed_content, timestamp_header and id_header to match.')
})
