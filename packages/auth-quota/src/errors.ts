import { createHttpError } from '@utility-apis/fastapi-errors'

// The errors every business call may answer before its handler runs.
export const MissingApiKeyError = createHttpError('missing_api_key', 401, 'Missing API key')
export const InvalidApiKeyError = createHttpError('invalid_api_key', 401, 'Invalid API key')
export const InvalidProxySecretError = createHttpError('invalid_proxy_secret', 401, 'Invalid proxy secret')
export const QuotaExceededError = createHttpError('quota_exceeded', 429, 'Monthly quota exceeded')
export const QuotaUnavailableError = createHttpError('quota_unavailable', 503, 'Quota service unavailable')
