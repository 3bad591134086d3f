import { createHttpError, ErrorSchema } from '@utility-apis/fastapi-errors'

/** `fallback=404` and no logo: the repo's JSON error, for clients that show a placeholder of their own. */
export const LogoNotFoundError = createHttpError('logo_not_found', 404, 'No logo found for this domain')

/** The shared error body, described for one response. */
export const described = (description: string) => ({ ...ErrorSchema, description })
