// What the JSON-LD of a page says about the entity, the content item and its dates, summarised into
// the few facts the structured-data and AEO checks need (schema.org, Google's required properties).
import type { PageMetadata } from '@utility-apis/html-metadata'
import type { StructuredFacts } from '../observations.js'
import { hostWithoutWww } from '../url-host.js'

type Node = Record<string, unknown>

const ARTICLE = new Set(['Article', 'BlogPosting', 'NewsArticle', 'TechArticle', 'ScholarlyArticle', 'Report',
  'LiveBlogPosting', 'OpinionNewsArticle', 'AnalysisNewsArticle', 'ReportageNewsArticle', 'SocialMediaPosting'])
// required properties per content type (Google rich-result documentation), `a|b` meaning either
const REQUIRED: Record<string, string[]> = {
  Product: ['name', 'offers|review|aggregateRating'],
  Event: ['name', 'startDate', 'location'],
  Recipe: ['name', 'image'],
  JobPosting: ['title', 'datePosted', 'hiringOrganization'],
  Course: ['name', 'description'],
  SoftwareApplication: ['name', 'offers|aggregateRating'],
  VideoObject: ['name', 'thumbnailUrl', 'uploadDate'],
  Book: ['name', 'author']
}
const ORGANIZATION = new RegExp('^(Organization|Corporation|LocalBusiness|NGO|OnlineStore|OnlineBusiness|Store|Restaurant|' +
  'ProfessionalService|Airline|Consortium|.*Organization|.*Business)$')

function typesOf (node: Node): string[] {
  const t = node['@type']
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string').map((x) => x.replace(/^https?:\/\/schema\.org\//, ''))
}

function str (value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
  if (Array.isArray(value)) return str(value[0])
  if (value !== null && typeof value === 'object') return str((value as Node).url ?? (value as Node)['@id'] ?? (value as Node).name)
  return null
}

function strings (value: unknown): string[] {
  return (Array.isArray(value) ? value : [value]).map(str).filter((x): x is string => x !== null)
}

function nameOf (value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value.trim()
  if (Array.isArray(value)) return value.map(nameOf).find((n) => n !== null) ?? null
  if (value !== null && typeof value === 'object') return typeof (value as Node).name === 'string' ? nameOf((value as Node).name) : null
  return null
}

function present (node: Node, key: string): boolean {
  return key.split('|').some((k) => { const v = node[k]; return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0) })
}

/** Every object with an @type, nested ones included (depth-limited against hostile documents). */
function typedNodes (roots: Node[]): Node[] {
  const out: Node[] = []
  const visit = (value: unknown, depth: number): void => {
    if (depth > 6 || value === null || typeof value !== 'object') return
    if (Array.isArray(value)) { for (const v of value) visit(v, depth + 1); return }
    const node = value as Node
    if (typesOf(node).length > 0) out.push(node)
    for (const v of Object.values(node)) visit(v, depth + 1)
  }
  for (const r of roots) visit(r, 0)
  return out
}

function wordCount (text: string): number {
  return text.replace(/<[^>]*>/g, ' ').split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
}

function contentItem (nodes: Node[]): StructuredFacts['content_item'] {
  const items = nodes.flatMap((n) => typesOf(n).flatMap((type) => {
    if (ARTICLE.has(type)) {
      const missing = ['headline', 'author', 'datePublished'].filter((k) => k === 'author' ? nameOf(n.author) === null : !present(n, k))
      return [{ type, complete: missing.length === 0, missing }]
    }
    const required = REQUIRED[type]
    if (required === undefined) return []
    const missing = required.filter((k) => !present(n, k))
    return [{ type, complete: missing.length === 0, missing }]
  }))
  return items.find((i) => i.complete) ?? items[0] ?? null
}

export function structuredFacts (meta: PageMetadata, pageUrl: string): StructuredFacts {
  const nodes = typedNodes(meta.jsonLd.nodes)
  const is = (n: Node, test: (t: string) => boolean): boolean => typesOf(n).some(test)
  const org = nodes.find((n) => is(n, (t) => ORGANIZATION.test(t)))
  const site = nodes.find((n) => is(n, (t) => t === 'WebSite'))
  const person = nodes.find((n) => is(n, (t) => t === 'Person'))
  const article = nodes.find((n) => is(n, (t) => ARTICLE.has(t)))
  const faqs = nodes.filter((n) => is(n, (t) => t === 'FAQPage'))
    .flatMap((f) => (Array.isArray(f.mainEntity) ? f.mainEntity : [f.mainEntity]) as unknown[])
    .filter((q): q is Node => q !== null && typeof q === 'object')
    .map((q) => {
      const answer = (Array.isArray(q.acceptedAnswer) ? q.acceptedAnswer[0] : q.acceptedAnswer) as Node | undefined
      return { question: typeof q.name === 'string' ? q.name.trim() : '', answer_words: typeof answer?.text === 'string' ? wordCount(answer.text) : 0 }
    })
    .filter((q) => q.question !== '')
  const host = hostWithoutWww(pageUrl)
  const dated = (key: string): string | null => nodes.map((n) => str(n[key])).find((v) => v !== null) ?? null
  return {
    json_ld_blocks: meta.jsonLd.blocks ?? (meta.jsonLd.nodes.length > 0 ? 1 : 0) + meta.jsonLd.errors.length,
    json_ld_errors: meta.jsonLd.errors.map((e) => `block ${e.index + 1}: ${e.message}`),
    microdata: meta.microdata === true,
    rdfa: meta.rdfa === true,
    types: [...new Set(nodes.flatMap(typesOf))].sort(),
    organization: org === undefined
      ? null
      : {
          type: typesOf(org).find((t) => ORGANIZATION.test(t)) ?? 'Organization',
          name: nameOf(org.name),
          url: str(org.url),
          logo: str(org.logo),
          same_as: strings(org.sameAs),
          contact: ['contactPoint', 'telephone', 'email', 'address'].some((k) => present(org, k))
        },
    website: site === undefined ? null : { name: nameOf(site.name) },
    person: person === undefined
      ? null
      : {
          name: nameOf(person.name),
          url: str(person.url),
          same_as: strings(person.sameAs),
          credentials: ['hasCredential', 'award', 'alumniOf', 'memberOf'].some((k) => present(person, k))
        },
    content_item: contentItem(nodes),
    article_author: article === undefined ? null : nameOf(article.author),
    breadcrumb: nodes.some((n) => is(n, (t) => t === 'BreadcrumbList') && present(n, 'itemListElement')),
    faq: faqs,
    id_on_host: host !== null && nodes.some((n) => [str(n.url), typeof n['@id'] === 'string' ? n['@id'] : null]
      .some((u) => u !== null && hostWithoutWww(u) === host)),
    date_published: dated('datePublished'),
    date_modified: dated('dateModified'),
    reviews: nodes.some((n) => is(n, (t) => t === 'Review' || t === 'AggregateRating') || present(n, 'aggregateRating') || present(n, 'review'))
  }
}
