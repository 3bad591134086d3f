import { Type, type Static } from '@sinclair/typebox'
import { ErrorSchema } from '@utility-apis/fastapi-errors'
import { StringEnum } from '@utility-apis/service-kit'
import { PROVIDER_IDS } from '../domain/providers/index.js'
import { providersIn } from './provider-lists.js'
import { MAX_EPOCH_SECONDS, StringMap } from './schema-types.js'
import { GenericOptionsSchema } from './verify.schemas.js'

const Key = (description: string) => Type.String({ minLength: 1, maxLength: 16384, 'x-sensitive': true, description })

export const SignRequestSchema = Type.Object({
  provider: StringEnum(PROVIDER_IDS, { description: 'The provider whose delivery to produce (GET /v1/webhooks/providers lists them).' }),
  payload: Type.String({
    'x-sensitive': true,
    description: 'The body to sign, as a string, signed as its UTF-8 bytes. ' +
      `${providersIn('writesBody')} write into a JSON body (a signature, a timestamp): the answer's \`payload\` is then this body with it written in.`
  }),
  secret: Type.Optional(Key('The signing secret, as the provider shows it (Stripe\'s whole whsec_ string, Adyen\'s hex key). ' +
    'For HMAC and token providers, and Standard Webhooks v1. Never stored or logged.')),
  private_key: Type.Optional(Key(`For public-key providers (${providersIn('publicKey')}; ${providersIn('alsoPublicKey')} for its public-key scheme): ` +
    'the private key, PEM or a JWK ' +
    'with "d", of the provider\'s type (Ed25519 or ECDSA P-256). Never stored or logged.')),
  generate_test_key: Type.Optional(Type.Boolean({
    description: 'For public-key providers: sign with a fresh key pair, returned once with the delivery (`public_key` to configure, ' +
      '`private_key` to keep if you need it); neither is stored or logged.'
  })),
  timestamp: Type.Optional(Type.Integer({
    minimum: 0,
    maximum: MAX_EPOCH_SECONDS,
    description: 'The delivery time in Unix seconds; now unless given. Signed by the replay-protected providers.'
  })),
  id: Type.Optional(Type.String({
    minLength: 1,
    maxLength: 256,
    pattern: '^[\\x21-\\x7e]+$',
    description: 'The delivery id where the provider sends or signs one (webhook-id, Mailgun\'s token, a delivery GUID); a random UUID unless given.'
  })),
  url: Type.Optional(Type.String({
    format: 'uri',
    maxLength: 4096,
    description: `The URL the delivery is sent to; required by ${providersIn('signsUrl')}, which sign it.`
  })),
  method: Type.Optional(Type.String({
    pattern: '^[A-Za-z]{1,16}$',
    default: 'POST',
    description: `The HTTP method (${providersIn('signsMethod')} signs it), in any case: it is signed upper-case.`
  })),
  generic: Type.Optional(Type.Union([GenericOptionsSchema, Type.Null()]))
}, {
  title: 'SignRequest',
  additionalProperties: false,
  // a misspelt `secret` (or `secrets`, which verify takes) is refused without its value
  'x-sensitive-extras': true,
  description: 'Give exactly one of `secret`, `private_key` and `generate_test_key`.'
})

export const SignResponseSchema = Type.Object({
  provider: StringEnum(PROVIDER_IDS),
  payload: Type.String({ description: 'The body exactly as the provider sends it.' }),
  headers: StringMap({ description: 'The headers the provider sends: signature, timestamp and id headers under its names.' }),
  signed_content: Type.String({
    description: 'What the signature covers, as the verifier rebuilds it from this delivery (Adyen: one line per notification item; ' +
      'GitLab: empty, its token signs nothing; Plaid: the JWT\'s signing input).'
  }),
  public_key: Type.Optional(Type.String({ description: 'With generate_test_key: the public key in the form the provider publishes; pass it to verify.' })),
  private_key: Type.Optional(Type.String({ 'x-sensitive': true, description: 'With generate_test_key: the private key (PKCS #8 PEM), shown once.' }))
}, { title: 'SignResponse', description: 'A delivery as the provider would send it: POST `payload` with `headers` to your endpoint.' })

export type SignResponseBody = Static<typeof SignResponseSchema>

/**
 * The codes of a delivery the provider cannot sign (a SignRefusal of the domain), which sign and conformance answer
 * 400. `payload_not_signable` stays last: sign's description says after the list which providers it concerns.
 */
export const SIGN_REFUSAL_CODES = [
  'conflicting_keys', 'secret_required', 'private_key_required', 'private_key_not_supported', 'invalid_private_key', 'invalid_secret',
  'payload_not_signable'
] as const

/** Codes as a response's description names them: `a`, `b`. */
export const codeList = (codes: readonly string[]): string => codes.map((code) => `\`${code}\``).join(', ')

export const SignRefusalResponse = {
  ...ErrorSchema,
  description: 'A key the provider cannot sign with (`invalid_secret`: a secret its key format refuses, as the provider\'s libraries do, ' +
    'such as one that is not its base64 or hex, or has whitespace around it), or a body it cannot sign inside (the detail says which). ' +
    `\`code\`: ${codeList(SIGN_REFUSAL_CODES)}.`
}
