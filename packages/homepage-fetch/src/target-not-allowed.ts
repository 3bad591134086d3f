import { FetchError } from '@utility-apis/safe-fetch'

/**
 * The target resolves to, or redirects to, an address or port the services must not reach. Answered
 * with 400 `{"detail": message}`; the message is safe-fetch's, which never names the address.
 */
export class TargetNotAllowedError extends Error {
  readonly code = 'TARGET_NOT_ALLOWED'
  readonly statusCode = 400

  constructor (message = 'Target address is not allowed') {
    super(message)
    this.name = 'TargetNotAllowedError'
  }

  /** The error for a fetch that safe-fetch refused, else null. */
  static from (error: unknown): TargetNotAllowedError | null {
    return error instanceof FetchError && error.code === 'FETCH_ERR_BLOCKED' ? new TargetNotAllowedError(error.message) : null
  }
}
