import { fetchFailureCode, isMomentaryError, isMomentaryStatus, type Fetcher } from '@utility-apis/homepage-fetch'
import { FetchError } from '@utility-apis/safe-fetch'

// A profile reads more than its homepage: logo and icon files, the web manifest, stylesheets, the contact page. When one
// of them fails for a moment (a 503, a 429, a timeout), the fields it feeds are missing for a reason that may be gone a
// minute later, and the profile says which files: it is not the site's settled answer, so it is not kept as one.

/** A file of the profile that failed in a way a retry may not meet. */
export interface UnreadFile {
  url: string
  /**
   * `HTTP 503` (a 408, 425, 429, 500, 502, 503 or 504), or the failure's code: `timeout`, `connect`, `dns`, `tls`,
   * `protocol`, `rate_limited` (a job's item: the file's host asked for time, so the request was not sent), `budget`
   * (too little of the profile's time budget was left to ask for it, or to decode the image it read).
   */
  reason: string
}

/** A profile names at most this many: enough to see what is missing, bounded whatever a page links. */
export const MAX_UNREAD_FILES = 10

/** The files noted so far, the fetcher that notes them, and how to note a file the profile chose not to ask for. */
export interface UnreadFileNotes {
  fetcher: Fetcher
  unread: UnreadFile[]
  skipped: (url: string, reason: 'budget') => void
}

/**
 * Wraps the fetcher a profile's extras are read through so that each file failing for a moment is noted. A fetch the
 * caller aborted (a batch's deadline) is not the site's doing and is not noted; the profile fails as a whole then.
 */
export function noteUnreadFiles (fetcher: Fetcher): UnreadFileNotes {
  const unread: UnreadFile[] = []
  const note = (url: string, reason: string): void => {
    if (unread.length < MAX_UNREAD_FILES && !unread.some((file) => file.url === url)) unread.push({ url, reason })
  }
  const fetch: Fetcher['fetch'] = async (url, options) => {
    try {
      const response = await fetcher.fetch(url, options)
      if (isMomentaryStatus(response.status)) note(url, `HTTP ${response.status}`)
      return response
    } catch (error) {
      if (options?.signal?.aborted !== true && isMomentaryError(error)) note(url, error instanceof FetchError ? fetchFailureCode(error) : 'error')
      throw error
    }
  }
  return { fetcher: { fetch }, unread, skipped: note }
}
