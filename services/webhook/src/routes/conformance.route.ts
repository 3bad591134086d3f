import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Static } from '@sinclair/typebox'
import { bodyValidatorCompiler, ErrorSchema, HttpError, MAX_JSON_DEPTH, messages, RequestValidationError, schemaThen } from '@utility-apis/fastapi-errors'
import type { SafeFetcher, TargetCheck } from '@utility-apis/safe-fetch'
import { CONFORMANCE_UNITS, isRefusedTarget, MAX_REQUESTS, requestedUrl, runConformance, type Send } from '../domain/conformance.js'
import { PROVIDERS } from '../domain/providers/index.js'
import { SignRefusal } from '../domain/sign.js'
import { conformanceRequestExamples, conformanceResponseExamples } from './conformance.examples.js'
import { ConformanceRequestSchema, ConformanceResponseSchema, type ConformanceResponseBody } from './conformance.schemas.js'
import { codeList, SIGN_REFUSAL_CODES } from './sign.schemas.js'

export interface ConformanceRouteOptions {
  /** The fetcher of the suite's requests: SSRF-safe, with the conformance User-Agent. */
  fetcher: SafeFetcher
  /** The fetcher's rules under its policy: a target it would refuse is refused before anything is sent. */
  checkTarget: TargetCheck
  now: () => number
}

const DESCRIPTION = `Grades your webhook receiver: sends it a suite of deliveries, one at a time, through an SSRF-safe fetcher
(public addresses only, no redirects followed), at most ${MAX_REQUESTS} requests and 30 s in all, and checks that it
answers 2xx to the valid delivery, and to it again with the same id (schemes that sign one: a sender resends an id whose
answer it lost, so a receiver acknowledges it without processing it twice), and 4xx to every other: a tampered body
(still JSON), a tampered signature, a delivery signed with another secret, a stale timestamp (schemes with one), no
signature header, and the body re-serialised; and last, 2xx to a second valid delivery. A forged delivery answered 404,
405, 408, 413, 415 or 429 fails its check: that status says nothing about the signature. Each failure comes with a
finding ("it refused a valid delivery: it probably verifies a re-serialised body, not the raw one").

The requests carry the User-Agent \`UtilityAPIs-webhook-conformance/0.1\`. Of each answer only the status and its first
200 bytes are read, and returned; nothing is stored. Use a test endpoint and its test secret. One call costs
${CONFORMANCE_UNITS} quota units. An endpoint the fetcher would not reach (a private, loopback or metadata address in any
notation, a name that resolves to one, a port other than the scheme's) is a 400 \`target_not_allowed\` before anything is
sent, and costs nothing.`

/** A target the fetcher refuses, before the suite or during it (a redirect is not followed, a name may rebind): one 400. */
function refusal (error: unknown): unknown {
  // safe-fetch's message never names the address: "Target address is not allowed", "Target port is not allowed"
  return isRefusedTarget(error) ? new HttpError(400, (error as Error).message, {}, 'target_not_allowed') : error
}

/** generic-hmac is nothing without its options: checked before the quota decides, so the call is a free 422. */
function checkConformanceRequest (body: Static<typeof ConformanceRequestSchema>): void {
  if (PROVIDERS[body.provider].configurable !== undefined && body.generic == null) {
    throw new RequestValidationError([{ type: 'missing', loc: ['body', 'generic'], msg: messages.missing() }])
  }
}

const contentType = (payload: string): string => /^\s*[[{]/.test(payload) ? 'application/json' : 'application/x-www-form-urlencoded'

export const conformanceRoute: FastifyPluginAsyncTypebox<ConformanceRouteOptions> = async (app, { fetcher, checkTarget, now }) => {
  app.post('/v1/webhooks/conformance', {
    config: { auth: true, quotaCost: () => CONFORMANCE_UNITS },
    // The route's own preHandler runs before the quota's: a refused target is its 400 on any key, a spent one included
    preHandler: async (request) => {
      await checkTarget((request.body as { endpoint_url: string }).endpoint_url).catch((error: unknown) => { throw refusal(error) })
    },
    validatorCompiler: bodyValidatorCompiler(schemaThen(ConformanceRequestSchema, checkConformanceRequest)),
    schema: {
      tags: ['webhooks'],
      operationId: 'gradeWebhookReceiver',
      summary: 'Grade a webhook receiver with valid and forged deliveries',
      description: DESCRIPTION,
      body: {
        ...ConformanceRequestSchema,
        'x-examples': conformanceRequestExamples
      },
      response: {
        200: { ...ConformanceResponseSchema, description: 'The grade and each check.', 'x-examples': await conformanceResponseExamples() },
        400: {
          ...ErrorSchema,
          description: 'A target the fetcher would not reach (`"detail": "Target address is not allowed"`, or `"Target port is not allowed"` ' +
            'for a port other than the scheme\'s), or a key the provider cannot sign with, or a body it cannot sign inside, as sign ' +
            `refuses them; and for every provider a JSON payload nested more than ${MAX_JSON_DEPTH} levels deep (\`payload_not_signable\`: ` +
            `its reserialised_body check re-serialises the payload). Nothing is sent then. \`code\`: \`target_not_allowed\`, ${codeList(SIGN_REFUSAL_CODES)}.`
        }
      }
    }
  }, async (request) => {
    const body = request.body
    const provider = PROVIDERS[body.provider]
    // The URL signed for the URL-signing providers, requested as signed (safe-fetch drops only the fragment)
    const target = requestedUrl(body.endpoint_url)
    const send: Send = async (delivery, signal) => {
      const answer = await fetcher.fetch(target, {
        method: 'POST',
        body: delivery.payload,
        headers: { 'content-type': contentType(delivery.payload), ...delivery.headers },
        maxBytes: 200,
        timeoutMs: 10_000,
        signal
      })
      return { status: answer.status, body: answer.body }
    }
    try {
      return await runConformance(provider, body, body.endpoint_url, send, now()) as ConformanceResponseBody
    } catch (error) {
      if (error instanceof SignRefusal) throw new HttpError(400, error.message, {}, error.code)
      throw refusal(error)
    }
  })
}
