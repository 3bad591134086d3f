// How evidence words what it found: counts with their noun, shares as percentages, quoted text cut to a length.
// Whatever a site controls (a title, a URL, an hreflang code, a list of canonicals) is cut or capped before it
// is quoted, so evidence stays readable and an answer cannot grow with a hostile page's size.

import { cutText } from '@utility-apis/html-metadata'

/** How long a quoted URL may be: enough to tell one page from another. */
const URL_LIMIT = 120
/** How long a quoted code or token may be (an hreflang code, a language, a charset): real ones are far shorter. */
export const CODE_LIMIT = 40
/** How many items of a list evidence names before it counts the rest. */
const LISTED_ITEMS = 5

export function plural (n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`
}

/**
 * Where sitemap counts come from when an index lists more children than were read ('' when all were): a count or a
 * share of the read children is never worded as the site's.
 */
export function readChildren (children: { listed: number, read: number }): string {
  return children.read < children.listed ? ` in the ${children.read} of ${children.listed} child sitemaps read` : ''
}

export function percent (share: number): string {
  return `${Math.round(share * 100)}%`
}

/** `text` at most `limit` UTF-16 units, an ellipsis standing for the rest; never half of a surrogate pair. */
export const cut = (text: string, limit: number): string => cutText(text, limit)

export function quote (text: string, limit = 80): string {
  return `"${cut(text, limit)}"`
}

/** A URL as evidence quotes it: cut to URL_LIMIT. */
export function cutUrl (url: string): string {
  return cut(url, URL_LIMIT)
}

/** The first `max` items, each as `show` words it, then how many more there are: a list of any length stays short. */
export function listed (items: readonly string[], show: (item: string) => string = cutUrl, separator = ', ', max = LISTED_ITEMS): string {
  const shown = items.slice(0, max).map(show).join(separator)
  return items.length > max ? `${shown} and ${items.length - max} more` : shown
}
