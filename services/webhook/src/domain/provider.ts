import type { Algorithm } from './algorithms.js'
import type { Cause } from './body-variants.js'
import type { Parts } from './digest.js'
import type { HeaderBag } from './header-bag.js'
import type { TimestampUnit } from './timestamp.js'
import type { Check, GenericOptions, ProviderId, RawBodyHint } from './types.js'

export type { Parts } from './digest.js'

/** A well-formed signature from the headers (or body), decoded to the bytes it claims: a MAC, a signature or a token. */
export interface Candidate {
  label: string
  digest: Buffer
}

/** What is signed, given the body: the body as received, and each variant of it the diagnosis tries. */
export type SignedContent = (body: Buffer | string) => Parts

/** The body alone (GitHub, Shopify). */
export const bodyOnly: SignedContent = (body) => [body]

/** A prefix, then the body (`v0:<ts>:`, `<t>.`, `<id>.<ts>.`). */
export const prefixed = (prefix: string): SignedContent => (body) => [prefix, body]

/** What a provider learnt from the request, before any key is used. */
export interface SignatureRead {
  /** A header-level failure; absent when the signature can be checked. */
  reason?: 'missing_signature_header' | 'malformed_signature_header' | 'missing_timestamp' | 'invalid_timestamp'
  /** `signature_header` (and, for replay-protected providers, `timestamp`) checks. */
  checks: Check[]
  /** The canonical (lowercase) name of the header carrying the signature. */
  header?: string
  candidates: Candidate[]
  /** Signature texts that failed the provider's strict framing; the diagnosis tries other readings of them. */
  loose: string[]
  /** How the candidates are checked, and how a secret becomes its key. */
  algorithm: Algorithm
  /** What is signed; undefined when it cannot be built (a missing id, timestamp or URL). */
  signed?: SignedContent
  /**
   * Other spellings of the signed content that the provider's own SDK accepts as valid (Twilio's URL with and without
   * its default port), each named for the signature check; tried after `signed`, at one more MAC each.
   */
  alternatives?: Array<{ label: string, signed: SignedContent }>
  /**
   * For schemes that bind the body by its hash inside signed content that is not the body (Twilio's bodySHA256 query
   * parameter, Plaid's request_body_sha256 claim): the body's SHA-256 must equal this as well.
   */
  bodySha256?: { expected: Buffer, label: string }
  /** The timestamp text as sent, for replay-protected providers, where it came from, and its unit (seconds by default). */
  timestamp?: string
  timestampLabel?: string
  timestampUnit?: TimestampUnit
  /** Overrides the provider's scheme (Standard Webhooks v1a: ed25519-base64). */
  scheme?: string
  /** Overrides the provider's replayProtected (generic-hmac with a timestamp_header). */
  replayProtected?: boolean
  /** Signatures the provider ignores by design (Stripe's v0 entries), for its extra checks to report on. */
  ignored?: string[]
  /**
   * For providers that sign fields of the body (Mailgun, Adyen): the body as the provider parsed it, so that its extra
   * checks and content variants read it from here rather than parsing the body again. Each provider knows its shape.
   */
  body?: unknown
}

export interface ProviderContext {
  headers: HeaderBag
  /** The raw body as given; hashed as its UTF-8 bytes. */
  payload: string
  /** One to ten secrets (public keys for the asymmetric providers), tried in order. */
  secrets: string[]
  /** The absolute URL the sender called, for providers that sign it. */
  url?: string
  /** The HTTP method of the delivery, POST unless given. */
  method: string
  generic?: GenericOptions
}

export interface SignInput {
  body: string
  /** The secret, or for an asymmetric provider the private key (PEM) of its demo key pair. */
  secret: string
  timestamp: number
  id: string
  url?: string
  method?: string
  generic?: GenericOptions
}

/** A known-good delivery of the provider, signed with a demo secret, from which replay test vectors are made. */
export interface Demo {
  payload: string
  /** The demo secret; for an asymmetric provider the public key of the demo pair, in the form the provider publishes. */
  secret: string
  /** Asymmetric providers: the private key (PEM) of the demo pair, which signs and is never sent. */
  signingKey?: string
  /** Headers sent beside the signature ones (content type, event name). */
  headers?: Record<string, string>
  /** Names to send the signed headers under instead of sign's (Svix's svix-* for webhook-*). */
  headerNames?: Record<string, string>
  timestamp?: number
  id?: string
  url?: string
  method?: string
}

/** A signed content other than the provider's, for the diagnosis: a URL as the sender may have seen it, a field order. */
export interface ContentVariant {
  code: string
  cause: Cause | 'framing'
  /** What was signed, as a noun phrase: "the URL with http instead of https". */
  finding: string
  /** Why it differs and what to do. */
  explanation: string
  content: Parts
}

/**
 * How `provider: "auto"` recognises a delivery. A provider is a candidate when one of its signature headers is present
 * (with a value of the given shape), or its body shape is; several candidates are narrowed to those whose telltale
 * headers are present, and two or more left is ambiguous.
 */
export interface Detection {
  /** Lowercase header names; a RegExp constrains the value (X-Hub-Signature carries sha1= for Intercom, sha256= for Jira). */
  headers: Array<string | { name: string, value: RegExp }>
  /** Lowercase headers only this sender sends beside its signature (x-github-event): they settle a tie. */
  telltales?: string[]
  /** For schemes that sign inside the body (Mailgun, Adyen): whether the body has that shape. */
  body?: (payload: string) => boolean
}

/** Static facts served by GET /v1/webhooks/providers. */
export interface ProviderInfo {
  provider: ProviderId
  name: string
  signature_scheme: string
  signature_headers: string[]
  timestamp_header: string | null
  replay_protected: boolean
  default_tolerance_seconds: number | null
  signed_content: string
  secret_format: string
  /** utf8, hex, base64, or the public key forms accepted (ed25519 hex, p256 base64 DER, JWK, ...). */
  key_format: string
  /** Senders that use this scheme under their own name (Clerk, Resend and others for Standard Webhooks). */
  aliases: string[]
  /** Whether the URL the sender called is signed: `url` is then required. */
  requires_url: boolean
}

export interface Provider {
  id: ProviderId
  replayProtected: boolean
  info: ProviderInfo
  /** The algorithm of an ordinary delivery; `read` may choose another (Standard Webhooks v1a, generic options). */
  algorithm: Algorithm
  detection?: Detection
  scheme: (generic?: GenericOptions) => string
  read: (ctx: ProviderContext) => SignatureRead
  /** Provider facts reported whatever the verdict: legacy signatures, required headers, idempotency keys. */
  extraChecks: (ctx: ProviderContext, read: SignatureRead) => Check[]
  /** Other signed contents the sender may have used (URL drift, field order): tried by the diagnosis on a mismatch. */
  contentVariants?: (ctx: ProviderContext, read: SignatureRead) => ContentVariant[]
  /** Findings on a secret that did not produce the signature: a shape this provider never issues. */
  secretFindings?: (secret: string) => string[]
  /** Header values a sender of this provider would send; used for the replay test vectors. */
  sign: (input: SignInput) => Record<string, string>
  /** Known-good deliveries (the provider's published vectors where there are some), posted back as valid. */
  demos: Demo[]
  /** What a developer of this provider should know when the signature does not match; and when its header is missing. */
  note: RawBodyHint
  missingHeaderNote?: RawBodyHint
  /** The signature covers fields parsed from the body, not its bytes (Mailgun, Adyen): advice on keeping raw bytes does not apply. */
  signsBodyFields?: boolean
}

export function check (name: string, status: Check['status'], detail: string): Check {
  return { name, status, detail }
}

/** Standard header lookups shared by the providers: missing and conflicting values become checks. */
export function readHeader (
  ctx: ProviderContext, name: string, displayName: string, checkName = 'signature_header'
): { value: string } | { check: Check, reason: 'missing' | 'conflict' } {
  const found = ctx.headers.lookup(name)
  if (found.state === 'present') return { value: found.value }
  if (found.state === 'missing') {
    return { reason: 'missing', check: check(checkName, 'failed', `${displayName} header is missing (names are matched case-insensitively)`) }
  }
  return {
    reason: 'conflict',
    check: check(checkName, 'failed', `${displayName} is given ${found.count} times with different values (names differ only in case); send it once`)
  }
}

/** The reason of a failed readHeader of the signature header. */
export const headerReason = (reason: 'missing' | 'conflict'): 'missing_signature_header' | 'malformed_signature_header' =>
  reason === 'missing' ? 'missing_signature_header' : 'malformed_signature_header'

// `framework: 'any'` marks a finding that does not depend on the web framework.
export const anyFramework = (summary: string, detail: string): RawBodyHint => ({ framework: 'any', summary, detail })
