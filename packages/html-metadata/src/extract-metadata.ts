import { type Collected, collect } from './collect.js'
import { findCopyrightHolder } from './copyright.js'
import { type DomElement, type ParsedDocument, attrText, boundedText, cleanText, findAll, parseDocument, textContent, tokens } from './dom.js'
import { findFirstParagraph } from './first-paragraph.js'
import { type HeadMeta, readHeadMeta } from './head-meta.js'
import { parseJsonLd } from './json-ld.js'
import { readLinkTags } from './link-tags.js'
import { findLogoCandidates, imageSource } from './logo-candidates.js'
import { readLinks } from './page-links.js'
import { documentBaseUrl, resolveUrl } from './resolve-url.js'
import { collectSocialProfiles, type SocialInputs } from './social-links.js'
import type { PageLink, PageMetadata, SocialProfile } from './types.js'

/**
 * Everything the brand and site services read from one HTML page. `url` is the final URL after redirects; relative,
 * protocol-relative and `<base href>` URLs are resolved against it. Throws a TypeError when `url` is not absolute.
 * One parse and one document walk per call; all tables and patterns are built once at module load.
 */
export function extractMetadata (html: string, url: string): PageMetadata {
  return extractMetadataFromDocument(parseDocument(html), url)
}

/** extractMetadata over a page already parsed with parseDocument (the document is only read, never changed). */
export function extractMetadataFromDocument (doc: ParsedDocument, url: string): PageMetadata {
  const pageUrl = new URL(url)
  const c = collect(doc)
  const base = documentBaseUrl(c.baseHref, pageUrl)
  const head = readHeadMeta(c.metas, base, pageUrl.href)
  const linkTags = readLinkTags(c.links, base)
  const jsonLd = parseJsonLd(c.ldScripts)
  const links = readLinks(c.anchors, base, pageUrl, c.anchorPlaces)
  const title = c.title === null ? '' : cleanText(textContent(c.title))
  const socialProfiles = socialProfilesOf(c, links, linkTags.relMe, head, jsonLd.nodes, base)
  const images: PageMetadata['images'] = []
  for (const { el } of c.images) {
    const src = imageSource(el, base)
    if (src !== null) images.push({ src, alt: el.attribs.alt === undefined ? null : cleanText(el.attribs.alt) })
  }

  return {
    baseUrl: base.href,
    title: title === '' ? null : title,
    description: head.description,
    canonical: linkTags.canonicals[0] ?? null,
    lang: c.htmlLang === null ? null : (cleanText(c.htmlLang) || null),
    themeColor: head.themeColors[0]?.color ?? null,
    applicationName: head.applicationName,
    appleMobileWebAppTitle: head.appleMobileWebAppTitle,
    charsetDeclared: head.charsetDeclared,
    robots: genericRobots(head.robotsByAgent),
    robotsByAgent: head.robotsByAgent,
    viewport: head.viewport,
    openGraph: head.openGraph,
    twitter: head.twitter,
    icons: linkTags.icons,
    manifestUrl: linkTags.manifestUrl,
    jsonLd,
    socialLinks: socialProfiles.map((p) => p.url),
    socialProfiles,
    headings: c.headings.map((el) => ({ level: Number(el.name[1]), text: headingText(el) })),
    images,
    links,
    alternates: linkTags.alternates,
    feeds: linkTags.feeds,
    forms: c.forms,
    buttons: c.buttons,
    mainText: {
      words: c.words,
      hasMain: c.hasMain,
      hasArticle: c.hasArticle,
      lists: c.lists,
      tables: c.tables,
      firstParagraph: findFirstParagraph(c.paragraphs)
    },
    times: c.times,
    metaRefresh: head.metaRefresh,
    logoCandidates: findLogoCandidates({
      jsonLdNodes: jsonLd.nodes, itempropLogos: c.itempropLogos, ogLogo: head.openGraph.logo, images: c.images
    }, base, pageUrl),
    copyrightHolder: findCopyrightHolder(c.copyrights),
    canonicals: linkTags.canonicals,
    themeColors: head.themeColors,
    tileColor: head.tileColor,
    microdata: c.microdata,
    landmarks: c.landmarks,
    styles: styleTexts(c.styles),
    stylesheets: linkTags.stylesheets,
    rdfa: c.rdfa,
    plugins: c.plugins,
    mixedContent: mixedContent(c, base, pageUrl)
  }
}

/** The page's social profiles: JSON-LD sameAs, its external anchors, rel=me, twitter:site, article:publisher, og:see_also. */
function socialProfilesOf (
  c: Collected, links: PageLink[], relMeLinks: string[], head: HeadMeta, nodes: Array<Record<string, unknown>>, base: URL
): SocialProfile[] {
  // plain loops: a large page has thousands of links, and flatMap's one-element arrays add up
  const external: SocialInputs['anchors'] = []
  for (const link of links) if (link.href !== null && !link.internal) external.push({ href: link.href, place: link.place ?? 'content' })
  const relMe = [...relMeLinks]
  for (const a of c.anchors) {
    if (a.attribs.rel === undefined || !tokens(a.attribs.rel).includes('me')) continue
    const href = resolveUrl(a.attribs.href, base)
    if (href !== null) relMe.push(href)
  }
  return collectSocialProfiles({
    sameAs: sameAsLinks(nodes),
    anchors: external,
    relMe,
    twitterSite: head.twitter.site ?? null,
    articlePublisher: head.openGraph['article:publisher'] ?? null,
    seeAlso: head.openGraph.see_also ?? null
  })
}

function genericRobots (agents: Array<{ agent: string, directives: string[] }>): string[] {
  // a Set: a robots meta may list tens of thousands of directives, and a list's includes made it quadratic
  const out = new Set<string>()
  for (const { agent, directives } of agents) {
    if (agent !== 'robots' && agent !== 'googlebot') continue
    for (const d of directives) out.add(d)
  }
  return [...out]
}

/** How long a heading's text may be: real headings are a line, and nested headings each hold the rest of the page. */
const MAX_HEADING_CHARS = 500

function headingText (el: DomElement): string {
  const text = boundedText(el, MAX_HEADING_CHARS)
  if (text !== '') return text
  // <h1><img alt="Acme"></h1> is named by its image; the elements looked at are bounded as the text is
  const images = findAll(el, (n) => n.name === 'img', MAX_HEADING_CHARS)
  return cleanText(images.map((img) => attrText(img, 'alt') ?? '').filter(Boolean).join(' ')).slice(0, MAX_HEADING_CHARS)
}

// sameAs of organisation-like nodes first: a Person node is usually an article's author, not the site.
function sameAsLinks (nodes: Array<Record<string, unknown>>): string[] {
  const isPerson = (node: Record<string, unknown>): boolean => [node['@type']].flat().includes('Person')
  const ordered = [...nodes.filter((n) => !isPerson(n)), ...nodes.filter(isPerson)]
  return ordered.flatMap((node) => [node.sameAs].flat().flatMap((value) => {
    if (typeof value === 'string') return [value]
    if (typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)['@id'] === 'string') {
      return [(value as Record<string, string>)['@id']]
    }
    return []
  }))
}

const MIXED_LINK_RELS = new Set(['stylesheet', 'preload', 'modulepreload', 'icon'])

function mixedContent (c: Collected, base: URL, pageUrl: URL): string[] {
  if (pageUrl.protocol !== 'https:') return []
  // a Set: a page may load tens of thousands of http: images, and a list's includes made it quadratic
  const out = new Set<string>()
  for (const el of c.subresources) {
    if (el.name === 'link' && !tokens(el.attribs.rel).some((r) => MIXED_LINK_RELS.has(r))) continue
    const raw = el.name === 'link' ? el.attribs.href : el.attribs.src
    const href = resolveUrl(raw, base)
    if (href !== null && href.startsWith('http:')) out.add(href)
  }
  return [...out]
}

const MAX_STYLE_CHARS = 512 * 1024

/** The text of the inline style elements, up to MAX_STYLE_CHARS in all (a page may inline megabytes of CSS). */
function styleTexts (styles: DomElement[]): string[] {
  const out: string[] = []
  let left = MAX_STYLE_CHARS
  for (const el of styles) {
    if (left <= 0) break
    let text = ''
    for (const child of el.children) if (child.type === 'text') text += child.data ?? ''
    if (text.trim() === '') continue
    out.push(text.slice(0, left))
    left -= text.length
  }
  return out
}
