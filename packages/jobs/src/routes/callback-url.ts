import { FetchError, type SafeFetcher } from '@utility-apis/safe-fetch'

// safe-fetch's message for a public address on another port than its scheme's
const PORT_REFUSED = 'Target port is not allowed'

/** Why `callback_url` cannot receive callbacks, or null: a public http(s) URL without credentials. */
export async function checkCallbackUrl (text: string, resolver: Pick<SafeFetcher, 'resolve'>): Promise<string | null> {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'callback_url must be an absolute http(s) URL'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'callback_url must be an http(s) URL'
  if (url.username !== '' || url.password !== '') return 'callback_url must not carry credentials'
  try {
    // judged on its port as each delivery will be: another port than the scheme's only for an allow-listed address
    await resolver.resolve(url.hostname.replace(/^\[|\]$/g, ''), url.port === '')
    return null
  } catch (error) {
    if (!(error instanceof FetchError) || error.code !== 'FETCH_ERR_BLOCKED') return 'callback_url host could not be resolved'
    if (error.message === PORT_REFUSED) return 'callback_url must use its scheme\'s port (80 for http, 443 for https)'
    return 'callback_url resolves to an address that is not allowed'
  }
}
