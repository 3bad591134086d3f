import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Static } from '@sinclair/typebox'
import {
  bodyValidatorCompiler, HttpError, MAX_JSON_DEPTH, messages, RequestValidationError, schemaThen, type ValidationIssue
} from '@utility-apis/fastapi-errors'
import { PROVIDERS } from '../domain/providers/index.js'
import { signDelivery, SignRefusal } from '../domain/sign.js'
import { providersIn } from './provider-lists.js'
import { signRequestExamples, signResponseExamples } from './sign.examples.js'
import { codeList, SIGN_REFUSAL_CODES, SignRefusalResponse, SignRequestSchema, SignResponseSchema, type SignResponseBody } from './sign.schemas.js'

export interface SignRouteOptions {
  /** The current time in Unix seconds. */
  now: () => number
}

const DESCRIPTION = `Produces a delivery exactly as the provider would send it, to test a receiver with: the headers (signature,
timestamp and id under the provider's names), the body (for ${providersIn('writesBody')}, the payload with what they
sign written into it), and \`signed_content\`, what the signature covers, read back by the verifier from this very delivery.

- **secret** for HMAC and token providers (and Standard Webhooks v1); **private_key** (PEM, or a JWK with \`d\`) for
  the public-key providers (${providersIn('publicKey')}; ${providersIn('alsoPublicKey')} also signs with one, under
  its public-key scheme); or
  **generate_test_key: true** for a fresh key pair, returned once as \`public_key\` (the form the provider publishes, to
  configure or pass to verify) and \`private_key\`. Exactly one of the three.
- **timestamp** (Unix seconds, now by default), **id** (a random UUID by default), **url** and **method** where the
  provider signs them (${providersIn('signsUrl')} need \`url\`; ${providersIn('signsMethod')} signs the method),
  **generic** for generic-hmac.

Every delivery verifies as valid with POST /v1/webhooks/verify and the same secret or public key. Secrets, keys and
payloads are never stored or logged; for gitlab the header is the secret token itself, as GitLab sends it.

Refusals (400, with a \`code\`): ${codeList(SIGN_REFUSAL_CODES)} (${providersIn('writesBody', 'or')} without the JSON body they
write into, or with JSON nested more than ${MAX_JSON_DEPTH} levels deep, which they re-serialise).`

/** What the provider needs beyond the schema (the URL it signs, generic-hmac's options): checked before the quota decides. */
function checkSignRequest (body: Static<typeof SignRequestSchema>): void {
  const provider = PROVIDERS[body.provider]
  const issues: ValidationIssue[] = []
  if (provider.info.requires_url && body.url === undefined) issues.push({ type: 'missing', loc: ['body', 'url'], msg: messages.missing() })
  if (provider.configurable !== undefined && body.generic == null) issues.push({ type: 'missing', loc: ['body', 'generic'], msg: messages.missing() })
  if (issues.length > 0) throw new RequestValidationError(issues)
}

export const signRoute: FastifyPluginAsyncTypebox<SignRouteOptions> = async (app, { now }) => {
  app.post('/v1/webhooks/sign', {
    config: { auth: true },
    // A body the provider cannot sign is a 422 of validation, before the quota decides: free on any key
    validatorCompiler: bodyValidatorCompiler(schemaThen(SignRequestSchema, checkSignRequest)),
    schema: {
      tags: ['webhooks'],
      operationId: 'signWebhook',
      summary: 'Sign a delivery as the provider would send it',
      description: DESCRIPTION,
      body: { ...SignRequestSchema, 'x-examples': signRequestExamples },
      response: {
        200: { ...SignResponseSchema, description: 'The delivery.', 'x-examples': signResponseExamples },
        400: SignRefusalResponse
      }
    }
  }, async (request) => {
    const body = request.body
    const provider = PROVIDERS[body.provider]
    try {
      // The provider is the one requested: its id is one of the schema's.
      return signDelivery(provider, body, now()) as SignResponseBody
    } catch (error) {
      if (error instanceof SignRefusal) throw new HttpError(400, error.message, {}, error.code)
      throw error
    }
  })
}
