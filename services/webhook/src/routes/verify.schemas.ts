import { Type, type Static } from '@sinclair/typebox'
import { Nullable, StringEnum } from '@utility-apis/service-kit'
import { providersIn } from './provider-lists.js'
import { MAX_EPOCH_SECONDS, StringMap } from './schema-types.js'
import { PROVIDER_IDS } from '../domain/providers/index.js'
import { CHECK_STATUSES, DEFAULT_TOLERANCE_SECONDS, REASONS } from '../domain/types.js'

const PROVIDER_CHOICES = [...PROVIDER_IDS, 'auto'] as const

const ProviderField = Type.Union(PROVIDER_CHOICES.map((id) => Type.Literal(id)), {
  description: 'The sender\'s scheme (GET /v1/webhooks/providers lists them, with the senders that use each under their own name), ' +
    'or `auto` to recognise it from the headers and body shape (generic-hmac is never detected).'
})

const HeaderName = (description: string) => Type.String({ minLength: 1, maxLength: 256, pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$", description })

// The signed content template: {body} exactly once, and {timestamp} and {id} as often as the sender signs them.
const TEMPLATE = '^(?:[^{}]|\\{(?:timestamp|id)\\})*\\{body\\}(?:[^{}]|\\{(?:timestamp|id)\\})*$'

export const GenericOptionsSchema = Type.Object({
  header_name: HeaderName('Name of the header carrying the signature, matched case-insensitively.'),
  encoding: Type.Optional(Type.Union([Type.Literal('hex'), Type.Literal('base64')], {
    default: 'hex',
    description: 'Digest encoding: hex (case-insensitive) or standard base64 (padding optional).'
  })),
  // printable ASCII: a header value carries no line break, and a conformance delivery sends the prefix in one
  prefix: Type.Optional(Type.Union([Type.String({ maxLength: 64, pattern: '^[\\x20-\\x7e]*$' }), Type.Null()], {
    description: 'Text before the digest in the header value, e.g. `sha256=`; compared exactly. Printable ASCII.'
  })),
  algorithm: Type.Optional(Type.Union([Type.Literal('sha1'), Type.Literal('sha256'), Type.Literal('sha512')], {
    default: 'sha256', description: 'The HMAC hash.'
  })),
  key_encoding: Type.Optional(Type.Union([Type.Literal('utf8'), Type.Literal('hex'), Type.Literal('base64')], {
    default: 'utf8',
    description: 'How the secret becomes the key: its UTF-8 characters, or the bytes it encodes in hex or base64.'
  })),
  signed_content: Type.Optional(Type.String({
    maxLength: 256,
    pattern: TEMPLATE,
    default: '{body}',
    description: 'What is signed: a template with `{body}` once, and `{timestamp}` and `{id}` (the values of timestamp_header and id_header), ' +
      'e.g. `{timestamp}.{body}`.'
  })),
  timestamp_header: Type.Optional(Type.Union([HeaderName('The header carrying the signed timestamp; with it the replay check applies.'), Type.Null()])),
  id_header: Type.Optional(Type.Union([HeaderName('The header carrying the signed delivery id.'), Type.Null()])),
  timestamp_unit: Type.Optional(Type.Union([Type.Literal('seconds'), Type.Literal('milliseconds')], {
    default: 'seconds', description: 'The unit of timestamp_header.'
  }))
}, {
  title: 'GenericHmacOptions',
  additionalProperties: false,
  'x-sensitive-extras': true,
  description: 'Required with provider generic-hmac: an HMAC over the raw body, or over a template of it.'
})

const Secret = (description: string) => Type.String({ minLength: 1, 'x-sensitive': true, description })

export const VerifyRequestSchema = Type.Object({
  provider: ProviderField,
  payload: Type.String({
    'x-sensitive': true,
    description: 'The exact raw request body as received, as a string. Hashed as its UTF-8 bytes: no trimming, ' +
      'newline conversion, BOM removal or normalisation. Never stored or logged.'
  }),
  headers: Type.Record(Type.String(), Type.String(), {
    'x-sensitive': true,
    description: 'The webhook request headers (names case-insensitive); at least the signature and timestamp headers of the provider.'
  }),
  secret: Type.Optional(Secret('The signing secret exactly as the provider shows it; for ed25519 and ECDSA providers their public key. ' +
    'Give `secret` or `secrets`, not both. Never stored or logged.')),
  secrets: Type.Optional(Type.Array(Secret('One secret or public key.'), {
    minItems: 1,
    maxItems: 10,
    'x-sensitive': true,
    description: 'Up to 10 secrets during a rotation, tried in order (one MAC each); `matched_secret_index` says which matched. Never stored or logged.'
  })),
  url: Type.Optional(Type.String({
    format: 'uri',
    maxLength: 4096,
    description: 'The absolute URL the sender called, query string included, exactly as configured at the sender. ' +
      `Required by ${providersIn('signsUrl')}, which sign it.`
  })),
  method: Type.Optional(Type.String({
    pattern: '^[A-Za-z]{1,16}$',
    default: 'POST',
    description: `The HTTP method of the delivery (${providersIn('signsMethod')} signs it), in any case: it is signed upper-case.`
  })),
  tolerance_seconds: Type.Optional(Type.Integer({
    minimum: 0,
    maximum: 86400,
    default: DEFAULT_TOLERANCE_SECONDS,
    description: 'Allowed |now - timestamp| for providers that sign a timestamp (symmetric: past and future); 0 means the same second only.'
  })),
  now_epoch_seconds: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: MAX_EPOCH_SECONDS }), Type.Null()], {
    description: 'Overrides the current time (Unix seconds), to test a captured delivery; omit in normal use.'
  })),
  generic: Type.Optional(Type.Union([GenericOptionsSchema, Type.Null()]))
}, { title: 'WebhookVerifyRequest', additionalProperties: false, 'x-sensitive-extras': true })

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
  properties: {
    header_name: { type: 'string' },
    encoding: { type: 'string', enum: ['hex', 'base64'] },
    prefix: { type: ['string', 'null'] },
    algorithm: { type: 'string', enum: ['sha1', 'sha256', 'sha512'] },
    key_encoding: { type: 'string', enum: ['utf8', 'hex', 'base64'] },
    signed_content: { type: 'string' },
    timestamp_header: { type: ['string', 'null'] },
    id_header: { type: ['string', 'null'] },
    timestamp_unit: { type: 'string', enum: ['seconds', 'milliseconds'] }
  },
  required: ['header_name']
})

const ReplayTestVectorSchema = Type.Object({
  provider: StringEnum(PROVIDER_IDS),
  payload: Type.String(),
  headers: StringMap(),
  secret: Type.String({ description: 'A demo secret, never yours; for ed25519 and ECDSA providers the public key of a demo key pair.' }),
  url: Type.Optional(Type.String()),
  method: Type.Optional(Type.String()),
  generic: Type.Optional(GenericOptionsOut),
  now_epoch_seconds: Type.Optional(Nullable(Type.Integer()))
}, { title: 'ReplayTestVector', description: 'A known-good delivery: posted back unchanged, it verifies as valid.' })

export const VerifyResponseSchema = Type.Object({
  valid: Type.Boolean(),
  provider: StringEnum(PROVIDER_CHOICES, {
    description: 'The provider verified with: the one named, the one detected, or `auto` when none was.'
  }),
  reason: StringEnum(REASONS, {
    description: 'valid; missing_signature_header; malformed_signature_header; missing_timestamp; invalid_timestamp; signature_mismatch; ' +
      'timestamp_outside_tolerance. With several failures, the first in this order is reported; the checks show them all. ' +
      'provider_not_detected: provider `auto` recognised no sender, or more than one (the provider_detection check names them).'
  }),
  signature_scheme: Type.String({ description: 'e.g. hmac-sha256-hex, hmac-sha1-base64, ed25519, ecdsa-p256; `unknown` when no provider was detected.' }),
  replay_protected: Type.Boolean({ description: 'True for providers that sign a timestamp, so a stale delivery fails.' }),
  matched_signature_header: Nullable(Type.String(), {
    description: 'Lowercase name of the header whose signature matched ' +
      `(for ${providersIn('signsBodyFields')}, whose signature is in the body, the body field: ` +
      '`signature.signature`, `additionalData.hmacSignature`); null when none did.'
  }),
  matched_secret_index: Nullable(Type.Integer(), { description: 'Index in `secrets` of the secret that matched (0 with `secret`); null when none did.' }),
  checks: Type.Array(CheckSchema),
  raw_body_hints: Type.Array(RawBodyHintSchema, { description: 'Empty when valid; near-miss findings first, then the frameworks that cause them.' }),
  replay_test_vectors: Type.Array(ReplayTestVectorSchema)
}, { title: 'WebhookVerifyResponse' })
