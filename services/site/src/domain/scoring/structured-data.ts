// Structured data (10 points): JSON-LD that parses and names the entity, the site, the content and the
// page's place in the site.
import type { Derived } from '../derive.js'
import { firstOn, plural, type CheckDef } from './check.js'

function parsedJsonLdBlocks (d: Derived): number {
  return d.pages.reduce((n, p) => n + Math.max(0, p.structured.json_ld_blocks - p.structured.json_ld_errors.length), 0)
}

export const jsonLdParses: CheckDef = {
  id: 'structured_data.json_ld',
  max: 2,
  label: 'JSON-LD that parses (microdata or RDFa only: 1)',
  measure: (d) => {
    const parsed = parsedJsonLdBlocks(d)
    if (parsed > 0) return { points: 2, detail: `${plural(parsed, 'JSON-LD block')} parsed` }
    const otherMarkup = d.pages.some((p) => p.structured.microdata || p.structured.rdfa)
    return otherMarkup ? { points: 1, detail: 'microdata or RDFa only' } : { points: 0, detail: 'no JSON-LD, microdata or RDFa' }
  }
}

export const organizationSchema: CheckDef = {
  id: 'structured_data.organization',
  max: 3,
  label: 'Organization with name and url, logo, sameAs',
  measure: ({ pages }) => {
    const org = firstOn(pages, (p) => p.structured.organization)
    if (org === null) return { points: 0, detail: 'no Organization or LocalBusiness node' }
    const named = org.name !== null && org.url !== null
    const parts = [named ? 'name and url' : 'name or url missing', org.logo === null ? 'no logo' : 'logo', `${org.same_as.length} sameAs`]
    return {
      points: (named ? 1 : 0) + (org.logo !== null ? 1 : 0) + (org.same_as.length > 0 ? 1 : 0),
      detail: `${org.type}: ${parts.join(', ')}`
    }
  }
}

export const websiteSchema: CheckDef = {
  id: 'structured_data.website',
  max: 1,
  label: 'WebSite with a name',
  measure: ({ pages }) => {
    const site = firstOn(pages, (p) => p.structured.website)
    if (site === null) return { points: 0, detail: 'no WebSite node' }
    return site.name === null ? { points: 0, detail: 'WebSite without name' } : { points: 1, detail: `WebSite "${site.name}"` }
  }
}

export const contentItemSchema: CheckDef = {
  id: 'structured_data.content_item',
  max: 2,
  label: 'a content item (Article, Product, Event, ...) with its required fields',
  measure: ({ pages }) => {
    const item = firstOn(pages, (p) => p.structured.content_item?.complete === true ? p.structured.content_item : null) ??
      firstOn(pages, (p) => p.structured.content_item)
    if (item === null) return { points: 0, detail: 'no Article, Product, Event or similar node' }
    return item.complete ? { points: 2, detail: `${item.type} complete` } : { points: 0, detail: `${item.type} lacks ${item.missing.join(', ')}` }
  }
}

export const breadcrumbSchema: CheckDef = {
  id: 'structured_data.breadcrumb',
  max: 1,
  label: 'BreadcrumbList on a page below the homepage',
  measure: ({ samplePages }) => {
    if (samplePages.some((p) => p.structured.breadcrumb)) return { points: 1, detail: 'BreadcrumbList found' }
    return { points: 0, detail: samplePages.length === 0 ? 'no sampled pages' : 'no BreadcrumbList on sampled pages' }
  }
}

export const identifiersOnHost: CheckDef = {
  id: 'structured_data.identifiers',
  max: 1,
  label: 'url/@id on this host and no JSON-LD errors',
  measure: (d) => {
    const errors = d.jsonLdErrors
    const idOnHost = d.pages.some((p) => p.structured.id_on_host)
    const detail = errors.length > 0
      ? `${plural(errors.length, 'JSON-LD error')}: ${errors[0]}`
      : idOnHost ? 'identifiers on this host' : 'no url or @id on this host'
    return { points: parsedJsonLdBlocks(d) > 0 && idOnHost && errors.length === 0 ? 1 : 0, detail }
  }
}

export const STRUCTURED_DATA = [jsonLdParses, organizationSchema, websiteSchema, contentItemSchema, breadcrumbSchema, identifiersOnHost]
