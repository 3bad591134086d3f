import { decodeBase64, decodeBase64Loose, hmac } from '../digest.js'
import { check, readHeader, type Candidate, type Provider, type ProviderContext, type SignatureRead } from '../provider.js'
import { DEFAULT_TOLERANCE_SECONDS, type Check } from '../types.js'

const SECRET_PREFIX = 'whsec_'

/** `webhook-*` names win; Svix-backed senders (Clerk, Resend, ...) use `svix-*`. */
export function headerFamily (ctx: ProviderContext): 'webhook' | 'svix' {
  return !ctx.headers.has('webhook-signature') && ctx.headers.has('svix-signature') ? 'svix' : 'webhook'
}

/** The HMAC key: the base64 after the optional `whsec_` prefix (unlike Stripe, which uses the string itself). */
export function standardWebhooksKey (secret: string): Buffer | undefined {
  const text = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret
  const decoded = decodeBase64Loose(text)
  return decoded === undefined || decoded.bytes.length === 0 ? undefined : decoded.bytes
}

function readSignatures (value: string): { candidates: Candidate[], loose: string[], notes: string[] } {
  const entries = value.split(' ').filter((entry) => entry !== '')
  const candidates: Candidate[] = []
  const loose: string[] = []
  let asymmetric = 0
  let other = 0
  entries.forEach((entry, index) => {
    const comma = entry.indexOf(',')
    const version = comma < 0 ? '' : entry.slice(0, comma)
    if (version === 'v1') {
      const digest = decodeBase64(entry.slice(comma + 1))
      if (digest?.length === 32) candidates.push({ label: `v1 entry ${index + 1} of ${entries.length}`, digest })
      else loose.push(entry.slice(comma + 1))
    } else if (version === 'v1a') {
      asymmetric++
    } else if (comma < 0) {
      loose.push(entry)
    } else {
      other++
    }
  })
  const notes = [`${candidates.length + loose.length} v1 entr${candidates.length + loose.length === 1 ? 'y' : 'ies'}`]
  if (asymmetric > 0) notes.push(`${asymmetric} v1a (ed25519) skipped: they need the sender's public key, not the HMAC secret`)
  if (other > 0) notes.push(`${other} entr${other === 1 ? 'y' : 'ies'} of an unknown version ignored`)
  return { candidates, loose, notes }
}

function read (ctx: ProviderContext): SignatureRead {
  const family = headerFamily(ctx)
  const checks: Check[] = []
  const result: SignatureRead = { checks, candidates: [], loose: [] }
  const signature = readHeader(ctx, `${family}-signature`, `${family}-signature`)
  const id = readHeader(ctx, `${family}-id`, `${family}-id`, 'message_id')
  const timestamp = readHeader(ctx, `${family}-timestamp`, `${family}-timestamp`, 'timestamp')

  if ('check' in signature) {
    checks.push(signature.check)
    result.reason = signature.reason === 'missing' ? 'missing_signature_header' : 'malformed_signature_header'
  } else {
    result.header = `${family}-signature`
    const { candidates, loose, notes } = readSignatures(signature.value)
    Object.assign(result, { candidates, loose })
    if (candidates.length > 0) {
      checks.push(check('signature_header', 'passed', `${family}-signature found: ${notes.join(', ')}`))
    } else {
      result.reason = loose.length > 0 ? 'malformed_signature_header' : 'missing_signature_header'
      const problem = loose.length > 0 ? 'no entry is of the form v1,<base64 32-byte digest>' : 'no v1 signature'
      checks.push(check('signature_header', 'failed', `${family}-signature found, but ${problem} (${notes.join(', ')})`))
    }
  }

  if ('check' in id) {
    checks.push({ ...id.check, detail: `${id.check.detail}; the message id starts the signed content` })
    result.reason ??= id.reason === 'missing' ? 'missing_signature_header' : 'malformed_signature_header'
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
  if (!('check' in id) && result.timestamp !== undefined) result.signedPrefix = `${id.value}.${result.timestamp}.`
  return result
}

export const standardWebhooks: Provider = {
  id: 'standard-webhooks',
  replayProtected: true,
  info: {
    provider: 'standard-webhooks',
    name: 'Standard Webhooks (and Svix)',
    signature_scheme: 'hmac-sha256-base64',
    signature_headers: ['webhook-signature', 'svix-signature'],
    timestamp_header: 'webhook-timestamp (svix-timestamp)',
    replay_protected: true,
    default_tolerance_seconds: DEFAULT_TOLERANCE_SECONDS,
    signed_content: '<webhook-id>.<webhook-timestamp>.<raw body>; header value: space-separated v1,<base64 HMAC-SHA256> entries, any may match; v1a (ed25519) is skipped',
    secret_format: 'whsec_ followed by the base64 key (24 to 64 bytes); the key is the base64-decoded part, the prefix is optional'
  },
  scheme: () => 'hmac-sha256-base64',
  read,
  key: standardWebhooksKey,
  extraChecks: () => [],
  sign ({ body, secret, timestamp, id }) {
    const key = standardWebhooksKey(secret) ?? Buffer.alloc(0)
    const digest = hmac('sha256', key, body, `${id}.${timestamp}.`)
    return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${digest.toString('base64')}` }
  }
}
