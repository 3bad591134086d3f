import { createHttpError } from '@utility-apis/fastapi-errors'
import { FetchError } from '@utility-apis/safe-fetch'

/**
 * The target resolves to, or redirects to, an address or port the services must not reach: 400
 * `{"detail": message, "code": "target_not_allowed"}` wherever it is thrown, with no route catching it. The message is
 * safe-fetch's, which never names the address.
 */
export class TargetNotAllowedError extends createHttpError('target_not_allowed', 400, 'Target address is not allowed') {
  constructor (message?: string) {
    super({}, message)
    this.name = 'TargetNotAllowedError'
  }

  /** The error for a fetch that safe-fetch refused, else null. */
  static from (error: unknown): TargetNotAllowedError | null {
    return error instanceof FetchError && error.code === 'FETCH_ERR_BLOCKED' ? new TargetNotAllowedError(error.message) : null
  }
}
