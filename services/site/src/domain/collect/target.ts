// The `url` of a request: a bare domain (tried over https, then http) or a full http(s) URL (kept as given, scheme,
// port and path included), read by the parser brand shares. The domain reported is the lowercase ASCII host name.
import { checkHttpUrl as checkUrl, parseTarget as parseHomepageTarget, type HomepageTarget, type TargetMessages } from '@utility-apis/homepage-fetch'

export type Target = HomepageTarget

const NOT_A_URL = 'url must be a domain name or an http(s) URL'

/** Site's wording of each refusal, the texts of its 422s since before the parser was shared. */
export const URL_MESSAGES: TargetMessages = {
  empty: NOT_A_URL,
  whitespace: NOT_A_URL,
  scheme: 'url must use http or https',
  credentials: 'url must not contain credentials',
  bad_url: NOT_A_URL,
  bad_host: 'url must contain a valid host name'
}

/** What every URL a request names must be: http or https, without credentials. */
export const checkHttpUrl = (url: URL): void => { checkUrl(url, URL_MESSAGES) }

export const parseTarget = (input: string): Target => parseHomepageTarget(input, { keep: 'path', messages: URL_MESSAGES })
