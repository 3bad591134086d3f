// The host of a URL as the analysis compares it; a URL that does not parse has none.

/** host and port: a canonical on this host names the homepage's own */
export function hostOf (url: string | null): string | null {
  if (url === null) return null
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

/** host and port without a leading `www.`: a link or profile to the site's www twin is not to another site */
export function hostWithoutWww (url: string): string | null {
  try {
    return new URL(url).host.replace(/^www\./, '')
  } catch {
    return null
  }
}
