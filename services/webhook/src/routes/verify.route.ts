import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { bodyValidatorCompiler, messages, RequestValidationError, validate, valueError, type Schema, type ValidationIssue } from '@utility-apis/fastapi-errors'
import { resolveProvider, type ResolvedProvider } from '../domain/detect.js'
import { REASONS } from '../domain/types.js'
import { PROVIDERS } from '../domain/providers/index.js'
import { verifyWebhook } from '../domain/verify.js'
import { providersIn } from './provider-lists.js'
import { verifyRequestExamples, verifyResponseExamples } from './verify.examples.js'
import { VerifyRequestSchema, VerifyResponseSchema, type VerifyRequestBody } from './verify.schemas.js'

export interface VerifyRouteOptions {
  /** The current time in Unix seconds. */
  now: () => number
}

const DESCRIPTION = `Checks the signature of one received webhook against its exact raw body and signing secret, and
explains the verdict.

- **valid / reason**: \`valid\`, or the first failure of \`missing_signature_header\`, \`malformed_signature_header\`,
  \`missing_timestamp\`, \`invalid_timestamp\`, \`signature_mismatch\`, \`timestamp_outside_tolerance\`;
  \`provider_not_detected\` when \`provider: "auto"\` recognised no single sender. A failed signature is a 200 with
  \`valid: false\`.
- **secrets**: \`secret\`, or \`secrets\` (1 to 10) during a rotation, tried in order at one MAC each;
  \`matched_secret_index\` says which matched. For ed25519 and ECDSA providers they are public keys; a private key
  given by mistake is reported and never used.
- **url / method**: the URL the sender called and its method, required by the providers that sign them (\`url\`:
  ${providersIn('signsUrl')}; the method: ${providersIn('signsMethod')}).
- **checks**: every step, each \`passed\`, \`failed\`, \`skipped\` or \`warning\` with a detail: header found,
  timestamp parsed, skew in seconds, which signature entry matched, secret shape; when the chosen provider's signature
  header is missing but another provider's is there, \`other_provider_headers\` names the provider to verify with, and
  \`quoted_header_values\` the headers copied with their quotes.
- **near-miss diagnosis**: on a mismatch, variants of the body (trailing newline, CRLF/LF, BOM,
  compact/pretty/Python/escaped JSON, a body JSON-encoded a second time, NFC/NFD, form + vs %20, Latin-1, base64), of
  the secret (whitespace, whsec_ handling, decoded keys) and of the header framing (prefix, hex/base64, sha1/sha512)
  are tried; each that matches is reported as a \`near_miss_*\` check and a raw-body hint. An empty payload, or the
  text \`[object Object]\` or \`undefined\` in its place, is reported as a body lost before verification rather than a
  wrong secret. The diagnosis never changes the verdict.
- **raw_body_hints**: the framework-specific cause and fix (Express, Next.js, Fastify, NestJS, Koa, AWS Lambda, Flask,
  Django, FastAPI, Rails, Laravel, Go, Spring Boot, ASP.NET Core, Hono and Cloudflare Workers, Phoenix, ...).
- **replay_test_vectors**: known-good deliveries with demo secrets that verify as valid when posted back.

Timestamps are valid when |now - t| <= tolerance_seconds, past or future. The payload and the secret are never stored,
logged, cached or echoed.`

const FIELDS = Object.keys(VerifyRequestSchema.properties)
const fieldIndex = (issue: ValidationIssue): number => FIELDS.indexOf(String(issue.loc[1]))

/**
 * What the schema cannot say (exactly one of secret and secrets, generic options that fit together), added to the
 * schema's own issues in field order, as pydantic reports them. A body that is not an object has only the schema's.
 */
function requestIssues (body: unknown, value: VerifyRequestBody, schemaIssues: ValidationIssue[]): ValidationIssue[] {
  const issues = [...schemaIssues]
  // Only a parsed JSON object can lack a field.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return issues
  const fields = body as Partial<VerifyRequestBody>
  if (fields.secret === undefined && fields.secrets === undefined) {
    const missing: ValidationIssue = { type: 'missing', loc: ['body', 'secret'], msg: messages.missing() }
    const at = issues.findIndex((issue) => fieldIndex(issue) > fieldIndex(missing))
    issues.splice(at < 0 ? issues.length : at, 0, missing)
  }
  if (schemaIssues.length > 0) return issues
  // A configurable provider (generic-hmac) is nothing without its options.
  const configurable = value.provider !== 'auto' && PROVIDERS[value.provider].configurable !== undefined
  if (configurable && value.generic == null) issues.push({ type: 'missing', loc: ['body', 'generic'], msg: messages.missing() })
  // Neither value is echoed: they are secrets.
  if (value.secret !== undefined && value.secrets !== undefined) issues.push(valueError(['body'], undefined, 'give either secret or secrets, not both'))
  const template = value.generic?.signed_content
  if (configurable && template !== undefined) {
    for (const [placeholder, header] of [['{timestamp}', 'timestamp_header'], ['{id}', 'id_header']] as const) {
      if (template.includes(placeholder) && value.generic?.[header] == null) {
        issues.push(valueError(['body', 'generic', 'signed_content'], template, `${placeholder} needs generic.${header}`))
      }
    }
  }
  return issues
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The provider the body resolved to, for the handler: detection reads the headers and the payload once. */
    webhookProvider: ResolvedProvider | null
  }
}

/** The body as the handler sees it, or a RequestValidationError with the schema's issues and the rules it cannot say. */
function parseVerifyRequest (body: unknown): VerifyRequestBody {
  const { value, issues: schemaIssues } = validate(VerifyRequestSchema as Schema, body, ['body'], { isModelRoot: true })
  const issues = requestIssues(body, value as VerifyRequestBody, schemaIssues)
  if (issues.length > 0) throw new RequestValidationError(issues)
  return value as VerifyRequestBody
}

/**
 * The route's own preHandler, before the quota decides: the provider the body names or shows, and the URL a
 * URL-signing provider needs (also when the provider was detected), so a call without it is a free 422 whatever is
 * left of the key's quota.
 */
function resolveBeforeQuota (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const body = request.body as VerifyRequestBody
  const resolved = resolveProvider(body)
  if (resolved.provider?.info.requires_url === true && body.url === undefined) {
    return done(new RequestValidationError([{ type: 'missing', loc: ['body', 'url'], msg: messages.missing() }]))
  }
  request.webhookProvider = resolved
  done()
}

export const verifyRoute: FastifyPluginAsyncTypebox<VerifyRouteOptions> = async (app, { now }) => {
  // Every verdict is exported at 0 from the start: an alert on one sees 0, not no data
  const detected = REASONS.filter((reason) => reason !== 'provider_not_detected')
  app.metrics.declare('verdicts', { provider: Object.keys(PROVIDERS), reason: detected })
  app.metrics.declare('verdicts', { provider: ['auto'], reason: ['provider_not_detected'] })
  // a property every request has from the start keeps requests of one shape (a WeakMap entry per request cost more)
  app.decorateRequest('webhookProvider', null)
  app.post('/v1/webhooks/verify', {
    config: { auth: true },
    // What the schema cannot say (exactly one of secret and secrets, ...) is reported with its own issues
    validatorCompiler: bodyValidatorCompiler(parseVerifyRequest),
    preHandler: resolveBeforeQuota,
    schema: {
      tags: ['webhooks'],
      operationId: 'verifyWebhook',
      summary: 'Verify a webhook signature and diagnose a failure',
      description: DESCRIPTION,
      body: { ...VerifyRequestSchema, 'x-examples': verifyRequestExamples },
      response: { 200: { ...VerifyResponseSchema, description: 'The verdict, its checks and hints.', 'x-examples': verifyResponseExamples } }
    }
  }, async (request) => {
    const body = request.body
    const result = verifyWebhook(body, now(), request.webhookProvider ?? resolveProvider(body))
    app.metrics.count('verdicts', { provider: result.provider, reason: result.reason })
    return result
  })
}
