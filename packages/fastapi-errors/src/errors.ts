import type { ValidationIssue } from './issues.js'

/** An error whose message is safe to show the caller as `{"detail": message}`. */
export class HttpError extends Error {
  readonly statusCode: number
  readonly headers: Record<string, string>

  constructor (statusCode: number, detail: string, headers: Record<string, string> = {}) {
    super(detail)
    this.name = 'HttpError'
    this.statusCode = statusCode
    this.headers = headers
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
