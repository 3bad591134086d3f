import type { RedirectStep } from '@utility-apis/homepage-fetch'
import type { BrandColor } from './colors.js'
import type { ConsistencyFinding } from './consistency.js'
import { emptyCompany, type CompanyFacts, type CompanySources } from './company.js'
import type { BrandFont } from './fonts.js'
import type { KeyLinks } from './key-links.js'
import type { Logo } from './logos.js'
import type { UnreadFile } from './unread-files.js'

// The answer of POST /v1/domain/profile (profile.schemas.ts is its schema), and the part of it one page gives.

export interface OpenGraphFields {
  site_name: string | null
  title: string | null
  description: string | null
  image: string | null
  url: string | null
  type: string | null
  locale: string | null
}

export interface ProfileError {
  code: string
  message: string
}

/** The answer of POST /v1/domain/profile. */
export interface BrandProfile {
  domain: string
  brand_name: string | null
  reachable: boolean
  homepage_url: string | null
  final_url: string | null
  status: number | null
  resolved_ips: string[]
  brand_summary: string | null
  title: string | null
  description: string | null
  open_graph: OpenGraphFields
  logo_hint: string | null
  logos: Logo[]
  colors: BrandColor[]
  fonts: BrandFont[]
  company: CompanyFacts
  icons: string[]
  social_links: string[]
  key_links: KeyLinks
  consistency: ConsistencyFinding[]
  canonical_url: string | null
  theme_color: string | null
  language: string | null
  redirects: RedirectStep[]
  blocked: boolean
  truncated: boolean
  error: ProfileError | null
  /** Files read after the homepage that failed for a moment (unread-files.ts); empty when every one answered. */
  unread_files: UnreadFile[]
  field_sources: FieldSources
  sources: string[]
  cached: boolean
  fetched_at: string
}

/** The rule or data source behind each derived field (for a list, its first item's). */
interface FieldSources {
  brand_name: string | null
  brand_summary: string | null
  logo_hint: string | null
  logos: string | null
  colors: string | null
  fonts: string | null
  company: CompanySources
  key_links: string | null
  consistency: string | null
}

/** The profile fields learned from a homepage's HTML. */
export type PageFacts = Pick<BrandProfile, 'brand_name' | 'brand_summary' | 'title' | 'description' | 'open_graph' |
'logo_hint' | 'logos' | 'colors' | 'fonts' | 'company' | 'icons' | 'social_links' | 'key_links' | 'consistency' | 'canonical_url' | 'theme_color' |
'language' | 'field_sources'> & {
  /** Data sources that contributed, in the order of SOURCE_ORDER. */
  sources: string[]
}

export const SOURCE_ORDER = ['dns', 'homepage-html', 'rendered-html', 'meta-tags', 'links', 'json-ld', 'web-manifest', 'favicon.ico', 'stylesheets',
  'contact-page']

function emptyOpenGraph (): OpenGraphFields {
  return { site_name: null, title: null, description: null, image: null, url: null, type: null, locale: null }
}

export function emptyFacts (): PageFacts {
  const { company, sources: companySources } = emptyCompany()
  return {
    brand_name: null,
    brand_summary: null,
    title: null,
    description: null,
    open_graph: emptyOpenGraph(),
    logo_hint: null,
    logos: [],
    colors: [],
    fonts: [],
    company,
    icons: [],
    social_links: [],
    key_links: {},
    consistency: [],
    canonical_url: null,
    theme_color: null,
    language: null,
    field_sources: {
      brand_name: null,
      brand_summary: null,
      logo_hint: null,
      logos: null,
      colors: null,
      fonts: null,
      company: companySources,
      key_links: null,
      consistency: null
    },
    sources: []
  }
}
