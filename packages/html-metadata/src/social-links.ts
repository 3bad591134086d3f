import { FEDIVERSE, HOST_ALIASES, PLATFORMS, type SocialKind } from './social-platforms.js'
import type { AnchorPlace, SocialProfile, SocialSource } from './types.js'

export interface SocialMatch { url: string, platform: string, kind: SocialKind }

const STRIPPED_PREFIXES = ['www.', 'm.', 'mobile.', 'web.']
const SHARE_SEGMENTS = new Set(['share', 'sharer', 'sharer.php', 'share.php', 'intent', 'submit', 'compose', 'submitlink',
  'sharearticle', 'share-offsite', 'sharing'])
const SHARE_PARAMS = ['url', 'u', 'text', 'href']
const SCHEMELESS = /^(?:[a-z0-9-]+\.)+[a-z]{2,}(?:[/?#]|$)/i

function canonicalHost (hostname: string): string {
  let host = hostname.toLowerCase().replace(/\.$/, '')
  for (let stripped = true; stripped;) {
    stripped = false
    for (const prefix of STRIPPED_PREFIXES) {
      if (host.startsWith(prefix) && host.length > prefix.length + 3) {
        host = host.slice(prefix.length)
        stripped = true
      }
    }
  }
  host = HOST_ALIASES[host] ?? host
  // country editions: uk.linkedin.com, de.pinterest.com, pinterest.co.uk, pinterest.de
  if (/^[a-z]{2}\.linkedin\.com$/.test(host)) return 'linkedin.com'
  if (/^(?:[a-z]{2}\.)?pinterest\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/.test(host)) return 'pinterest.com'
  return host
}

function parseHref (href: string): URL | null {
  let text = href.trim()
  if (text.startsWith('//')) text = `https:${text}`
  else if (SCHEMELESS.test(text)) text = `https://${text}`
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null
  } catch {
    return null
  }
}

function isShareLink (segments: string[], url: URL): boolean {
  return segments.some((s) => SHARE_SEGMENTS.has(s.toLowerCase())) && SHARE_PARAMS.some((p) => url.searchParams.has(p))
}

/**
 * Classifies a link as a social profile: its platform, kind and normalised URL (https, lowercase host without
 * www./m./mobile./web., folded domains, profile path only: no query, fragment, tracking parameters or trailing
 * slash). Null for share and intent links, posts, non-profile pages and non-social sites.
 */
export function classifySocialUrl (href: string): SocialMatch | null {
  const url = parseHref(href)
  if (url === null) return null
  const host = canonicalHost(url.hostname)
  const segments = url.pathname.split('/').filter(Boolean)
  if (isShareLink(segments, url)) return null
  if (host.endsWith('.tumblr.com') && !['www', 'api', 'assets', 'static', 'media'].includes(host.split('.')[0])) {
    return segments.length === 0 || !['post', 'share'].includes(segments[0]) ? { url: `https://${host}`, platform: 'tumblr', kind: 'profile' } : null
  }
  const rule = PLATFORMS[host]
  const match = rule?.match(segments, url) ?? null
  if (match === null) return null
  return { url: `https://${match.host ?? host}${match.path}`, platform: rule.platform, kind: match.kind }
}

/** The normalised profile URL, or null for share/intent/non-profile links (see classifySocialUrl). */
export function normalizeSocialUrl (href: string): string | null {
  return classifySocialUrl(href)?.url ?? null
}

/** A `rel="me"` link may point at any Mastodon-style server: https://host/@user. */
function classifyRelMe (href: string): SocialMatch | null {
  const known = classifySocialUrl(href)
  if (known !== null) return known
  const url = parseHref(href)
  if (url === null) return null
  const match = FEDIVERSE.match(url.pathname.split('/').filter(Boolean), url)
  return match === null ? null : { url: `https://${canonicalHost(url.hostname)}${match.path}`, platform: 'mastodon', kind: 'profile' }
}

export interface SocialInputs {
  sameAs: string[]
  anchors: Array<{ href: string, place: AnchorPlace }>
  relMe: string[]
  twitterSite: string | null
  articlePublisher: string | null
  seeAlso: string | null
}

/** Profiles from every source, strongest first, de-duplicated case-insensitively keeping the first spelling. */
export function collectSocialProfiles (inputs: SocialInputs): SocialProfile[] {
  const seen = new Map<string, SocialProfile>()
  const out: SocialProfile[] = []
  const add = (match: SocialMatch | null, source: SocialSource, place?: AnchorPlace): void => {
    if (match === null) return
    const key = match.url.toLowerCase()
    const known = seen.get(key)
    // a profile linked from a byline and from the footer is the site's: the footer link says so
    if (known !== undefined) {
      if (place === 'chrome' && known.place !== undefined) known.place = 'chrome'
      return
    }
    const profile: SocialProfile = place === undefined ? { ...match, source } : { ...match, source, place }
    seen.set(key, profile)
    out.push(profile)
  }
  for (const href of inputs.sameAs) add(classifySocialUrl(href), 'jsonld')
  for (const { href, place } of inputs.anchors) add(classifySocialUrl(href), 'anchor', place)
  for (const href of inputs.relMe) add(classifyRelMe(href), 'rel-me')
  const site = inputs.twitterSite?.trim() ?? ''
  if (site !== '') add(classifySocialUrl(/^@?[A-Za-z0-9_]{1,15}$/.test(site) ? `https://x.com/${site.replace(/^@/, '')}` : site), 'twitter:site')
  if (inputs.articlePublisher !== null) add(classifySocialUrl(inputs.articlePublisher), 'article:publisher')
  if (inputs.seeAlso !== null) add(classifySocialUrl(inputs.seeAlso), 'og:see_also')
  return out
}
