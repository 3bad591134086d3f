import type { ProviderId } from './providers/index.js'

export type { ProviderId } from './providers/index.js'
/** A provider, or `auto` to detect it from the headers and body shape. */
export type ProviderChoice = ProviderId | 'auto'

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
export type CheckStatus = typeof CHECK_STATUSES[number]

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

export interface ReplayTestVector {
  provider: ProviderId
  payload: string
  headers: Record<string, string>
  secret: string
  url?: string
  method?: string
  generic?: GenericOptions | null
  now_epoch_seconds?: number | null
}

export interface VerifyRequest {
  provider: ProviderChoice
  payload: string
  headers: Record<string, string>
  /** Exactly one of secret and secrets (the route enforces it). */
  secret?: string
  secrets?: string[]
  url?: string
  method?: string
  tolerance_seconds?: number
  now_epoch_seconds?: number | null
  generic?: GenericOptions | null
}

export interface VerifyResult {
  valid: boolean
  /** The provider verified with: the one requested, the one detected, or `auto` when none was. */
  provider: ProviderChoice
  reason: Reason
  signature_scheme: string
  replay_protected: boolean
  matched_signature_header: string | null
  matched_secret_index: number | null
  checks: Check[]
  raw_body_hints: RawBodyHint[]
  replay_test_vectors: ReplayTestVector[]
}

export const DEFAULT_TOLERANCE_SECONDS = 300
