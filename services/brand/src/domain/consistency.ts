import type { ManifestInfo, PageMetadata } from '@utility-apis/html-metadata'
import { isPlausibleName, titleSegments } from './brand-name.js'
import { cleanText } from './clean-text.js'
import { sameBrand } from './name-matching.js'
import { websiteNameOf, type OrganizationNode } from './organization.js'
import { absolute, pageTitle } from './page-signals.js'
import { matchesDomainLabel, type PageLocation, type SiteHost } from './site-host.js'

type FindingCode = 'names_differ' | 'canonical_other_host' | 'og_url_other_host'

/** A place where the site contradicts itself, with each value and where it was read. */
export interface ConsistencyFinding {
  code: FindingCode
  message: string
  values: Array<{ source: string, value: string }>
}

function nameFinding (meta: PageMetadata, manifest: ManifestInfo | null, orgs: OrganizationNode[], host: SiteHost): ConsistencyFinding | null {
  const declared: Array<{ source: string, value: string }> = []
  const add = (source: string, raw: string | null | undefined): void => {
    const value = cleanText(raw)
    if (isPlausibleName(value)) declared.push({ source, value })
  }
  add('og:site_name', meta.openGraph.site_name)
  add('application-name', meta.applicationName)
  add('json-ld:organization', orgs[0]?.name)
  add('json-ld:website', websiteNameOf(meta.jsonLd.nodes))
  add('web-manifest', manifest?.name)
  // the title names the brand in the segment spelt like the host ("Story | ITPro" on itpro.com); a title without
  // one is a page's name ("microlinkhq/mql"), not a claim about the site's
  const label = host.label
  add('title', titleSegments(cleanText(pageTitle(meta))).find((segment) => isPlausibleName(segment) && matchesDomainLabel(segment, label)))
  const disagreeing = declared.filter((entry) => declared.some((other) => !sameBrand(entry.value, other.value)))
  if (disagreeing.length === 0) return null
  const list = declared.map((entry) => `${entry.source} "${entry.value}"`).join(', ')
  return { code: 'names_differ', message: `The site names itself differently: ${list}`, values: declared }
}

const bareHost = (host: string): string => host.toLowerCase().replace(/^www\./, '')

function hostFinding (code: FindingCode, source: string, href: string | null | undefined, meta: PageMetadata, page: PageLocation): ConsistencyFinding | null {
  const url = absolute(href, meta.baseUrl)
  if (url === null || bareHost(new URL(url).hostname) === bareHost(page.host.hostname)) return null
  return {
    code,
    message: `The ${source} is on another host than the page (${new URL(url).hostname})`,
    values: [{ source, value: url }, { source: 'final_url', value: page.url }]
  }
}

/**
 * Where the site contradicts itself: its names (og:site_name, application-name, its JSON-LD organization and
 * website, its web manifest, its title's brand) that name different brands, and a canonical URL or og:url on
 * another host than the page (www. aside). Which one to trust is the client's call; the finding lists them all.
 */
export function findInconsistencies (meta: PageMetadata, manifest: ManifestInfo | null, orgs: OrganizationNode[], page: PageLocation): ConsistencyFinding[] {
  const findings = [
    nameFinding(meta, manifest, orgs, page.host),
    hostFinding('canonical_other_host', 'canonical', meta.canonical, meta, page),
    hostFinding('og_url_other_host', 'og:url', meta.openGraph.url, meta, page)
  ]
  return findings.filter((finding): finding is ConsistencyFinding => finding !== null)
}
