import { Type, type Static } from '@sinclair/typebox'
import { Nullable, StringEnum } from '@utility-apis/service-kit'
import { PROVIDER_IDS } from '../domain/providers/index.js'
import { providersIn } from './provider-lists.js'
import { GenericOptionsSchema } from './verify.schemas.js'

const Key = (description: string) => Type.String({ minLength: 1, maxLength: 16384, 'x-sensitive': true, description })

export const ConformanceRequestSchema = Type.Object({
  provider: StringEnum(PROVIDER_IDS, { description: 'The provider whose deliveries the endpoint receives.' }),
  endpoint_url: Type.String({
    format: 'uri',
    maxLength: 2048,
    pattern: '^https?://',
    description: 'The public http(s) URL of your webhook receiver. Private, loopback and metadata addresses are refused (400).'
  }),
  secret: Type.Optional(Key('The signing secret the endpoint verifies with (a test endpoint\'s, not production\'s). Never stored or logged.')),
  private_key: Type.Optional(Key('For public-key providers: the private key (PEM or JWK) whose public key the endpoint is configured with.')),
  url: Type.Optional(Type.String({
    format: 'uri',
    maxLength: 4096,
    description: `For ${providersIn('signsUrl')}: the URL the sender signs, when it is not endpoint_url (a proxy in front).`
  })),
  payload: Type.Optional(Type.String({
    maxLength: 65536,
    'x-sensitive': true,
    description: 'The body of the valid delivery; a pretty-printed JSON test event unless given.'
  })),
  generic: Type.Optional(Type.Union([GenericOptionsSchema, Type.Null()]))
}, {
  title: 'ConformanceRequest',
  additionalProperties: false,
  // a misspelt `secret` (or `secrets`, which verify takes) is refused without its value
  'x-sensitive-extras': true,
  description: 'Give `secret`, or `private_key` for a public-key provider.'
})

const ConformanceCheckSchema = Type.Object({
  name: Type.String({
    description: 'valid, replayed_id (the valid delivery again, for schemes that sign an id: expected 2xx, as a sender\'s resend), tampered_body, ' +
      'tampered_signature, other_secret, stale_timestamp (schemes with a timestamp), missing_signature, reserialised_body (JSON bodies), ' +
      'valid_again (a second valid delivery, last)'
  }),
  expected: StringEnum(['2xx', '4xx'] as const),
  status: Nullable(Type.Integer(), { description: 'The endpoint\'s status; null when it did not answer.' }),
  passed: Type.Boolean(),
  finding: Nullable(Type.String(), { description: 'What a failure says about the endpoint; null when passed.' }),
  response_start: Nullable(Type.String(), { description: 'The first 200 bytes of the answer; nothing more is kept.' })
}, { title: 'ConformanceCheck' })

export const ConformanceResponseSchema = Type.Object({
  grade: StringEnum(['pass', 'fail'] as const, { description: 'pass when every check passed.' }),
  checks: Type.Array(ConformanceCheckSchema)
}, { title: 'ConformanceResponse' })

export type ConformanceResponseBody = Static<typeof ConformanceResponseSchema>
