import { type PageMetadata, cutText } from '@utility-apis/html-metadata'

// A page may write anything in its head: a 400 KB description or a 1 MB title was answered as it is, cached for a day
// and stored in every job result, and a title is split into segments by the brand-name rules (2.5 s of the event
// loop for 2 MiB). No real title, description or name comes near these bounds.

/** The most characters a text of the page carries into a profile; a longer one is cut and ends with "…". */
export const MAX_TEXT_CHARS = 1000
/** A longer URL is no link a profile gives (browsers, CDNs and the profile's own `uri` format stop far sooner). */
export const MAX_URL_CHARS = 2048

/** The text as it is, or cut to MAX_TEXT_CHARS ending with "…" (never inside a surrogate pair). */
export function boundedText (value: string): string
export function boundedText (value: string | null): string | null
export function boundedText (value: string | null): string | null {
  return value === null ? null : cutText(value, MAX_TEXT_CHARS)
}

const boundedUrl = (value: string | null): string | null => value === null || value.length <= MAX_URL_CHARS ? value : null

// OpenGraph and Twitter properties whose value is a URL: dropped when overlong, never cut into another URL
const URL_PROPERTY = /(?:^|:)(?:url|secure_url|image|video|audio|player|logo|src)$/

function boundedProperties (values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).flatMap(([key, value]) => {
    const bounded = URL_PROPERTY.test(key) ? boundedUrl(value) : boundedText(value)
    return bounded === null ? [] : [[key, bounded]]
  }))
}

/** The page's head as the profile rules read it: every text bounded, every overlong URL absent. */
export function boundedMeta (meta: PageMetadata): PageMetadata {
  return {
    ...meta,
    title: boundedText(meta.title),
    description: boundedText(meta.description),
    canonical: boundedUrl(meta.canonical),
    lang: boundedText(meta.lang),
    themeColor: boundedText(meta.themeColor),
    applicationName: boundedText(meta.applicationName),
    appleMobileWebAppTitle: boundedText(meta.appleMobileWebAppTitle),
    copyrightHolder: boundedText(meta.copyrightHolder),
    openGraph: boundedProperties(meta.openGraph),
    twitter: boundedProperties(meta.twitter)
  }
}
