export const PROVIDER_IDS = ['github', 'slack', 'stripe', 'shopify', 'generic-hmac', 'standard-webhooks'] as const
export type ProviderId = typeof PROVIDER_IDS[number]

// Stable reason codes (DESIGN.md section 5), listed in the order they take precedence when several apply.
export const REASONS = [
  'valid',
  'missing_signature_header',
  'malformed_signature_header',
  'missing_timestamp',
  'invalid_timestamp',
  'signature_mismatch',
  'timestamp_outside_tolerance'
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
}

export interface ReplayTestVector {
  provider: ProviderId
  payload: string
  headers: Record<string, string>
  secret: string
  generic?: GenericOptions | null
  now_epoch_seconds?: number | null
}

export interface VerifyRequest {
  provider: ProviderId
  payload: string
  headers: Record<string, string>
  secret: string
  tolerance_seconds?: number
  now_epoch_seconds?: number | null
  generic?: GenericOptions | null
}

export interface VerifyResult {
  valid: boolean
  provider: ProviderId
  reason: Reason
  signature_scheme: string
  replay_protected: boolean
  matched_signature_header: string | null
  checks: Check[]
  raw_body_hints: RawBodyHint[]
  replay_test_vectors: ReplayTestVector[]
}

export const DEFAULT_TOLERANCE_SECONDS = 300
