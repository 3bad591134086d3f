import { createHttpError, HttpError } from '@utility-apis/fastapi-errors'

// The errors every business call may answer before its handler runs.
export const MissingApiKeyError = createHttpError('missing_api_key', 401,
  'Missing API key: send it in the X-API-Key header, or as Authorization: Bearer <key>')
export const InvalidApiKeyError = createHttpError('invalid_api_key', 401, 'Invalid API key')
export const InvalidProxySecretError = createHttpError('invalid_proxy_secret', 401, 'Invalid proxy secret')
export const QuotaUnavailableError = createHttpError('quota_unavailable', 503, 'Quota service unavailable')

const units = (n: number) => `${n} unit${n === 1 ? '' : 's'}`

/** 429: the call needs more units than remain in this window; a call of several units says how many of each. */
export class QuotaExceededError extends HttpError {
  constructor (headers: Record<string, string> = {}, need?: { units: number, remaining: number }) {
    const detail = need === undefined
      ? 'Monthly quota exceeded'
      : `Monthly quota exceeded: this call needs ${units(need.units)}, ${need.remaining} remain${need.remaining === 1 ? 's' : ''} this month`
    super(429, detail, headers, 'quota_exceeded')
    this.name = 'QuotaExceededError'
  }
}
