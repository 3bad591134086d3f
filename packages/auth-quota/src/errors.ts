import { createHttpError, HttpError } from '@utility-apis/fastapi-errors'

// The errors every business call may answer before its handler runs.
export const MissingApiKeyError = createHttpError('missing_api_key', 401,
  'Missing API key: send it in the X-API-Key header, or as Authorization: Bearer <key>')
export const InvalidApiKeyError = createHttpError('invalid_api_key', 401, 'Invalid API key')
export const InvalidProxySecretError = createHttpError('invalid_proxy_secret', 401, 'Invalid proxy secret')
export const SecretKeyInQueryError = createHttpError('secret_key_in_query', 401,
  'A secret API key was sent in the URL (?token=), where it is refused: URLs are logged, cached and shown in pages. ' +
  'Rotate this key; send a secret key in the X-API-Key header, and put only a publishable key (pk_...) in ?token=')
export const PublishableKeyNotAllowedError = createHttpError('publishable_key_not_allowed', 403,
  'A publishable key (pk_...) works only as ?token= on the routes that take one (the logo image); send a secret key in the X-API-Key header')
export const OriginNotAllowedError = createHttpError('origin_not_allowed', 403,
  "This publishable key is not allowed from this page's origin (Origin, else Referer): its owner lists the origins it works from")
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
