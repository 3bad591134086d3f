export { isPublicAddress } from './address.js'
export { FetchError, type FetchErrorCode, type RedirectHop } from './errors.js'
export { createSafeFetcher, type FetchOptions, type FetchResult, type SafeFetcher } from './fetcher.js'
export { DEFAULT_USER_AGENT, fetchPolicyFromEnv, type FetchPolicy } from './policy.js'
