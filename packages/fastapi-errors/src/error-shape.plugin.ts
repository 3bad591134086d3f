import { STATUS_CODES } from 'node:http'
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError, RequestValidationError } from './errors.js'
import { compileAcceptor, REJECTED } from './accept.js'
import { InvalidJsonBody, UnsupportedMediaTypeBody, parseJsonBody } from './json-body.js'
import { messages } from './issues.js'
import { validate, type Schema } from './validate.js'

export interface ErrorShapeOptions {
  /** Where unhandled errors are logged; the request's logger by default. */
  log?: FastifyBaseLogger
  /** Called once per error response class, for metrics: 'validation' | 'client' | 'server'. */
  onError?: (kind: 'validation' | 'client' | 'server', request: FastifyRequest) => void
}

const LOC_ROOT: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' }

// Fastify's own client errors, worded for callers; anything else keeps the standard reason phrase.
const FASTIFY_DETAIL: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Media Type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Request body size did not match Content-Length'
}

function compileValidator ({ schema, httpPart }: { schema: unknown, httpPart?: string }) {
  const part = httpPart ?? 'body'
  const root = LOC_ROOT[part] ?? part
  // Bodies are JSON-typed, so a valid one can be recognised without the error paths; everything else walks.
  const accept = part === 'body' ? compileAcceptor(schema as Schema) : null
  return (data: unknown) => {
    if (part === 'body') {
      if (data instanceof UnsupportedMediaTypeBody) {
        return { error: new HttpError(415, `Unsupported Media Type: expected application/json, got ${data.contentType || 'none'}`) }
      }
      if (data instanceof InvalidJsonBody) {
        return {
          error: new RequestValidationError([{
            type: 'json_invalid', loc: ['body', data.position], msg: messages.jsonInvalid(), input: {}, ctx: { error: data.error }
          }])
        }
      }
      if (data === undefined || data === null) {
        return { error: new RequestValidationError([{ type: 'missing', loc: ['body'], msg: messages.missing(), input: null }]) }
      }
      const value = accept ? accept(data) : REJECTED
      if (value !== REJECTED) return { value }
    }
    const result = validate(schema as Schema, data, [root], { coerceScalars: part !== 'body', isModelRoot: part === 'body' })
    return result.issues.length > 0 ? { error: new RequestValidationError(result.issues) } : { value: result.value }
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

  app.setErrorHandler((err: FastifyError | HttpError | RequestValidationError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof RequestValidationError) {
      options.onError?.('validation', request)
      return reply.code(422).send({ detail: err.issues })
    }
    if (err instanceof HttpError) {
      options.onError?.(err.statusCode >= 500 ? 'server' : 'client', request)
      return reply.code(err.statusCode).headers(err.headers).send({ detail: err.message })
    }
    const status = (err as FastifyError).statusCode
    if (status !== undefined && status >= 400 && status < 500) {
      options.onError?.('client', request)
      const code = (err as FastifyError).code
      return reply.code(status).send({ detail: FASTIFY_DETAIL[code] ?? STATUS_CODES[status] ?? 'Bad Request' })
    }
    options.onError?.('server', request)
    ;(options.log ?? request.log).error({ reqId: request.id, err: { type: err.name, code: (err as FastifyError).code, frames: framesOnly(err) } }, 'unhandled error')
    return reply.code(500).send({ detail: 'Internal Server Error' })
  })

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]
    const methods = methodsByPath.get(path)
    if (methods && !methods.has(request.method)) {
      return reply.code(405).header('allow', [...methods].sort().join(', ')).send({ detail: 'Method Not Allowed' })
    }
    return reply.code(404).send({ detail: 'Not Found' })
  })
}

export const errorShapePlugin = fp(errorShape, { name: '@utility-apis/fastapi-errors', fastify: '5.x' })
