// The vocabulary every provider and check shares. It names no provider: the registry (providers/index.ts) imports
// the providers, which import this, so what needs a provider's id lives beside the registry's users (verify.ts,
// replay-vectors.ts).

// Stable reason codes (services/webhook/README.md, Checks and near-miss codes), listed in the order they take precedence when several apply.
export const REASONS = [
  'valid',
  'missing_signature_header',
  'malformed_signature_header',
  'missing_timestamp',
  'invalid_timestamp',
  'signature_mismatch',
  'timestamp_outside_tolerance',
  // provider "auto" only, and then the only reason: no provider, or more than one, was recognised.
  'provider_not_detected'
] as const
export type Reason = typeof REASONS[number]

export const CHECK_STATUSES = ['passed', 'failed', 'skipped', 'warning'] as const
type CheckStatus = typeof CHECK_STATUSES[number]

export interface Check {
  name: string
  status: CheckStatus
  detail: string
}

export interface RawBodyHint {
  framework: string
  summary: string
  detail: string
}

export type DigestEncoding = 'hex' | 'base64'

/**
 * How a provider sends its timestamp: Unix seconds (most), milliseconds (HubSpot, Linear), an RFC 3339 date (Twitch),
 * or an ISO 8601 date whose missing zone means UTC (Orb's X-Orb-Timestamp, as its SDKs read it).
 */
export type TimestampUnit = 'seconds' | 'milliseconds' | 'rfc3339' | 'iso-utc'

export interface GenericOptions {
  header_name: string
  encoding?: DigestEncoding
  prefix?: string | null
  algorithm?: 'sha1' | 'sha256' | 'sha512'
  key_encoding?: 'utf8' | 'hex' | 'base64'
  /** A template over {body}, {timestamp} and {id}; `{body}` by default. */
  signed_content?: string
  timestamp_header?: string | null
  id_header?: string | null
  timestamp_unit?: 'seconds' | 'milliseconds'
}

export const DEFAULT_TOLERANCE_SECONDS = 300
