import type { PageMetadata } from '@utility-apis/html-metadata'
import { cleanText } from './clean-text.js'
import { ownLinkPlaces } from './link-places.js'
import { siteOf, type PageLocation } from './site-host.js'

const KEY_LINK_KINDS = ['about', 'pricing', 'contact', 'careers', 'blog', 'docs', 'status', 'privacy', 'terms', 'login'] as const
type KeyLinkKind = typeof KEY_LINK_KINDS[number]
/** The site's own pages a person looks for; a kind the site does not link is absent. */
export type KeyLinks = Partial<Record<KeyLinkKind, string>>

interface KindRule {
  /** The last segment of the path, without an extension. */
  paths: string[]
  /** The first label of a subdomain of the site (docs.acme.com). */
  hosts: string[]
  /** The link's whole text, lowercased. */
  texts: string[]
}

const RULES: Record<KeyLinkKind, KindRule> = {
  about: { paths: ['about', 'about-us', 'aboutus', 'who-we-are', 'our-story'], hosts: [], texts: ['about', 'about us', 'who we are', 'our story'] },
  pricing: { paths: ['pricing', 'plans', 'prices', 'plans-and-pricing'], hosts: [], texts: ['pricing', 'plans', 'plans & pricing', 'plans and pricing'] },
  contact: {
    paths: ['contact', 'contact-us', 'contactus', 'contacts'],
    hosts: [],
    texts: ['contact', 'contact us', 'contacts', 'get in touch', 'contact sales']
  },
  careers: {
    paths: ['careers', 'jobs', 'career', 'join-us', 'work-with-us'],
    hosts: ['careers', 'jobs'],
    texts: ['careers', 'jobs', 'join us', 'we\'re hiring']
  },
  blog: { paths: ['blog'], hosts: ['blog'], texts: ['blog', 'our blog'] },
  docs: {
    paths: ['docs', 'documentation', 'developers', 'developer'],
    hosts: ['docs', 'developer', 'developers'],
    texts: ['docs', 'documentation', 'developers', 'api docs', 'developer docs']
  },
  status: { paths: ['status', 'system-status'], hosts: ['status'], texts: ['status', 'system status', 'service status'] },
  privacy: {
    paths: ['privacy', 'privacy-policy', 'privacypolicy', 'privacy-notice', 'privacy-statement'],
    hosts: [],
    texts: ['privacy', 'privacy policy', 'privacy notice', 'privacy statement']
  },
  terms: {
    paths: ['terms', 'tos', 'terms-of-service', 'terms-of-use', 'terms-and-conditions', 'terms-conditions', 'legal-terms'],
    hosts: [],
    texts: ['terms', 'terms of service', 'terms of use', 'terms & conditions', 'terms and conditions']
  },
  login: {
    paths: ['login', 'log-in', 'signin', 'sign-in', 'sign_in'],
    hosts: ['login', 'signin'],
    texts: ['log in', 'login', 'sign in', 'signin', 'log on']
  }
}

// a news site's section on a subject ("/category/privacy/") is no policy page
const LISTING = /\/(?:category|categories|tag|tags|topic|topics|section|sections)\//i

/** Each word of the rules to its kind, for one lookup per link (pages have a thousand links). */
function lookup (field: keyof KindRule): Map<string, KeyLinkKind> {
  return new Map(KEY_LINK_KINDS.flatMap((kind) => RULES[kind][field].map((word) => [word, kind] as const)))
}
const BY_PATH = lookup('paths')
const BY_HOST = lookup('hosts')
const BY_TEXT = lookup('texts')
const LONGEST_TEXT = Math.max(...[...BY_TEXT.keys()].map((text) => text.length))

function kindOf (url: URL, text: string, site: string): KeyLinkKind | null {
  const path = url.pathname
  const segment = path.slice(path.lastIndexOf('/', path.length - 2) + 1).replace(/\/$/, '').replace(/\.[a-z]+$/i, '').toLowerCase()
  const subdomain = url.hostname === site || url.hostname === `www.${site}` ? '' : url.hostname.split('.')[0]
  const label = text.length > LONGEST_TEXT * 2 ? '' : cleanText(text).toLowerCase()
  const kind = BY_PATH.get(segment) ?? (segment === '' ? BY_HOST.get(subdomain) : undefined) ?? BY_TEXT.get(label) ?? null
  return kind === null || LISTING.test(path) ? null : kind
}

/**
 * The site's key pages from the links of its header, footer and navigation (on a page without any, its body's),
 * each the first link of its kind in document order, on the site's own registrable domain (docs.acme.com counts;
 * a hosted status page on another domain does not), never the page itself. A kind is read from the link's path (`/pricing`,
 * `/legal/privacy`), its subdomain (`status.acme.com`) or its whole text ("Sign in").
 */
export function findKeyLinks (meta: PageMetadata, location: PageLocation): KeyLinks {
  const page = new URL(location.url)
  const site = location.host.site
  const places = ownLinkPlaces(meta)
  const found: KeyLinks = {}
  for (const link of meta.links) {
    if (link.href === null || link.place === undefined || !places.has(link.place)) continue
    let url: URL
    try { url = new URL(link.href) } catch { continue }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || siteOf(url.hostname) !== site) continue
    // "#contact" on the page itself opens a menu or scrolls: it is no page of its own
    if (url.origin === page.origin && url.pathname === page.pathname && url.search === page.search) continue
    const kind = kindOf(url, link.text, site)
    if (kind !== null && found[kind] === undefined) {
      found[kind] = url.href
      if (Object.keys(found).length === KEY_LINK_KINDS.length) break
    }
  }
  return found
}
