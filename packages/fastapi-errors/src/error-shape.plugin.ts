import { STATUS_CODES } from 'node:http'
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { codeOfStatus, HttpError, RequestValidationError } from './errors.js'
import { InvalidJsonBody, UnsupportedMediaTypeBody, parseJsonBody } from './json-body.js'
import { messages } from './issues.js'
import { assertSupported } from './schema-support.js'
import type { Schema } from './schema.js'
import { validate } from './validate.js'

export interface ErrorShapeOptions {
  /** Where unhandled errors are logged; the request's logger by default. */
  log?: FastifyBaseLogger
  /** Called once per error response class, for metrics: 'validation' | 'client' | 'server'. */
  onError?: (kind: 'validation' | 'client' | 'server', request: FastifyRequest) => void
}

const LOC_ROOT: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' }

// Fastify's own client errors, worded and named for callers; anything else keeps the standard reason phrase.
const FASTIFY_ERRORS: Record<string, { detail: string, code: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { detail: 'Request body too large', code: 'body_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { detail: 'Unsupported Media Type', code: 'unsupported_media_type' },
  // Not reachable over HTTP with Node's default parser: it refuses a body longer or shorter than its Content-Length
  // (and Content-Length beside Transfer-Encoding) before Fastify reads it, and the clientErrorHandler answers 400
  // `bad_request`. Only a request that never went through that parser meets it: `inject()` with a wrong
  // Content-Length, or a server run with `--insecure-http-parser` / `insecureHTTPParser` (chunked plus Content-Length).
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { detail: 'Request body size did not match Content-Length', code: 'content_length_mismatch' }
}

/**
 * Every error body: FastAPI's `detail`, then the stable `code` of its cause and the request's id (also the
 * X-Request-Id header), so a client can branch on the cause and quote the id to support.
 */
export function errorBody (detail: unknown, code: string, requestId: string): string {
  return JSON.stringify({ detail, code, request_id: requestId })
}

/** What every route answers for a body that is not JSON, not parseable, or absent; null for a parsed body. */
function unusableBody (data: unknown): HttpError | RequestValidationError | null {
  if (data instanceof UnsupportedMediaTypeBody) {
    return new HttpError(415, `Unsupported Media Type: expected application/json, got ${data.contentType || 'none'}`, {}, 'unsupported_media_type')
  }
  if (data instanceof InvalidJsonBody) {
    return new RequestValidationError([{
      type: 'json_invalid', loc: ['body', data.position], msg: messages.jsonInvalid(), input: {}, ctx: { error: data.error }
    }])
  }
  if (data === undefined || data === null) {
    return new RequestValidationError([{ type: 'missing', loc: ['body'], msg: messages.missing(), input: null }])
  }
  return null
}

function compileValidator ({ schema, httpPart }: { schema: unknown, httpPart?: string }) {
  const part = httpPart ?? 'body'
  const root = LOC_ROOT[part] ?? part
  // A keyword the validator does not implement would let anything through: refuse it when the route is built.
  assertSupported(schema as Schema)
  return (data: unknown) => {
    const error = part === 'body' ? unusableBody(data) : null
    if (error !== null) return { error }
    const result = validate(schema as Schema, data, [root], { coerceScalars: part !== 'body', isModelRoot: part === 'body' })
    return result.issues.length > 0 ? { error: new RequestValidationError(result.issues) } : { value: result.value }
  }
}

/**
 * A route's `validatorCompiler` for a body whose checks go beyond its schema (rules across fields, messages of its
 * own) and belong in one report with the schema's: bodies that are not JSON, not parseable or absent are answered as
 * on every route, then `parse` returns the value the handler sees or throws a RequestValidationError. The schema
 * still documents the body, and must use only what the validator implements.
 */
export function bodyValidatorCompiler (parse: (body: unknown) => unknown) {
  return ({ schema, httpPart }: { schema: unknown, httpPart?: string }) => {
    if ((httpPart ?? 'body') !== 'body') return compileValidator({ schema, httpPart })
    assertSupported(schema as Schema)
    return (data: unknown) => {
      const error = unusableBody(data)
      if (error !== null) return { error }
      try {
        return { value: parse(data) }
      } catch (caught) {
        if (caught instanceof RequestValidationError) return { error: caught }
        throw caught
      }
    }
  }
}

/**
 * A `parse` for bodyValidatorCompiler: the schema's issues, then, for a body the schema accepts, `check` on the value
 * the handler will see (it throws RequestValidationError for a rule of the route's own: a domain that cannot be
 * fetched, a URL that is not http). A route's own checks belong here rather than in its handler: validation ends
 * before the quota decides, so a call malformed in any way is a free 422, also on a key whose quota is spent.
 */
export function schemaThen<T> (schema: unknown, check: (value: T) => void) {
  assertSupported(schema as Schema)
  return (body: unknown): T => {
    const { value, issues } = validate(schema as Schema, body, ['body'], { isModelRoot: true })
    if (issues.length > 0) throw new RequestValidationError(issues)
    check(value as T)
    return value as T
  }
}

/** The stack without its first line: frames help operators, while a message could carry caller data. */
const framesOnly = (err: Error) => (err.stack ?? '').split('\n').slice(1).join('\n')

async function errorShape (app: FastifyInstance, options: ErrorShapeOptions) {
  const methodsByPath = new Map<string, Set<string>>()
  app.addHook('onRoute', (route) => {
    const methods = methodsByPath.get(route.url) ?? new Set<string>()
    for (const m of [route.method].flat()) methods.add(m)
    methodsByPath.set(route.url, methods)
  })

  app.removeAllContentTypeParsers()
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    done(null, parseJsonBody(body as string))
  })
  // Anything else is read (so the body limit still applies) and rejected as 415 during validation.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, _body, done) => {
    done(null, new UnsupportedMediaTypeBody(String(req.headers['content-type'] ?? '').split(';')[0].trim()))
  })

  app.setValidatorCompiler(compileValidator)

  const logUnhandled = (request: FastifyRequest, err: Error) => {
    const error = { type: err.name, code: (err as FastifyError).code, frames: framesOnly(err) }
    // the request's own logger carries its reqId already (a second made the line's JSON repeat a key); another does not
    if (options.log === undefined) request.log.error({ err: error }, 'unhandled error')
    else options.log.error({ reqId: request.id, err: error }, 'unhandled error')
  }

  // Bodies are written here rather than by a response serializer: whatever an error holds, the answer is its
  // documented shape, or a logged 500 that says nothing more.
  const send = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('application/json; charset=utf-8').send(body)
  const sendInternal = (request: FastifyRequest, reply: FastifyReply, err: Error) => {
    options.onError?.('server', request)
    logUnhandled(request, err)
    return send(reply, 500, errorBody('Internal Server Error', 'internal_error', request.id))
  }

  const sendIssues = (request: FastifyRequest, reply: FastifyReply, err: RequestValidationError) => {
    let body: string
    try {
      body = errorBody(err.issues, err.code, request.id)
    } catch (serializationError) {
      return sendInternal(request, reply, serializationError as Error)
    }
    options.onError?.('validation', request)
    return send(reply, 422, body)
  }

  app.setErrorHandler((err: FastifyError | HttpError | RequestValidationError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof RequestValidationError) return sendIssues(request, reply, err)
    if (err instanceof HttpError) {
      options.onError?.(err.statusCode >= 500 ? 'server' : 'client', request)
      return send(reply.headers(err.headers), err.statusCode, errorBody(err.message, err.code, request.id))
    }
    const status = (err as FastifyError).statusCode
    if (status !== undefined && status >= 400 && status < 500) {
      options.onError?.('client', request)
      const known = FASTIFY_ERRORS[(err as FastifyError).code]
      return send(reply, status, errorBody(known?.detail ?? STATUS_CODES[status] ?? 'Bad Request', known?.code ?? codeOfStatus(status), request.id))
    }
    return sendInternal(request, reply, err)
  })

  app.setNotFoundHandler((request, reply) => {
    // With or without a trailing slash, as the services' router matches paths
    const path = request.url.split('?')[0]
    const methods = methodsByPath.get(path) ?? methodsByPath.get(path.replace(/(.)\/$/, '$1'))
    if (methods && !methods.has(request.method)) {
      return send(reply.header('allow', [...methods].sort().join(', ')), 405, errorBody('Method Not Allowed', 'method_not_allowed', request.id))
    }
    return send(reply, 404, errorBody('Not Found', 'not_found', request.id))
  })
}

export const errorShapePlugin = fp(errorShape, { name: '@utility-apis/fastapi-errors', fastify: '5.x' })
