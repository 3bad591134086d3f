import { sameName } from './name-matching.js'
import { matchesDomainLabel, siteOf, type SiteHost } from './site-host.js'

type Node = Record<string, unknown>

/** A JSON-LD node of an Organization-like type (Organization, LocalBusiness and subtypes, Brand, NGO, ...). */
export interface OrganizationSignal {
  name: string | null
  alternateName: string | null
  url: string | null
  /** The node is the `publisher` of the WebSite node. */
  isPublisher: boolean
  /** The node's `@id`, as authored. */
  id?: string | null
}

export interface OrganizationNode extends OrganizationSignal {
  /** The logo as authored (string, ImageObject url or contentUrl); resolve against the document base. */
  logo: string | null
  /** The ImageObject's declared width and height, when the logo is one and says them. */
  logoSize: { width: number, height: number } | null
  description: string | null
  /** `sameAs` URLs as authored. */
  sameAs: string[]
}

// Organization, its subtypes that matter for brands (LocalBusiness and its many children), Brand and NGO.
const ORG_TYPES = new Set(['organization', 'corporation', 'localbusiness', 'brand', 'ngo', 'onlinestore', 'onlinebusiness',
  'newsmediaorganization', 'educationalorganization', 'medicalorganization', 'sportsorganization', 'airline',
  'governmentorganization', 'performinggroup', 'project', 'researchorganization', 'workersunion', 'fundingscheme'])
const ORG_SUFFIX = new RegExp('(organization|organisation|business|corporation|store|shop|restaurant|bank|creditunion|' +
  'agency|clinic|hotel|school|college|university|brewery|winery|bakery|cafeorcoffeeshop|dentist|physician|pharmacy|' +
  'dealer|attorney|bar|gym)$')

function typesOf (node: Node): string[] {
  const type = node['@type']
  const list = Array.isArray(type) ? type : [type]
  return list.filter((t): t is string => typeof t === 'string')
    .map((t) => t.replace(/^(https?:\/\/schema\.org\/|schema:)/i, '').toLowerCase())
}

export function isOrganizationLike (node: Node): boolean {
  return typesOf(node).some((type) => ORG_TYPES.has(type) || ORG_SUFFIX.test(type))
}

function text (value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
  if (Array.isArray(value)) return text(value[0])
  if (typeof value === 'object' && value !== null) return text((value as Node)['@value'])
  return null
}

/** A logo is a URL string or an ImageObject (`url` or `contentUrl`), any aspect ratio. */
function logoOf (value: unknown): string | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const logo = logoOf(item)
      if (logo !== null) return logo
    }
    return null
  }
  if (typeof value === 'string') return text(value)
  if (typeof value === 'object' && value !== null) {
    const node = value as Node
    return text(node.url) ?? text(node.contentUrl) ?? text(node['@id'])
  }
  return null
}

function dimension (value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN
  return Number.isFinite(number) && number > 0 ? number : null
}

function logoSizeOf (value: unknown): OrganizationNode['logoSize'] {
  const node = Array.isArray(value) ? value[0] : value
  if (typeof node !== 'object' || node === null) return null
  const width = dimension((node as Node).width)
  const height = dimension((node as Node).height)
  return width === null || height === null ? null : { width, height }
}

function urlsOf (value: unknown): string[] {
  return [value].flat().flatMap((item) => {
    if (typeof item === 'string') return [item]
    const id = typeof item === 'object' && item !== null ? text((item as Node)['@id']) : null
    return id === null ? [] : [id]
  })
}

/** A url as authored, made absolute against the page's base ("/" is the site's root); as authored without a base. */
function resolved (value: string | null, baseUrl: string | undefined): string | null {
  if (value === null || baseUrl === undefined) return value
  try {
    return new URL(value, baseUrl).href
  } catch {
    return value
  }
}

function toOrganization (node: Node, isPublisher: boolean, baseUrl: string | undefined): OrganizationNode {
  return {
    name: text(node.name),
    alternateName: text(node.alternateName),
    url: resolved(text(node.url), baseUrl),
    isPublisher,
    id: text(node['@id']),
    logo: logoOf(node.logo),
    logoSize: logoSizeOf(node.logo),
    description: text(node.description),
    sameAs: urlsOf(node.sameAs)
  }
}

/**
 * The Organization-like nodes of the page's JSON-LD, in document order, with the WebSite `publisher`
 * (an `@id` reference or an inline node) marked. Inline publishers of other nodes count too. A relative `url` is
 * resolved against `baseUrl`, the page's base ("url": "/" names this site's root).
 */
export function organizationsOf (nodes: Node[], baseUrl?: string): OrganizationNode[] {
  const publisherIds = new Set<string>()
  const inline: Node[] = []
  for (const node of nodes) {
    const publisher = node.publisher
    const refs = Array.isArray(publisher) ? publisher : [publisher]
    for (const ref of refs) {
      if (typeof ref !== 'object' || ref === null) continue
      const id = text((ref as Node)['@id'])
      if (id !== null && text((ref as Node).name) === null) publisherIds.add(id)
      else if (isOrganizationLike(ref as Node) || text((ref as Node).name) !== null) inline.push(ref as Node)
    }
  }
  const orgs = nodes.filter(isOrganizationLike).map((node) => {
    const id = text(node['@id'])
    return toOrganization(node, id !== null && publisherIds.has(id), baseUrl)
  })
  return [...orgs, ...inline.map((node) => toOrganization(node, true, baseUrl))]
}

/** The `name` of the first WebSite node. */
export function websiteNameOf (nodes: Node[]): string | null {
  const site = nodes.find((node) => typesOf(node).includes('website'))
  return site === undefined ? null : text(site.name)
}

/** The `sameAs` URLs of the WebSite nodes: a site's profiles are sometimes listed there. */
export function websiteSameAs (nodes: Node[]): string[] {
  return nodes.filter((node) => typesOf(node).includes('website')).flatMap((node) => urlsOf(node.sameAs))
}

// The home of a site: its root, or a locale root such as /en or /en-gb.
const ROOT_PATH = /^\/(?:[a-z]{2}(?:[-_][a-z]{2})?\/?)?$/i

/** The URL is the root of a site on the same registrable domain as `host`. */
function isSiteRoot (value: string | null | undefined, host: SiteHost): boolean {
  if (value == null) return false
  try {
    const url = new URL(value)
    return siteOf(url.hostname) === host.site && ROOT_PATH.test(url.pathname)
  } catch {
    return false
  }
}

function onSameSite (value: string, host: SiteHost): boolean {
  try { return siteOf(new URL(value).hostname) === host.site } catch { return false }
}

function hasAddress (org: OrganizationSignal): boolean {
  if (org.url !== null) return true
  try { return org.id != null && new URL(org.id).protocol.startsWith('http') } catch { return false }
}

/**
 * The organizations the site speaks for, best first. A page may describe other organisations (a company page on a
 * network, an article's subject), so only these count: the WebSite's (or an article's) publisher; an organization
 * whose url or `@id` is the root of this site; one with neither whose name agrees with the page's other evidence
 * (the host label, or a name in `evidence` such as the title, og:site_name or application-name); and any other node
 * with the same name as one of these (a site often describes itself twice, once with its logo, once with sameAs).
 */
export function ownOrganizations<T extends OrganizationSignal> (orgs: T[], host: SiteHost, evidence: string[] = []): T[] {
  const label = host.label
  const agrees = (name: string | null): boolean => name !== null && (matchesDomainLabel(name, label) ||
    evidence.some((value) => sameName(name, value) || (name.length >= 3 && value.toLowerCase().includes(name.toLowerCase()))))
  const own = [
    // a publisher with an address on another site is a partner or parent (SFGATE on sfchronicle.com), not this site
    ...orgs.filter((org) => org.isPublisher && (org.url === null || onSameSite(org.url, host))),
    ...orgs.filter((org) => isSiteRoot(org.url, host) || (org.url === null && isSiteRoot(org.id, host))),
    ...orgs.filter((org) => !hasAddress(org) && (agrees(org.name) || agrees(org.alternateName)))
  ]
  const named = orgs.filter((org) => org.name !== null && own.some((o) => o.name !== null && sameName(o.name, org.name ?? '')))
  return [...new Set([...own, ...named])]
}

/**
 * The first of ownOrganizations, or null. `host` may be several: the host the page came from, then the host its
 * canonical URL names (a blog served on a platform's subdomain and published under its own domain).
 */
export function mainOrganization<T extends OrganizationSignal> (orgs: T[], host: SiteHost | SiteHost[], evidence: string[] = []): T | null {
  return ownOrganizationsOfHosts(orgs, [host].flat(), evidence)[0] ?? null
}

/** ownOrganizations for the first host that has any. */
export function ownOrganizationsOfHosts<T extends OrganizationSignal> (orgs: T[], hosts: SiteHost[], evidence: string[] = []): T[] {
  for (const host of new Set(hosts)) {
    const own = ownOrganizations(orgs, host, evidence)
    if (own.length > 0) return own
  }
  return []
}
