type Node = Record<string, unknown>

/** A JSON-LD node of an Organization-like type (Organization, LocalBusiness and subtypes, Brand, NGO, ...). */
export interface OrganizationSignal {
  name: string | null
  alternateName: string | null
  url: string | null
  /** The node is the `publisher` of the WebSite node. */
  isPublisher: boolean
}

export interface OrganizationNode extends OrganizationSignal {
  /** The logo as authored (string, ImageObject url or contentUrl); resolve against the document base. */
  logo: string | null
  description: string | null
}

// Organization, its subtypes that matter for brands (LocalBusiness and its many children), Brand and NGO.
const ORG_TYPES = new Set(['organization', 'corporation', 'localbusiness', 'brand', 'ngo', 'onlinestore', 'onlinebusiness',
  'newsmediaorganization', 'educationalorganization', 'medicalorganization', 'sportsorganization', 'airline',
  'governmentorganization', 'performinggroup', 'project', 'researchorganization', 'workersunion', 'fundingscheme'])
const ORG_SUFFIX = /(organization|organisation|business|corporation|store|shop|restaurant|bank|creditunion|agency|clinic|hotel|school|college|university|brewery|winery|bakery|cafeorcoffeeshop|dentist|physician|pharmacy|dealer|attorney|bar|gym)$/

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

function toOrganization (node: Node, isPublisher: boolean): OrganizationNode {
  return {
    name: text(node.name),
    alternateName: text(node.alternateName),
    url: text(node.url),
    isPublisher,
    logo: logoOf(node.logo),
    description: text(node.description)
  }
}

/**
 * The Organization-like nodes of the page's JSON-LD, in document order, with the WebSite `publisher`
 * (an `@id` reference or an inline node) marked. Inline publishers of other nodes count too.
 */
export function organizationsOf (nodes: Node[]): OrganizationNode[] {
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
    return toOrganization(node, id !== null && publisherIds.has(id))
  })
  return [...orgs, ...inline.map((node) => toOrganization(node, true))]
}

/** The `name` of the first WebSite node. */
export function websiteNameOf (nodes: Node[]): string | null {
  const site = nodes.find((node) => typesOf(node).includes('website'))
  return site === undefined ? null : text(site.name)
}

/** The organization the page speaks for: the WebSite publisher, else the one on this host, else the first. */
export function mainOrganization<T extends OrganizationSignal> (orgs: T[], hostname: string): T | null {
  const host = hostname.replace(/^www\./, '')
  const onSite = (org: T): boolean => {
    if (org.url === null) return false
    try { return new URL(org.url).hostname.replace(/^www\./, '') === host } catch { return false }
  }
  return orgs.find((org) => org.isPublisher) ?? orgs.find(onSite) ?? orgs[0] ?? null
}
