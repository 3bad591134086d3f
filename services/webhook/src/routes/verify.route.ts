import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { RequestValidationError } from '@utility-apis/fastapi-errors'
import { verifyWebhook } from '../domain/verify.js'
import { verifyRequestExamples, verifyResponseExamples } from './verify.examples.js'
import { VerifyRequestSchema, VerifyResponseSchema } from './verify.schemas.js'

export interface VerifyRouteOptions {
  /** The current time in Unix seconds. */
  now: () => number
}

const DESCRIPTION = `Checks the signature of one received webhook against its exact raw body and signing secret, and explains the verdict.

- **valid / reason**: \`valid\`, or the first failure of \`missing_signature_header\`, \`malformed_signature_header\`, \`missing_timestamp\`, \`invalid_timestamp\`, \`signature_mismatch\`, \`timestamp_outside_tolerance\`. A failed signature is a 200 with \`valid: false\`.
- **checks**: every step, each \`passed\`, \`failed\`, \`skipped\` or \`warning\` with a detail: header found, timestamp parsed, skew in seconds, which signature entry matched, secret shape; when the chosen provider's signature header is missing but another provider's is there, \`other_provider_headers\` names the provider to verify with, and \`quoted_header_values\` the headers copied with their quotes.
- **near-miss diagnosis**: on a mismatch, variants of the body (trailing newline, CRLF/LF, BOM, compact/pretty/Python/escaped JSON, a body JSON-encoded a second time, NFC/NFD, form + vs %20, Latin-1, base64), of the secret (whitespace, whsec_ handling, decoded keys) and of the header framing (prefix, hex/base64, sha1/sha512) are tried; each that matches is reported as a \`near_miss_*\` check and a raw-body hint. An empty payload, or the text \`[object Object]\` or \`undefined\` in its place, is reported as a body lost before verification rather than a wrong secret. The diagnosis never changes the verdict.
- **raw_body_hints**: the framework-specific cause and fix (Express, Next.js, Fastify, NestJS, Koa, AWS Lambda, Flask, Django, FastAPI, Rails, Laravel, Go, Spring Boot, ASP.NET Core, Hono and Cloudflare Workers, Phoenix, ...).
- **replay_test_vectors**: known-good deliveries with demo secrets that verify as valid when posted back.

Timestamps (slack, stripe, standard-webhooks) are valid when |now - t| <= tolerance_seconds, past or future. The payload and the secret are never stored, logged, cached or echoed.`

export const verifyRoute: FastifyPluginAsyncTypebox<VerifyRouteOptions> = async (app, { now }) => {
  app.post('/v1/webhooks/verify', {
    config: { auth: true },
    schema: {
      tags: ['webhooks'],
      summary: 'Verify a webhook signature and diagnose a failure',
      description: DESCRIPTION,
      body: { ...VerifyRequestSchema, 'x-examples': verifyRequestExamples },
      response: { 200: { ...VerifyResponseSchema, description: 'The verdict, its checks and hints.', 'x-examples': verifyResponseExamples } }
    }
  }, async (request) => {
    const body = request.body
    if (body.provider === 'generic-hmac' && body.generic == null) {
      throw new RequestValidationError([{ type: 'missing', loc: ['body', 'generic'], msg: 'Field required' }])
    }
    const result = verifyWebhook(body, now())
    app.metrics.count('verdicts', `${result.provider}:${result.reason}`)
    return result
  })
}
