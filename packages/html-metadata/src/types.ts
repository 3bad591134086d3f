// The public result shapes. Brand and site services code against them: add only optional fields.

export type CharsetSource = 'bom' | 'http' | 'meta' | 'default'

export interface DecodedHtml {
  html: string
  /** WHATWG encoding name, lowercase: 'utf-8', 'windows-1252', 'shift_jis', ... */
  charset: string
  source: CharsetSource
}

export interface IconLink {
  href: string
  /** the rel attribute, lowercased with whitespace collapsed ('icon', 'apple-touch-icon', 'mask-icon', ...) */
  rel: string
  sizes: string | null
  type: string | null
  /** `color` of a mask-icon */
  color?: string | null
  /** the `media` query, when the link has one (`(prefers-color-scheme: dark)`) */
  media?: string | null
}

export interface RobotsAgentDirectives {
  /** lowercased meta name: 'robots', 'googlebot', 'bingbot', 'gptbot', ... */
  agent: string
  directives: string[]
}

/**
 * Where an anchor sits: the site's own header, footer or navigation (`chrome`); a byline, author card, staff list,
 * testimonial, comment, quote or credit (`person`); anything else, article bodies included (`content`).
 */
export type AnchorPlace = 'chrome' | 'person' | 'content'

export interface PageLink {
  /** absolute, or null when the anchor has no href or it cannot be resolved */
  href: string | null
  /** visible text, whitespace collapsed; falls back to aria-label, then to the alt of an image inside */
  text: string
  rel: string | null
  /** Lighthouse crawlable-anchors verdict */
  crawlable: boolean
  /** http(s) link to the page's host (a leading `www.` ignored on both sides) */
  internal: boolean
  place?: AnchorPlace
}

export type SocialSource = 'jsonld' | 'anchor' | 'rel-me' | 'twitter:site' | 'article:publisher' | 'og:see_also'

export interface SocialProfile {
  url: string
  platform: string
  /** 'person' for LinkedIn /in/ profiles, 'community' for invites, groups, subreddits and channels */
  kind: 'profile' | 'person' | 'community'
  source: SocialSource
  /** for anchors: where the link sits (`chrome` when any of its anchors is in the header, footer or navigation) */
  place?: AnchorPlace
}

export interface LogoCandidate {
  src: string
  source: 'jsonld' | 'itemprop' | 'og:logo' | 'header-img'
  alt: string | null
  /** A header logo's <picture><source media> query: the colour scheme it is offered for. */
  media?: string | null
}

export interface MainText {
  /** words of visible text in the raw HTML (script, style, noscript, template, svg, nav and footer excluded) */
  words: number
  hasMain: boolean
  hasArticle: boolean
  /** ul/ol/dl outside nav and footer */
  lists: number
  tables: number
  /** the first substantial paragraph (main/article first, after the first h1 when there is one), cookie banners skipped */
  firstParagraph: string | null
}

export interface JsonLdResult {
  /** top-level nodes of every block, `@graph` flattened; string values entity-decoded once, URLs as authored */
  nodes: Array<Record<string, unknown>>
  /** `index` is the 0-based position of the block among the page's JSON-LD scripts */
  errors: Array<{ index: number; message: string }>
  /** number of JSON-LD script blocks on the page */
  blocks?: number
}

export interface PageMetadata {
  baseUrl: string
  title: string | null
  description: string | null
  canonical: string | null
  lang: string | null
  themeColor: string | null
  applicationName: string | null
  appleMobileWebAppTitle: string | null
  charsetDeclared: string | null
  robots: string[]
  robotsByAgent?: RobotsAgentDirectives[]
  viewport: string | null
  openGraph: Record<string, string>
  twitter: Record<string, string>
  icons: IconLink[]
  manifestUrl: string | null
  jsonLd: JsonLdResult
  socialLinks: string[]
  socialProfiles?: SocialProfile[]
  headings: Array<{ level: number; text: string }>
  images: Array<{ src: string; alt: string | null }>
  links: PageLink[]
  alternates: Array<{ href: string; hreflang: string | null; type: string | null }>
  feeds: string[]
  forms: number
  buttons: number
  mainText: MainText
  times: string[]
  metaRefresh: { delaySeconds: number; url: string } | null
  logoCandidates: LogoCandidate[]
  copyrightHolder: string | null
  /** every rel=canonical href, resolved, in document order (to spot conflicts) */
  canonicals?: string[]
  /** every meta theme-color with its media query */
  themeColors?: Array<{ color: string; media: string | null }>
  /** meta msapplication-TileColor */
  tileColor?: string | null
  /** the text of every inline <style>, in document order (at most 512 KiB in all) */
  styles?: string[]
  /** every rel=stylesheet link (not an alternate stylesheet), resolved, in document order */
  stylesheets?: Array<{ href: string; media: string | null }>
  /** the page has a header, footer or nav element (or a banner, contentinfo or navigation role); table layouts do not */
  landmarks?: boolean
  /** microdata (itemscope) and RDFa (typeof/vocab) presence */
  microdata?: boolean
  rdfa?: boolean
  /** <object>, <embed> and <applet> elements (legacy plugins) */
  plugins?: number
  /** http: subresources (img, script, iframe, stylesheet, media) on an https page */
  mixedContent?: string[]
}

export interface ManifestIcon {
  src: string
  sizes: string | null
  type: string | null
  purpose: string | null
}

export interface ManifestInfo {
  name: string | null
  shortName: string | null
  description: string | null
  themeColor: string | null
  backgroundColor: string | null
  icons: ManifestIcon[]
  lang?: string | null
  display?: string | null
  startUrl?: string | null
}
