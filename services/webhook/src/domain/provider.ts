import type { HeaderBag } from './header-bag.js'
import type { Check, GenericOptions, ProviderId } from './types.js'

/** A well-formed signature from the headers, decoded to the digest bytes it claims. */
export interface Candidate {
  label: string
  digest: Buffer
}

/** What a provider learnt from the request headers, before any HMAC is computed. */
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
  /** The timestamp text as sent, for replay-protected providers, and where it came from. */
  timestamp?: string
  timestampLabel?: string
  /** What is signed before the body (`v0:<ts>:`, `<t>.`, `<id>.<ts>.`); undefined when it cannot be built. */
  signedPrefix?: string
  /** Signatures the provider ignores by design (Stripe's v0 entries), for its extra checks to report on. */
  ignored?: string[]
}

export interface ProviderContext {
  headers: HeaderBag
  /** The raw body as given; hashed as its UTF-8 bytes. */
  payload: string
  secret: string
  generic?: GenericOptions
}

export interface SignInput {
  body: string
  secret: string
  timestamp: number
  id: string
  generic?: GenericOptions
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
}

export interface Provider {
  id: ProviderId
  replayProtected: boolean
  info: ProviderInfo
  scheme: (generic?: GenericOptions) => string
  read: (ctx: ProviderContext) => SignatureRead
  /** The HMAC key for a secret; undefined when the secret cannot be one (Standard Webhooks needs base64). */
  key: (secret: string) => Buffer | undefined
  /** Provider facts reported whatever the verdict: legacy signatures, required headers, idempotency keys. */
  extraChecks: (ctx: ProviderContext, read: SignatureRead) => Check[]
  /** Header values a sender of this provider would send; used for the replay test vectors. */
  sign: (input: SignInput) => Record<string, string>
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

export const utf8Key = (secret: string): Buffer => Buffer.from(secret, 'utf8')
