import type { ValidationIssue } from './issues.js'

/** An error whose message is safe to show the caller as `{"detail": message}`, with a stable `code` for logs. */
export class HttpError extends Error {
  readonly statusCode: number
  readonly headers: Record<string, string>
  readonly code: string

  constructor (statusCode: number, detail: string, headers: Record<string, string> = {}, code = `HTTP_${statusCode}`) {
    super(detail)
    this.name = 'HttpError'
    this.statusCode = statusCode
    this.headers = headers
    this.code = code
  }
}

/**
 * A class of coded HTTP errors, in the manner of @fastify/error's createError: `new NotAllowed()` answers
 * `statusCode` with `{"detail": detail}`, and carries `code` for logs and metrics.
 */
export function createHttpError (code: string, statusCode: number, detail: string) {
  return class extends HttpError {
    constructor (headers: Record<string, string> = {}) {
      super(statusCode, detail, headers, code)
      this.name = code
    }
  }
}

/** A 422 in FastAPI's shape; thrown by the validator and by handlers for rules a schema cannot express. */
export class RequestValidationError extends Error {
  readonly statusCode = 422
  readonly issues: ValidationIssue[]

  constructor (issues: ValidationIssue[]) {
    super('Request validation failed')
    this.name = 'RequestValidationError'
    this.issues = issues
  }
}
