import { parseTarget, type HomepageTarget, type TargetMessages } from '@utility-apis/homepage-fetch'

/** What the service will fetch for one `domain` input: its homepage, whatever path the input names. */
export type DomainTarget = HomepageTarget

const INVALID = 'domain is not a valid domain name or URL'

/** Brand's wording of each refusal, the texts of its 422s since before the parser was shared (pydantic's for a scheme). */
const DOMAIN_MESSAGES: TargetMessages = {
  empty: 'domain must not be empty',
  whitespace: 'domain must not contain whitespace',
  scheme: "URL scheme should be 'http' or 'https'",
  credentials: 'domain must not contain credentials',
  bad_url: INVALID,
  bad_host: INVALID
}

/** The host and origins of a bare domain or a URL; a path, query or fragment is dropped (a profile is of the homepage). */
export function normalizeDomainInput (input: string): DomainTarget {
  return parseTarget(input, { keep: 'origin', messages: DOMAIN_MESSAGES })
}
