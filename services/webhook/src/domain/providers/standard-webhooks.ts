import { sign } from 'node:crypto'
import { ed25519, hmacAlgorithm } from '../algorithms.js'
import { decodeBase64, decodeBase64Key, hmac } from '../digest.js'
import { publicKey, rawEd25519, signingKeyOf, type KeyFormat } from '../key-formats.js'
import {
  defineProvider, anyFramework, check, headerReason, prefixed, readHeader,
  type Candidate, type ProviderContext, type SecretVariantDraft, type SignatureRead
} from '../provider.js'
import type { Check } from '../types.js'
import { DEMO_ED25519 } from './demo-keys.js'

const SECRET_PREFIX = 'whsec_'

/** `webhook-*` names win; Svix-backed senders (Clerk, Resend, ...) use `svix-*`. */
function headerFamily (ctx: ProviderContext): 'webhook' | 'svix' {
  return !ctx.headers.has('webhook-signature') && ctx.headers.has('svix-signature') ? 'svix' : 'webhook'
}

const afterPrefix = (secret: string): string => secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret

/**
 * The HMAC key: the base64 after the optional `whsec_` prefix (unlike Stripe, which uses the string itself). Standard
 * alphabet only, padded or not, as standardwebhooks and svix decode it: they throw on the URL-safe alphabet, so a key
 * read from it here would verify deliveries that the customer's own receiver can never verify.
 */
export function standardWebhooksKey (secret: string): Buffer | undefined {
  const text = afterPrefix(secret)
  // Their decoder refuses a text under 4 characters ("incorrect padding"), whatever it spells.
  if (text.length < 4) return undefined
  const decoded = decodeBase64Key(text)
  return decoded === undefined || decoded.variant === 'url-safe' || decoded.bytes.length === 0 ? undefined : decoded.bytes
}

/**
 * The bytes of a secret written in the URL-safe alphabet (a - or _ in it: a standard text with stray padding is not
 * one), never a key: for the diagnosis of a mistaken encoding.
 */
function urlSafeKey (secret: string): Buffer | undefined {
  const text = afterPrefix(secret)
  const decoded = /[-_]/.test(text) ? decodeBase64Key(text) : undefined
  return decoded?.variant === 'url-safe' && decoded.bytes.length > 0 ? decoded.bytes : undefined
}

const keyFormat: KeyFormat = (secret) => {
  const key = standardWebhooksKey(secret)
  if (key !== undefined) return { key, use: `the part after whsec_ is base64-decoded to a ${key.length}-byte key` }
  if (urlSafeKey(secret) !== undefined) {
    return {
      problem: 'the secret\'s base64 is written in the URL-safe alphabet (- and _), not the standard one (+ and /): ' +
        'the Standard Webhooks libraries refuse such a secret, so it is not used; pass the secret exactly as the sender issued it'
    }
  }
  return { problem: 'the secret is not base64 after the optional whsec_ prefix, so it cannot be a Standard Webhooks key' }
}
const ALGORITHM = hmacAlgorithm('sha256', keyFormat)

/** A secret re-encoded in the URL-safe alphabet: whether the sender signed with the bytes it spells. */
const urlSafeVariant = (secret: string): SecretVariantDraft[] => {
  const key = urlSafeKey(secret)
  return key === undefined
    ? []
    : [{
        code: 'secret_url_safe_decoded',
        finding: 'the secret\'s base64 decoded as URL-safe base64',
        explanation: 'the sender signed with the bytes this secret spells, but the secret was rewritten in the URL-safe alphabet ' +
          '(- and _ for + and /), which the Standard Webhooks libraries refuse: use the secret in standard base64, as the sender issued it',
        key
      }]
}

const PUBLIC_PREFIX = 'whpk_'
const publicKeyFormat = publicKey('ed25519')
/** v1a's key: whpk_ followed by the base64 of the 32 raw bytes (a PEM or JWK is read too). */
const asymmetricKey: KeyFormat = (secret) => publicKeyFormat(secret.startsWith(PUBLIC_PREFIX) ? secret.slice(PUBLIC_PREFIX.length) : secret)
const ASYMMETRIC = ed25519(asymmetricKey)

/** A public key (whpk_, PEM, JWK) or a signing key given instead selects the asymmetric v1a scheme. */
const isAsymmetric = (secret: string | undefined): boolean =>
  secret !== undefined && (/^(whpk_|whsk_|\s*\{)/.test(secret) || secret.includes('-----BEGIN'))

interface Scheme {
  version: 'v1' | 'v1a'
  other: 'v1' | 'v1a'
  bytes: number
  skipped: string
}
const SCHEMES: Record<'v1' | 'v1a', Scheme> = {
  v1: { version: 'v1', other: 'v1a', bytes: 32, skipped: 'v1a (ed25519) skipped: they need the sender\'s whpk_ public key, not the HMAC secret' },
  v1a: { version: 'v1a', other: 'v1', bytes: 64, skipped: 'v1 (HMAC) skipped: they need the whsec_ secret, not the public key' }
}

function readSignatures (value: string, scheme: Scheme): { candidates: Candidate[], loose: string[], notes: string[] } {
  const entries = value.split(' ').filter((entry) => entry !== '')
  const candidates: Candidate[] = []
  const loose: string[] = []
  let skipped = 0
  let other = 0
  entries.forEach((entry, index) => {
    const comma = entry.indexOf(',')
    const version = comma < 0 ? '' : entry.slice(0, comma)
    if (version === scheme.version) {
      const digest = decodeBase64(entry.slice(comma + 1))
      if (digest?.length === scheme.bytes) candidates.push({ label: `${version} entry ${index + 1} of ${entries.length}`, digest })
      else loose.push(entry.slice(comma + 1))
    } else if (version === scheme.other) {
      skipped++
    } else if (comma < 0) {
      loose.push(entry)
    } else {
      other++
    }
  })
  const count = candidates.length + loose.length
  const notes = [`${count} ${scheme.version} entr${count === 1 ? 'y' : 'ies'}`]
  if (skipped > 0) notes.push(`${skipped} ${scheme.skipped}`)
  if (other > 0) notes.push(`${other} entr${other === 1 ? 'y' : 'ies'} of an unknown version ignored`)
  return { candidates, loose, notes }
}

/**
 * The scheme the secrets verify: the first secret's kind, unless they mix HMAC secrets and public keys (a sender moving
 * from v1 to v1a, the receiver listing its keys of both kinds) and the header's entries are all of the other kind:
 * then the secrets of that kind verify them, and the others, which cannot, are skipped.
 */
function schemeOf (secrets: string[], header: string | undefined): Scheme {
  const first: 'v1' | 'v1a' = isAsymmetric(secrets[0]) ? 'v1a' : 'v1'
  const mixed = secrets.some((secret) => isAsymmetric(secret) !== (first === 'v1a'))
  if (!mixed || header === undefined) return SCHEMES[first]
  const versions = new Set(header.split(' ').filter((entry) => entry.includes(',')).map((entry) => entry.slice(0, entry.indexOf(','))))
  const other = SCHEMES[first].other
  return versions.has(other) && !versions.has(first) ? SCHEMES[other] : SCHEMES[first]
}

function read (ctx: ProviderContext): SignatureRead {
  const family = headerFamily(ctx)
  const checks: Check[] = []
  const signature = readHeader(ctx, `${family}-signature`, `${family}-signature`)
  const scheme = schemeOf(ctx.secrets, 'check' in signature ? undefined : signature.value)
  const result: SignatureRead = { checks, candidates: [], loose: [], algorithm: scheme.version === 'v1a' ? ASYMMETRIC : ALGORITHM }
  if (scheme.version === 'v1a') result.scheme = 'ed25519-base64'
  const id = readHeader(ctx, `${family}-id`, `${family}-id`, 'message_id')
  const timestamp = readHeader(ctx, `${family}-timestamp`, `${family}-timestamp`, 'timestamp')

  if ('check' in signature) {
    checks.push(signature.check)
    result.reason = headerReason(signature.reason)
  } else {
    result.header = `${family}-signature`
    const { candidates, loose, notes } = readSignatures(signature.value, scheme)
    Object.assign(result, { candidates, loose })
    if (candidates.length > 0) {
      checks.push(check('signature_header', 'passed', `${family}-signature found: ${notes.join(', ')}`))
    } else {
      result.reason = loose.length > 0 ? 'malformed_signature_header' : 'missing_signature_header'
      const problem = loose.length > 0
        ? `no entry is of the form ${scheme.version},<base64 ${scheme.bytes}-byte ${scheme.version === 'v1' ? 'digest' : 'signature'}>`
        : `no ${scheme.version} signature`
      checks.push(check('signature_header', 'failed', `${family}-signature found, but ${problem} (${notes.join(', ')})`))
    }
  }

  if ('check' in id) {
    checks.push({ ...id.check, detail: `${id.check.detail}; the message id starts the signed content` })
    result.reason ??= headerReason(id.reason)
  } else {
    const dot = id.value.includes('.') ? ' (it contains ".", which the specification forbids because "." separates the signed parts)' : ''
    checks.push(check('message_id', dot === '' ? 'passed' : 'warning',
      `${family}-id found${dot}: it is signed, and it is the idempotency key to deduplicate deliveries on`))
  }

  if ('check' in timestamp) {
    checks.push(timestamp.check)
    result.reason ??= timestamp.reason === 'missing' ? 'missing_timestamp' : 'invalid_timestamp'
  } else {
    result.timestamp = timestamp.value
    result.timestampLabel = `${family}-timestamp`
  }
  if (!('check' in id) && result.timestamp !== undefined) result.signed = prefixed(`${id.value}.${result.timestamp}.`)
  return result
}

export const standardWebhooks = defineProvider({
  id: 'standard-webhooks',
  replayProtected: true,
  name: 'Standard Webhooks (and Svix)',
  scheme: 'hmac-sha256-base64',
  listedScheme: 'hmac-sha256-base64 (v1), ed25519-base64 (v1a)',
  signatureHeaders: ['webhook-signature', 'svix-signature'],
  timestampHeader: 'webhook-timestamp (svix-timestamp)',
  signedContent: '<webhook-id>.<webhook-timestamp>.<raw body>; header value: space-separated v1,<base64 HMAC-SHA256> entries, any may match; ' +
    'with a whpk_ public key as the secret, the v1a,<base64 Ed25519 signature> entries are verified instead',
  secretFormat: 'whsec_ followed by the base64 key (24 to 64 bytes); the key is the base64-decoded part, the prefix is optional. ' +
    'For v1a, the sender\'s whpk_ public key (base64 of the 32 raw bytes); never the whsk_ signing key',
  keyFormat: 'base64 after whsec_ (v1); ed25519 public key, whpk_ + base64 (v1a)',
  aliases: ['Svix', 'Clerk', 'Resend', 'OpenAI', 'Replicate'],
  algorithm: ALGORITHM,
  detection: { headers: ['webhook-signature', 'svix-signature'] },
  read,
  whsecSecrets: true,
  // v1a: the sender's Ed25519 key; its public key is published as whpk_ and the base64 of its 32 raw bytes.
  signingKey: { type: 'ed25519', publish: (key) => `whpk_${rawEd25519(key).toString('base64')}` },
  // The key is the base64 after whsec_: a sender may have used the string verbatim (as Stripe does) or skipped the decoding.
  secretVariants: (secret) => [...urlSafeVariant(secret), {
    code: 'secret_verbatim',
    finding: 'the whole secret string as the key, without base64 decoding',
    explanation: 'the sender uses the secret string verbatim (as Stripe does); Standard Webhooks base64-decodes ' +
      'the part after whsec_. If the sender is Stripe, verify with provider stripe',
    key: Buffer.from(secret, 'utf8')
  }, ...(secret.startsWith('whsec_')
    ? [{
        code: 'secret_raw',
        finding: 'the characters after whsec_ as the key, not base64-decoded',
        explanation: 'the sender skips the base64 decoding (the libraries\' format: "raw" option); both sides must decode the same way',
        key: Buffer.from(secret.slice('whsec_'.length), 'utf8')
      }]
    : [])],
  secretFindings (secret) {
    if (isAsymmetric(secret)) return []
    const key = standardWebhooksKey(secret)
    return key !== undefined && (key.length < 24 || key.length > 64) ? [`the key is ${key.length} bytes; Standard Webhooks keys are 24 to 64 bytes`] : []
  },
  sign ({ body, secret, timestamp, id }) {
    const content = `${id}.${timestamp}.${body}`
    // A demo key pair's private PEM signs v1a; anything else is the HMAC secret of v1.
    const signature = secret.includes('PRIVATE KEY')
      ? `v1a,${sign(null, Buffer.from(content), secret).toString('base64')}`
      : `v1,${hmac('sha256', signingKeyOf(keyFormat, secret) as Buffer, content).toString('base64')}`
    return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature }
  },
  demos: [
    // The Standard Webhooks reference vector.
    {
      payload: '{"test": 2432232314}',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      timestamp: 1614265330,
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      example: { summary: 'Standard Webhooks: the reference vector' }
    },
    // The same message with Svix's header names.
    {
      payload: '{"test": 2432232314}',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      timestamp: 1614265330,
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      headerNames: { 'webhook-id': 'svix-id', 'webhook-timestamp': 'svix-timestamp', 'webhook-signature': 'svix-signature' },
      example: { name: 'svix', summary: 'Standard Webhooks with the svix-* header names' }
    },
    // v1a, signed by the demo Ed25519 key pair; the secret is its public key.
    {
      payload: '{"type":"user.created","data":{"id":"user_demo"}}',
      secret: `whpk_${DEMO_ED25519.publicBase64}`,
      signingKey: DEMO_ED25519.privateKey,
      id: 'msg_demo_asymmetric_1'
    }
  ],
  note: anyFramework('Standard Webhooks signs "<id>.<timestamp>.<body>" with the base64-decoded secret',
    'Pass webhook-id and webhook-timestamp (or the svix-* names) exactly as received; the key is the base64 after whsec_, unlike Stripe\'s verbatim secret.')
})
