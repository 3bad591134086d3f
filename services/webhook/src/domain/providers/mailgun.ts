import { HMAC_SHA256 } from '../algorithms.js'
import { decodeHex, mac } from '../digest.js'
import { defineProvider, anyFramework, check, type Candidate, type ContentVariant, type ProviderContext, type SignatureRead } from '../provider.js'
import type { Check } from '../types.js'
import { isObject, jsonObject } from './body-fields.js'

/**
 * The signature fields of a Mailgun delivery: the `signature` object of a JSON webhook, or the form fields of a legacy
 * webhook or a route. Mailgun signs `<timestamp><token>` only, never the event data around them.
 */
export interface MailgunFields {
  source: 'json' | 'form'
  timestamp?: string
  token?: string
  signature?: string
  /** Events of a subaccount also carry the primary account's signature, made with the primary account's key. */
  parent?: string
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : undefined

const JSON_SHAPE = /"signature"\s*:\s*\{/
const FORM_SHAPE = /(?:^|&)signature=[0-9A-Fa-f]{64}(?:&|$)/

export function mailgunFields (payload: string): MailgunFields | undefined {
  const json = jsonObject(payload)
  if (json !== undefined) {
    const fields = json.signature
    if (!isObject(fields)) return undefined
    return {
      source: 'json', timestamp: text(fields.timestamp), token: text(fields.token), signature: text(fields.signature), parent: text(fields['parent-signature'])
    }
  }
  if (/^\s*[[{]/.test(payload) || !/(?:^|&)signature=/.test(payload)) return undefined
  const form = new URLSearchParams(payload)
  const field = (name: string): string | undefined => form.get(name) ?? undefined
  return { source: 'form', timestamp: field('timestamp'), token: field('token'), signature: field('signature'), parent: field('parent-signature') }
}

// read parses the body once and hands its fields to the diagnosis and the extra checks
const fieldsOf = (read: SignatureRead): MailgunFields | undefined => read.body as MailgunFields | undefined

const nameIn = (fields: MailgunFields, name: string): string => fields.source === 'json' ? `signature.${name}` : name

function missingDetail (ctx: ProviderContext): string {
  const multipart = /^\s*--/.test(ctx.payload)
    ? '; this looks like a multipart post (a route with attachments): pass its timestamp, token and signature fields as a form body ' +
      '(timestamp=...&token=...&signature=...), since they are all Mailgun signs'
    : ''
  return 'the body has no Mailgun signature (a signature object with timestamp, token and signature in the JSON body, or those three form ' +
    `fields of a legacy webhook or route): pass the body exactly as received${multipart}`
}

function read (ctx: ProviderContext): SignatureRead {
  const fields = mailgunFields(ctx.payload)
  const none = { candidates: [], loose: [], algorithm: HMAC_SHA256, body: fields }
  if (fields?.signature === undefined) {
    return { ...none, reason: 'missing_signature_header', checks: [check('signature_header', 'failed', missingDetail(ctx))] }
  }
  const candidates: Candidate[] = []
  const loose: string[] = []
  const signatures: Array<[string, string | undefined]> = [[nameIn(fields, 'signature'), fields.signature], [nameIn(fields, 'parent-signature'), fields.parent]]
  for (const [label, value] of signatures) {
    if (value === undefined) continue
    const digest = decodeHex(value)
    if (digest?.length === 32) candidates.push({ label, digest })
    else loose.push(value)
  }
  const where = fields.source === 'json' ? 'the JSON body\'s signature object' : 'the form fields'
  const checks: Check[] = []
  let reason: SignatureRead['reason']
  if (fields.token === undefined || fields.token === '') {
    reason = 'missing_signature_header'
    checks.push(check('signature_header', 'failed', `${nameIn(fields, 'token')} is missing from ${where}: Mailgun signs the timestamp followed by it`))
  } else if (candidates.length === 0) {
    reason = 'malformed_signature_header'
    checks.push(check('signature_header', 'failed', `${nameIn(fields, 'signature')} is not 64 hex characters, the HMAC-SHA256 Mailgun sends`))
  } else {
    const parent = fields.parent === undefined ? '' : ', with the primary account\'s parent-signature (a subaccount\'s event)'
    checks.push(check('signature_header', 'passed', `${nameIn(fields, 'signature')} found in ${where}${parent}`))
  }
  const timestamp = fields.timestamp
  if (timestamp === undefined) {
    checks.push(check('timestamp', 'failed', `${nameIn(fields, 'timestamp')} is missing from ${where}: Mailgun signs it before the token`))
    reason ??= 'missing_timestamp'
  }
  const token = fields.token
  return {
    reason,
    checks,
    body: fields,
    header: nameIn(fields, 'signature'),
    candidates,
    loose,
    algorithm: HMAC_SHA256,
    ...(timestamp === undefined ? {} : { timestamp, timestampLabel: `${nameIn(fields, 'timestamp')} in the body`, timestampUnit: 'seconds' as const }),
    signed: timestamp === undefined || token === undefined || token === '' ? undefined : () => [timestamp, token]
  }
}

function contentVariants (_ctx: ProviderContext, read: SignatureRead): ContentVariant[] {
  const fields = fieldsOf(read)
  if (fields?.timestamp === undefined || fields.token === undefined) return []
  return [{
    code: 'token_before_timestamp',
    cause: 'framing',
    finding: 'the token followed by the timestamp',
    explanation: 'Mailgun signs the timestamp then the token, with nothing between them: the code that signed or checks this joins them the other way round',
    content: [fields.token, fields.timestamp]
  }]
}

function extraChecks (_ctx: ProviderContext, read: SignatureRead): Check[] {
  const fields = fieldsOf(read)
  return [
    check('body_integrity', 'warning', 'Mailgun signs the timestamp and the token only, not event-data: a valid signature proves Mailgun sent a ' +
      'delivery at that time, not that the rest of the body is unchanged; where it matters, fetch the event from Mailgun\'s Events API'),
    fields?.token === undefined || fields.token === ''
      ? check('idempotency_key', 'skipped', 'no token: Mailgun\'s token is what to deduplicate deliveries on')
      : check('idempotency_key', 'passed', `deduplicate deliveries on ${nameIn(fields, 'token')}: Mailgun advises refusing a token seen before`)
  ]
}

const API_KEY = /^[0-9a-f]{32}-[0-9a-f]{8}-[0-9a-f]{8}$/

const DEMO_SECRET = 'mailgun-replay-vector-demo-webhook-signing-key'
const DEMO_TOKEN = 'c7a9f2f5e3a1d0b4e6f8a2c4d6e8f0a1b3c5d7e9f1a3b5c7d9'
const DEMO_TIME = '1700000000'

export const mailgun = defineProvider({
  id: 'mailgun',
  replayProtected: true,
  name: 'Mailgun',
  scheme: 'hmac-sha256-hex',
  signatureHeaders: [],
  timestampHeader: 'signature.timestamp (in the JSON body; the timestamp form field of legacy webhooks and routes)',
  signedContent: '<signature.timestamp><signature.token>, both from the body, with no separator; the signature is signature.signature in ' +
    'the JSON body (form fields timestamp, token, signature for legacy webhooks and routes), hex HMAC-SHA256; event-data is not signed; ' +
    'a subaccount\'s event also carries parent-signature, made with the primary account\'s key',
  secretFormat: 'the HTTP webhook signing key (Sending > Webhooks), used as UTF-8 bytes; not the public validation key (pubkey-)',
  algorithm: HMAC_SHA256,
  detection: { headers: [], body: (payload) => (JSON_SHAPE.test(payload) || FORM_SHAPE.test(payload)) && mailgunFields(payload)?.token !== undefined },
  read,
  signsBodyFields: true,
  contentVariants,
  extraChecks,
  secretFindings: (secret) => [
    ...(secret.startsWith('pubkey-') ? ['it starts with pubkey-, Mailgun\'s public validation key, which signs nothing'] : []),
    ...(API_KEY.test(secret)
      ? ['it has the shape of a Mailgun private API key: webhooks are signed with the HTTP webhook signing key, a separate key on current accounts']
      : [])
  ],
  // The signature travels in the body, so the demo body is signed already and nothing is added to the headers.
  sign: () => ({}),
  // The signature object is written into the body, first as Mailgun sends it; the id given is the token.
  signBody ({ body, secret, timestamp, id }) {
    const json = jsonObject(body)
    if (json === undefined) return { problem: 'Mailgun signs inside a JSON object body (its signature object): the payload is not one' }
    const { signature: _replaced, ...rest } = json
    const fields = { timestamp: String(timestamp), token: id }
    return { body: JSON.stringify({ signature: { ...fields, signature: mac('sha256', secret, [fields.timestamp, id]).toString('hex') }, ...rest }) }
  },
  demos: [{
    payload: JSON.stringify({
      signature: { token: DEMO_TOKEN, timestamp: DEMO_TIME, signature: mac('sha256', DEMO_SECRET, [DEMO_TIME, DEMO_TOKEN]).toString('hex') },
      'event-data': { event: 'delivered', id: 'CPgfbmQMTCKtHW6uIWtuVe', timestamp: 1700000000.0, recipient: 'alice@example.com' }
    }),
    secret: DEMO_SECRET,
    headers: { 'Content-Type': 'application/json' },
    timestamp: Number(DEMO_TIME)
  }],
  note: anyFramework('Mailgun signs signature.timestamp and signature.token from the body, not the body\'s bytes',
    'Pass the body as received (re-serialising it does no harm here); the key is the HTTP webhook signing key, not the API key; ' +
    'the signature covers the timestamp followed by the token, nothing between them.'),
  missingHeaderNote: anyFramework('Mailgun\'s signature is inside the body, not in a header',
    'Pass the whole body: the JSON object holding signature and event-data, or the form fields timestamp, token and signature of a legacy webhook or route.')
})
