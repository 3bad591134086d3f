import { createHttpError, ErrorSchema } from '@utility-apis/fastapi-errors'

/** `fallback=404` and no logo: the repo's JSON error, for clients that show a placeholder of their own. */
export const LogoNotFoundError = createHttpError('logo_not_found', 404, 'No logo found for this domain')

/**
 * `fallback=404` while the site or a logo file failed for a moment (down, a timeout, a 5xx): still a 404, so a client
 * shows its placeholder as for no logo, but its code and Retry-After say it is not known yet (not one to remember).
 */
export const LogoUnavailableError = createHttpError('logo_unavailable', 404,
  'No logo could be read from this domain just now (the site or its logo file failed); try again after Retry-After')

/** The shared error body, described for one response. */
export const described = (description: string) => ({ ...ErrorSchema, description })
