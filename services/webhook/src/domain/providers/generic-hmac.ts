import { decodeBase64Loose, decodeHex, hmac } from '../digest.js'
import { check, readHeader, utf8Key, type Provider, type ProviderContext, type SignatureRead } from '../provider.js'
import type { DigestEncoding, GenericOptions } from '../types.js'

export function genericEncoding (generic?: GenericOptions): DigestEncoding {
  return generic?.encoding ?? 'hex'
}

function decode (text: string, encoding: DigestEncoding): Buffer | undefined {
  if (encoding === 'hex') return decodeHex(text)
  const decoded = decodeBase64Loose(text)
  // Padding is optional for a generic sender; the URL-safe alphabet is another encoding.
  return decoded !== undefined && decoded.variant !== 'url-safe' ? decoded.bytes : undefined
}

function read (ctx: ProviderContext): SignatureRead {
  // The route rejects generic-hmac without `generic`; this default only keeps the module total.
  const options = ctx.generic ?? { header_name: 'x-signature' }
  const name = options.header_name.trim().toLowerCase()
  const encoding = genericEncoding(options)
  const prefix = options.prefix ?? ''
  const found = readHeader(ctx, name, options.header_name)
  if ('check' in found) {
    return { reason: found.reason === 'missing' ? 'missing_signature_header' : 'malformed_signature_header', checks: [found.check], candidates: [], loose: [] }
  }
  const malformed = (problem: string): SignatureRead => ({
    reason: 'malformed_signature_header',
    checks: [check('signature_header', 'failed', `${options.header_name} found, but ${problem}`)],
    header: name,
    candidates: [],
    loose: [found.value],
    signedPrefix: ''
  })
  if (!found.value.startsWith(prefix)) return malformed(`it does not start with the configured prefix "${prefix}"`)
  const digest = decode(found.value.slice(prefix.length), encoding)
  if (digest === undefined) return malformed(`the value${prefix === '' ? '' : ' after the prefix'} is not ${encoding}`)
  if (digest.length !== 32) return malformed(`it decodes to ${digest.length} bytes; HMAC-SHA256 gives 32`)
  const framing = prefix === '' ? `${encoding}, no prefix` : `${encoding} after the prefix "${prefix}"`
  return {
    checks: [check('signature_header', 'passed', `${options.header_name} found: ${framing}`)],
    header: name,
    candidates: [{ label: options.header_name, digest }],
    loose: [],
    signedPrefix: ''
  }
}

export const genericHmac: Provider = {
  id: 'generic-hmac',
  replayProtected: false,
  info: {
    provider: 'generic-hmac',
    name: 'Generic HMAC-SHA256',
    signature_scheme: 'hmac-sha256-hex',
    signature_headers: ['<generic.header_name>'],
    timestamp_header: null,
    replay_protected: false,
    default_tolerance_seconds: null,
    signed_content: 'the raw body; header value <generic.prefix><HMAC-SHA256 in generic.encoding (hex, case-insensitive, or base64)>',
    secret_format: 'the shared secret, used as UTF-8 bytes'
  },
  scheme: (generic) => `hmac-sha256-${genericEncoding(generic)}`,
  read,
  key: utf8Key,
  extraChecks: () => [],
  sign ({ body, secret, generic }) {
    const options = generic ?? { header_name: 'X-Signature' }
    const digest = hmac('sha256', secret, body)
    return { [options.header_name]: `${options.prefix ?? ''}${digest.toString(genericEncoding(options))}` }
  }
}
