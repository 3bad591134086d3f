import { STATUS_CODES } from 'node:http'
import { boundedIssues } from './issue-bounds.js'
import type { ValidationIssue } from './issues.js'

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/

/** The code of an error that names no cause of its own: its status's reason phrase, snake_case (`not_found`). */
export function codeOfStatus (status: number): string {
  return (STATUS_CODES[status] ?? `http_${status}`).toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '')
}

function checkedCode (code: string): string {
  if (!SNAKE_CASE.test(code)) throw new TypeError(`error code "${code}" must be snake_case, e.g. quota_exceeded`)
  return code
}

/**
 * An error whose message is safe to show the caller: `{"detail": message, "code": code, "request_id": ...}` with
 * `statusCode`, wherever it is thrown. `code` is a stable snake_case name of the cause, for clients, logs and metrics.
 */
export class HttpError extends Error {
  readonly statusCode: number
  readonly headers: Record<string, string>
  readonly code: string

  constructor (statusCode: number, detail: string, headers: Record<string, string> = {}, code = codeOfStatus(statusCode)) {
    super(detail)
    this.name = 'HttpError'
    this.statusCode = statusCode
    this.headers = headers
    this.code = checkedCode(code)
  }
}

/**
 * A class of coded HTTP errors, in the manner of @fastify/error's createError: `new NotAllowed()` answers
 * `statusCode` with `{"detail": detail, "code": code}`; a message of its own may replace `detail`.
 */
export function createHttpError (code: string, statusCode: number, detail: string) {
  checkedCode(code)
  return class extends HttpError {
    static readonly code = code
    static readonly statusCode = statusCode

    constructor (headers: Record<string, string> = {}, message = detail) {
      super(statusCode, message, headers, code)
      this.name = code
    }
  }
}

/**
 * A 422 in FastAPI's shape; thrown by the validator and by handlers for rules a schema cannot express. It holds at
 * most MAX_ISSUES issues, then one counting the rest, whoever built the list.
 */
export class RequestValidationError extends Error {
  readonly statusCode = 422
  readonly code = 'validation_failed'
  readonly issues: ValidationIssue[]

  constructor (issues: ValidationIssue[]) {
    super('Request validation failed')
    this.name = 'RequestValidationError'
    this.issues = boundedIssues(issues)
  }
}
