import type { PageMetadata } from '@utility-apis/html-metadata'
import { cleanText, percentDecoded } from './clean-text.js'
import { ownLinkPlaces } from './link-places.js'
import { sameBrand, withoutLegalForm } from './name-matching.js'
import type { OrganizationNode } from './organization.js'
import { siteOf, type PageLocation, type SiteHost } from './site-host.js'

// What the site publishes about itself as a company, and nothing else: this is not a firmographic database.

interface PostalAddress {
  street: string | null
  locality: string | null
  region: string | null
  postal_code: string | null
  country: string | null
}

export interface CompanyFacts {
  legal_name: string | null
  founded: string | null
  address: PostalAddress | null
  phone: string | null
  email: string | null
}

/** Where each fact was read; null when the site does not say it. */
export type CompanySources = Record<keyof CompanyFacts, string | null>

/** A page of the site read for its company facts: its imprint or contact page. */
export interface CompanyPage {
  url: string
  meta: PageMetadata
  /** The organizations that page speaks for (siteOrganizations of that page). */
  orgs: OrganizationNode[]
}

export function emptyCompany (): { company: CompanyFacts, sources: CompanySources } {
  return {
    company: { legal_name: null, founded: null, address: null, phone: null, email: null },
    sources: { legal_name: null, founded: null, address: null, phone: null, email: null }
  }
}

// the last path segment of an imprint (legal notice) page, then of a contact page, in the languages sites use
const IMPRINT = /^(?:impressum|imprint|legal-notice|legal-notices|mentions-legales|mentions-l%C3%A9gales|aviso-legal|note-legali|colofon|colophon)$/i
const CONTACT = /^(?:contact|contact-us|contactus|contacts|kontakt|contacto|contatti|contato|contactez-nous|get-in-touch)$/i

/**
 * The page of the site most likely to state its company facts, linked from its header, footer or navigation: an
 * imprint first (a legal duty in Germany and Austria, with the legal name and address), then a contact page. On the
 * site's registrable domain only; null when it links neither.
 */
export function companyPageUrl (meta: PageMetadata, location: PageLocation): string | null {
  const page = new URL(location.url)
  const site = location.host.site
  const places = ownLinkPlaces(meta)
  let contact: string | null = null
  for (const link of meta.links) {
    if (link.href === null || link.place === undefined || !places.has(link.place)) continue
    let url: URL
    try { url = new URL(link.href) } catch { continue }
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || siteOf(url.hostname) !== site || url.pathname === page.pathname) continue
    const segment = url.pathname.replace(/\/$/, '').split('/').pop()?.replace(/\.[a-z]+$/i, '') ?? ''
    if (IMPRINT.test(segment)) return url.href
    if (contact === null && CONTACT.test(segment)) contact = url.href
  }
  return contact
}

type Node = Record<string, unknown>

function text (value: unknown): string | null {
  if (typeof value === 'string') return cleanText(value) === '' ? null : cleanText(value)
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return text(value[0])
  if (typeof value === 'object' && value !== null) return text((value as Node).name ?? (value as Node)['@value'])
  return null
}

const DATE = /^\d{4}(?:-\d{2}(?:-\d{2})?)?$/
const EMAIL = /^[^\s@<>()[\]"',;:]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i

function addressOf (value: unknown): PostalAddress | null {
  const node = Array.isArray(value) ? value[0] : value
  if (typeof node !== 'object' || node === null) return null
  const a = node as Node
  const address: PostalAddress = {
    street: text(a.streetAddress),
    locality: text(a.addressLocality),
    region: text(a.addressRegion),
    postal_code: text(a.postalCode),
    country: text(a.addressCountry)
  }
  return Object.values(address).some((part) => part !== null) ? address : null
}

function emailOf (value: string | null): string | null {
  if (value === null) return null
  const email = percentDecoded(value.replace(/^mailto:/i, '').split('?')[0])?.trim().toLowerCase()
  return email !== undefined && EMAIL.test(email) ? email : null
}

function phoneOf (value: string | null): string | null {
  if (value === null) return null
  const decoded = percentDecoded(value.replace(/^tel:/i, ''))
  if (decoded === null) return null
  const phone = cleanText(decoded)
  // a number: digits with the separators people write, 6 to 20 digits
  const digits = phone.replace(/\D/g, '').length
  return /^\+?[\d\s().\-/]+$/.test(phone) && digits >= 6 && digits <= 20 ? phone : null
}

/** The facts of JSON-LD organization nodes, first node first (contactPoint for phone and email). */
function organizationFacts (nodes: Node[]): Partial<CompanyFacts> {
  const facts: Partial<CompanyFacts> = {}
  for (const node of nodes) {
    facts.legal_name ??= text(node.legalName) ?? undefined
    const founded = text(node.foundingDate)
    if (founded !== null && DATE.test(founded)) facts.founded ??= founded
    facts.address ??= addressOf(node.address) ?? undefined
    const points = [node, ...[node.contactPoint].flat().filter((point): point is Node => typeof point === 'object' && point !== null)]
    for (const point of points) {
      facts.phone ??= phoneOf(text(point.telephone)) ?? undefined
      facts.email ??= emailOf(text(point.email)) ?? undefined
    }
  }
  return facts
}

/** The JSON-LD nodes behind the organizations a page speaks for (matched by name or @id). */
function ownNodes (meta: PageMetadata, orgs: OrganizationNode[]): Node[] {
  return meta.jsonLd.nodes.filter((node) => orgs.some((org) =>
    (org.id != null && node['@id'] === org.id) || (org.name !== null && text(node.name) === org.name)))
}

/** The first tel: and mailto: links of the given places; an address on the site's own domain first. */
function linkFacts (meta: PageMetadata, host: SiteHost, places: Set<string>): { phone: string | null, email: string | null } {
  let phone: string | null = null
  const emails: string[] = []
  for (const link of meta.links) {
    if (link.href === null || !places.has(link.place ?? 'content')) continue
    if (/^tel:/i.test(link.href)) phone ??= phoneOf(link.href)
    const email = /^mailto:/i.test(link.href) ? emailOf(link.href) : null
    if (email !== null) emails.push(email)
  }
  return { phone, email: emails.find((email) => siteOf(email.split('@')[1]) === host.site) ?? emails[0] ?? null }
}

export interface CompanyInputs {
  meta: PageMetadata
  /** The organizations the homepage speaks for. */
  orgs: OrganizationNode[]
  brandName: string | null
  /** The domain profiled: an e-mail address on its site comes first. */
  host: SiteHost
  /** The imprint or contact page, when it was read. */
  page: CompanyPage | null
}

/**
 * The company facts the site states about itself, each with where it was read: the homepage's own JSON-LD
 * organization (legalName, foundingDate, address, telephone, email, contactPoint), then the imprint or contact page's
 * (its own organization's JSON-LD, then its tel: and mailto: links), then the homepage's header and footer links;
 * a legal name last from a copyright line naming the brand with its company form ("Vantor Telematics Inc.").
 */
export function companyFacts ({ meta, orgs, brandName, host, page }: CompanyInputs): { company: CompanyFacts, sources: CompanySources } {
  const { company, sources } = emptyCompany()
  const take = (facts: Partial<CompanyFacts>, source: string): void => {
    for (const key of Object.keys(company) as Array<keyof CompanyFacts>) {
      const value = facts[key]
      if (company[key] !== null || value == null) continue
      Object.assign(company, { [key]: value })
      sources[key] = source
    }
  }
  take(organizationFacts(ownNodes(meta, orgs)), 'json-ld:organization')
  if (page !== null) {
    take(organizationFacts(ownNodes(page.meta, page.orgs)), 'contact-page:json-ld')
    take(linkFacts(page.meta, host, new Set(['chrome', 'content'])), 'contact-page:links')
  }
  take(linkFacts(meta, host, new Set(['chrome'])), 'homepage:links')
  const holder = meta.copyrightHolder
  if (holder !== null && brandName !== null && withoutLegalForm(holder) !== holder && sameBrand(holder, brandName)) {
    take({ legal_name: holder }, 'copyright')
  }
  return { company, sources }
}

/** Whether the homepage's own organization already states every fact (then no other page is read for them). */
export function statesEveryFact (meta: PageMetadata, orgs: OrganizationNode[]): boolean {
  const facts = organizationFacts(ownNodes(meta, orgs))
  return facts.legal_name != null && facts.founded != null && facts.address != null && facts.phone != null && facts.email != null
}
