import { Type, type Static } from '@sinclair/typebox'
import { NullableInteger, NullableString, StringEnum, StringMap } from './schema-types.js'
import { CHECK_STATUSES, DEFAULT_TOLERANCE_SECONDS, PROVIDER_IDS, REASONS, type ProviderId, type Reason } from '../domain/types.js'

export const ProviderField = Type.Union(PROVIDER_IDS.map((id) => Type.Literal(id)), {
  description: 'github, slack, stripe, shopify, generic-hmac, or standard-webhooks (also accepts the svix-* header names).'
})

const HeaderName = Type.String({
  minLength: 1,
  maxLength: 256,
  pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$",
  description: 'Name of the header carrying the signature, matched case-insensitively.'
})

export const GenericOptionsSchema = Type.Object({
  header_name: HeaderName,
  encoding: Type.Optional(Type.Union([Type.Literal('hex'), Type.Literal('base64')], {
    default: 'hex',
    description: 'Digest encoding: hex (case-insensitive) or standard base64 (padding optional).'
  })),
  prefix: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()], {
    description: 'Text before the digest in the header value, e.g. `sha256=`; compared exactly.'
  }))
}, { title: 'GenericHmacOptions', description: 'Required with provider generic-hmac: HMAC-SHA256 over the raw body.' })

export const VerifyRequestSchema = Type.Object({
  provider: ProviderField,
  payload: Type.String({
    'x-sensitive': true,
    description: 'The exact raw request body as received, as a string. Hashed as its UTF-8 bytes: no trimming, newline conversion, BOM removal or normalisation. Never stored or logged.'
  }),
  headers: Type.Record(Type.String(), Type.String(), {
    'x-sensitive': true,
    description: 'The webhook request headers (names case-insensitive); at least the signature and timestamp headers of the provider.'
  }),
  secret: Type.String({ minLength: 1, 'x-sensitive': true, description: 'The signing secret, exactly as the provider shows it. Never stored or logged.' }),
  tolerance_seconds: Type.Optional(Type.Integer({
    minimum: 0,
    maximum: 86400,
    default: DEFAULT_TOLERANCE_SECONDS,
    description: 'Allowed |now - timestamp| for slack, stripe and standard-webhooks (symmetric: past and future); 0 means the same second only.'
  })),
  now_epoch_seconds: Type.Optional(Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
    description: 'Overrides the current time (Unix seconds), to test a captured delivery; omit in normal use.'
  })),
  generic: Type.Optional(Type.Union([GenericOptionsSchema, Type.Null()]))
}, { title: 'WebhookVerifyRequest' })

export type VerifyRequestBody = Static<typeof VerifyRequestSchema>

const CheckSchema = Type.Object({
  name: Type.String({
    description: 'signature_header, other_provider_headers, quoted_header_values, message_id, timestamp, timestamp_tolerance, ' +
      'signature, near_miss_search, near_miss_<variant>, secret_format, legacy_sha1_signature (github), v0_signature (stripe), ' +
      'shopify_headers, retry (slack), idempotency_key'
  }),
  status: StringEnum(CHECK_STATUSES),
  detail: Type.String()
}, { title: 'CheckResult' })

const RawBodyHintSchema = Type.Object({
  framework: Type.String({ description: 'A web framework, or `any` for a finding that does not depend on one.' }),
  summary: Type.String(),
  detail: Type.String({ description: 'The standard fix.' })
}, { title: 'RawBodyHint' })

const GenericOptionsOut = Type.Unsafe<Static<typeof GenericOptionsSchema> | null>({
  type: ['object', 'null'],
  properties: { header_name: { type: 'string' }, encoding: { type: 'string', enum: ['hex', 'base64'] }, prefix: { type: ['string', 'null'] } },
  required: ['header_name']
})

const ReplayTestVectorSchema = Type.Object({
  provider: StringEnum<ProviderId>(PROVIDER_IDS),
  payload: Type.String(),
  headers: StringMap(),
  secret: Type.String({ description: 'A demo secret, never yours.' }),
  generic: Type.Optional(GenericOptionsOut),
  now_epoch_seconds: Type.Optional(NullableInteger())
}, { title: 'ReplayTestVector', description: 'A known-good delivery: posted back unchanged, it verifies as valid.' })

export const VerifyResponseSchema = Type.Object({
  valid: Type.Boolean(),
  provider: StringEnum<ProviderId>(PROVIDER_IDS),
  reason: StringEnum<Reason>(REASONS, {
    description: 'valid; missing_signature_header; malformed_signature_header; missing_timestamp; invalid_timestamp; signature_mismatch; ' +
      'timestamp_outside_tolerance. With several failures, the first in this order is reported; the checks show them all.'
  }),
  signature_scheme: Type.String({ description: 'hmac-sha256-hex or hmac-sha256-base64' }),
  replay_protected: Type.Boolean({ description: 'True for slack, stripe and standard-webhooks, which sign a timestamp.' }),
  matched_signature_header: NullableString({ description: 'Lowercase name of the header whose signature matched; null when none did.' }),
  checks: Type.Array(CheckSchema),
  raw_body_hints: Type.Array(RawBodyHintSchema, { description: 'Empty when valid; near-miss findings first, then the frameworks that cause them.' }),
  replay_test_vectors: Type.Array(ReplayTestVectorSchema)
}, { title: 'WebhookVerifyResponse' })
