import { parse as parseDomain } from 'tldts'
import { nameKey } from './name-matching.js'

/**
 * A host with what the brand rules compare against it, read once (siteHost) and passed down: its registrable
 * site and that site's label.
 */
export interface SiteHost {
  hostname: string
  /** The registrable domain ("bbc.co.uk" for www.bbc.co.uk); the host itself for IPs and single-label hosts. */
  site: string
  /** The registrable domain's label ("bbc"); null for IPs and single-label hosts. */
  label: string | null
}

/** A page's URL with its host read as a SiteHost: its own links and its canonical URL are judged against them. */
export interface PageLocation {
  url: string
  host: SiteHost
}

export function siteHost (hostname: string): SiteHost {
  const parsed = parseDomain(hostname, { allowPrivateDomains: true })
  const ip = parsed.isIp === true
  return {
    hostname,
    site: ip || parsed.domain == null ? hostname.toLowerCase() : parsed.domain,
    label: ip || parsed.domainWithoutSuffix == null || parsed.domainWithoutSuffix === '' ? null : parsed.domainWithoutSuffix
  }
}

export function pageLocation (url: string): PageLocation {
  return { url, host: siteHost(new URL(url).hostname) }
}

/** The registrable domain of any host (a link's, an e-mail address's), to compare with a SiteHost's `site`. */
export function siteOf (hostname: string): string {
  const parsed = parseDomain(hostname, { allowPrivateDomains: true })
  return parsed.isIp === true || parsed.domain == null ? hostname.toLowerCase() : parsed.domain
}

/** A name spelled like the domain label: "Zephyr" on zephyr.io, "Blue Bottle" on bluebottlecoffee.co.uk. */
export function matchesDomainLabel (value: string, label: string | null): boolean {
  if (label === null) return false
  const key = nameKey(value)
  const compactLabel = label.replace(/[^a-z0-9]/g, '')
  if (key.length < 3) return key === compactLabel
  return key === compactLabel || compactLabel.startsWith(key) || key.startsWith(compactLabel)
}
