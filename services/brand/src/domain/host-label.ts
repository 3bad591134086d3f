import { parse as parseDomain } from 'tldts'
import { nameKey } from './text.js'

/** The label of the registrable domain ("bbc" for www.bbc.co.uk), or null for IPs and single-label hosts. */
export function domainLabel (hostname: string): string | null {
  const parsed = parseDomain(hostname, { allowPrivateDomains: true })
  if (parsed.isIp === true || parsed.domainWithoutSuffix == null || parsed.domainWithoutSuffix === '') return null
  return parsed.domainWithoutSuffix
}

/** The registrable domain of a host (the host itself for IPs and single labels). */
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
