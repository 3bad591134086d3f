import { createHttpError } from '@utility-apis/fastapi-errors'

// The errors every business call may answer before its handler runs.
export const MissingApiKeyError = createHttpError('MISSING_API_KEY', 401, 'Missing API key')
export const InvalidApiKeyError = createHttpError('INVALID_API_KEY', 401, 'Invalid API key')
export const InvalidProxySecretError = createHttpError('INVALID_PROXY_SECRET', 401, 'Invalid proxy secret')
export const QuotaExceededError = createHttpError('QUOTA_EXCEEDED', 429, 'Monthly quota exceeded')
export const QuotaUnavailableError = createHttpError('QUOTA_UNAVAILABLE', 503, 'Quota service unavailable')
