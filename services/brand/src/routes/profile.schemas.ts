import { Type } from '@sinclair/typebox'
import { Nullable } from '@utility-apis/service-kit'
import { MAX_UNREAD_FILES } from '../domain/unread-files.js'

const Url = Type.String({ format: 'uri' })

export const DomainField = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'A bare domain (`example.com`, tried over https then http) or a URL (its scheme and port are kept).',
  examples: ['example.com']
})

export const TimeoutField = Type.Integer({
  minimum: 1,
  maximum: 30,
  default: 10,
  description: 'Time budget of the whole profile, in seconds (homepage, redirects, manifest, favicon).'
})

export const ProfileRequestSchema = Type.Object({
  domain: DomainField,
  timeout_seconds: Type.Optional(TimeoutField)
}, { title: 'DomainProfileRequest', additionalProperties: false })

const OpenGraphSchema = Type.Object({
  site_name: Nullable(Type.String()),
  title: Nullable(Type.String()),
  description: Nullable(Type.String()),
  image: Nullable(Url),
  url: Nullable(Url),
  type: Nullable(Type.String()),
  locale: Nullable(Type.String())
}, { description: 'OpenGraph fields of the homepage; URLs absolute.' })

const RedirectSchema = Type.Object({
  url: Url,
  status: Type.Integer(),
  location: Url,
  kind: Type.Union([Type.Literal('http'), Type.Literal('meta-refresh')])
})

const ProfileErrorSchema = Type.Object({
  code: Type.String({
    description: 'dns, timeout, connect, tls, protocol, too_many_redirects, redirect_loop, ' +
    'bad_url, scheme, credentials, http_status, not_html, bot_challenge or javascript_required (the homepage is an application ' +
    'shell whose content JavaScript writes, and the service could not render it: the renderer is off or the render failed)'
  }),
  message: Type.String()
})

const UnreadFileSchema = Type.Object({
  url: Url,
  reason: Type.String({
    description: '`HTTP 503` (the status), or `timeout`, `connect`, `dns`, `tls`, `protocol`, `rate_limited` (in a bulk job: the ' +
      'file\'s host had asked for time, so it was not asked again), `budget` (the contact page, when less than 2 s of the ' +
      'profile\'s `timeout_seconds` was left after the homepage; a logo or icon file read but not decoded in time, so its ' +
      'colours are missing)'
  })
}, { title: 'UnreadFile' })

const LogoSchema = Type.Object({
  url: Url,
  kind: Type.Union([Type.Literal('logo'), Type.Literal('symbol'), Type.Literal('icon')], {
    description: 'logo: a declared logo wider than 3:2 (a wordmark); symbol: a declared square-ish mark; icon: a touch, manifest or favicon icon.'
  }),
  format: Type.String({ description: 'png, ico, jpeg, gif, webp, svg, ... as read from the image bytes.' }),
  width: Type.Integer({ description: 'Pixels, from the image itself: an ICO\'s largest entry, an SVG\'s width/height or viewBox.' }),
  height: Type.Integer(),
  size_source: Type.Union([Type.Literal('decoded'), Type.Literal('declared')], {
    description: 'decoded: the pixels were decoded at this size (a whole PNG, JPEG, GIF or WebP of at most 1,048,576 pixels); ' +
      'declared: only the file says so (an SVG, an ICO, a file over 64 KiB or too large to decode). A size no file of its format ' +
      'can have is never listed.'
  }),
  theme: Type.Union([Type.Literal('light'), Type.Literal('dark'), Type.Null()], {
    description: 'The colour scheme ' +
    'the page offers it for (media="(prefers-color-scheme: dark)"), else null.'
  }),
  source: Type.String({ description: 'json-ld:logo, itemprop, og:logo, header-logo, apple-touch-icon, icon, web-manifest or favicon.ico' })
}, {
  examples: [{
    url: 'https://acme.example/logo.svg', kind: 'logo', format: 'svg', width: 240, height: 60, size_source: 'declared', theme: null, source: 'json-ld:logo'
  }]
})

const ColorSchema = Type.Object({
  hex: Type.String({ pattern: '^#[0-9a-f]{6}$', description: 'Lowercase #rrggbb.' }),
  source: Type.String({
    description: 'Declared: theme-color, theme-color:light, theme-color:dark, mask-icon, msapplication-TileColor, ' +
      'web-manifest:theme_color, web-manifest:background_color. Read from the chosen logo: logo:image (its pixels), logo:svg (its fills).'
  })
}, { examples: [{ hex: '#d32f2f', source: 'theme-color' }] })

const FontSchema = Type.Object({
  family: Type.String({ description: 'The family as the CSS names it (quotes removed).' }),
  role: Type.Union([Type.Literal('heading'), Type.Literal('body'), Type.Literal('other')], {
    description: 'heading: the font-family of h1-h3; body: of body, html or :root (custom properties resolved); ' +
      'other: a family the site loads (@font-face, a font service link) that neither uses. Icon fonts are left out.'
  }),
  source: Type.Union([Type.Literal('google-fonts'), Type.Literal('adobe-fonts'), Type.Literal('bunny-fonts'),
    Type.Literal('self-hosted'), Type.Literal('system')], {
    description: 'Where the browser gets it: Google Fonts, Adobe Fonts (Typekit), Bunny Fonts, the site\'s own @font-face ' +
      '(or a family no stylesheet read declares and no system has), or a system or generic family (Arial, system-ui, serif).'
  }),
  weights: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 1000 }), {
    description: 'The weights loaded, ascending, from @font-face or the font service URL (a variable font: its range\'s two ends).'
  })),
  url: Type.Optional(Type.String({ format: 'uri', description: 'The font service\'s stylesheet, or the self-hosted font file.' }))
}, {
  title: 'BrandFont',
  examples: [{ family: 'Inter', role: 'body', source: 'google-fonts', weights: [400, 700], url: 'https://fonts.googleapis.com/css2?family=Inter:wght@400;700' }]
})

const PostalAddressSchema = Type.Object({
  street: Nullable(Type.String()),
  locality: Nullable(Type.String({ description: 'City or town.' })),
  region: Nullable(Type.String({ description: 'State, province or region.' })),
  postal_code: Nullable(Type.String()),
  country: Nullable(Type.String({ description: 'As the site writes it: a name or an ISO code.' }))
}, { title: 'PostalAddress', description: 'A JSON-LD PostalAddress as the site states it.' })

const CompanySchema = Type.Object({
  legal_name: Nullable(Type.String({ description: 'The legal name the site states (JSON-LD legalName, a copyright line with a company form).' })),
  founded: Nullable(Type.String({ description: 'JSON-LD foundingDate as written: YYYY, YYYY-MM or YYYY-MM-DD.' })),
  address: Type.Union([PostalAddressSchema, Type.Null()]),
  phone: Nullable(Type.String({ description: 'As the site writes it (JSON-LD telephone, a tel: link).' })),
  email: Nullable(Type.String({ description: 'Lowercase; one on the site\'s own domain first.' }))
}, {
  title: 'CompanyFacts',
  description: 'What the site says about itself as a company, and nothing else: its own JSON-LD organization, its imprint or ' +
    'contact page linked from its header or footer (read when the budget allows), its header and footer tel: and mailto: links. ' +
    'Each fact null when the site does not say it; `field_sources.company` names where each was read.',
  examples: [{
    legal_name: 'Acme Anvils Inc.',
    founded: '1949',
    address: { street: '1 Canyon Road', locality: 'Tucson', region: 'AZ', postal_code: '85701', country: 'US' },
    phone: '+1 520 555 0100',
    email: 'hello@acme.example'
  }]
})

const keyLink = (what: string) => Type.Optional(Type.String({ format: 'uri', description: what }))

const KeyLinksSchema = Type.Object({
  about: keyLink('About the company.'),
  pricing: keyLink('Pricing or plans.'),
  contact: keyLink('Contact page.'),
  careers: keyLink('Careers or jobs.'),
  blog: keyLink('Blog.'),
  docs: keyLink('Documentation or developer pages.'),
  status: keyLink('Service status page.'),
  privacy: keyLink('Privacy policy.'),
  terms: keyLink('Terms of service or use.'),
  login: keyLink('Sign-in page.')
}, {
  additionalProperties: false,
  description: 'The site\'s own key pages, from the links of its header, footer and navigation (on a page without any, its body\'s), ' +
    'on its own registrable domain; a kind the site does not link is absent.'
})

const ConsistencyFindingSchema = Type.Object({
  code: Type.Union([Type.Literal('names_differ'), Type.Literal('canonical_other_host'), Type.Literal('og_url_other_host')], {
    description: 'names_differ: og:site_name, application-name, JSON-LD organization or website, web manifest and title brand name ' +
      'different brands; canonical_other_host / og_url_other_host: that URL is on another host than the page (www. aside).'
  }),
  message: Type.String(),
  values: Type.Array(Type.Object({ source: Type.String(), value: Type.String() }), { description: 'Every value compared, with where it was read.' })
})

export const ProfileSchema = Type.Object({
  domain: Type.String({ description: 'Normalised hostname: lowercase ASCII (punycode), no port, path or trailing dot.' }),
  brand_name: Nullable(Type.String()),
  reachable: Type.Boolean({ description: 'Whether the homepage answered over HTTP.' }),
  homepage_url: Nullable(Url),
  final_url: Nullable(Type.String({ format: 'uri', description: 'URL after redirects and meta refresh.' })),
  status: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status of the final response.' }),
  resolved_ips: Type.Array(Type.String()),
  brand_summary: Nullable(Type.String()),
  title: Nullable(Type.String()),
  description: Nullable(Type.String()),
  open_graph: OpenGraphSchema,
  logo_hint: Nullable(Type.String({ format: 'uri', description: 'The first of `logos`; when no candidate could be read, the best declared one, unread.' })),
  logos: Type.Array(LogoSchema, {
    maxItems: 6,
    description: 'Up to 6 logo files, best first: declared logos (never a share card\'s shape), then icons by size. Each was fetched ' +
      '(its first 64 KiB) within the request\'s time budget, and its format and size read from its bytes.'
  }),
  colors: Type.Array(ColorSchema, {
    maxItems: 8,
    description: 'Brand colours, best first: the declared ones, then up to 3 dominant colours of the first logo that could be decoded ' +
      '(a raster image\'s pixels, an SVG\'s fills); a colour within a CIEDE2000 distance of 5 of an earlier one is left out.'
  }),
  fonts: Type.Array(FontSchema, {
    maxItems: 8,
    description: 'The site\'s typefaces from its CSS: inline styles, its first 3 same-site stylesheets and an Adobe Fonts kit (read within ' +
      'the time budget), Google, Adobe and Bunny Fonts links. The heading font first, then the body font, then others.'
  }),
  company: CompanySchema,
  icons: Type.Array(Url, { description: 'Favicon hints: icon links, manifest icons, /favicon.ico when present.' }),
  social_links: Type.Array(Url, { description: 'Public social profiles, normalised and de-duplicated; share links excluded.' }),
  key_links: KeyLinksSchema,
  consistency: Type.Array(ConsistencyFindingSchema, { description: 'Where the site contradicts itself; empty when it does not.' }),
  canonical_url: Nullable(Url),
  theme_color: Nullable(Type.String()),
  language: Nullable(Type.String()),
  redirects: Type.Array(RedirectSchema),
  blocked: Type.Boolean({ description: 'The site answered with a bot challenge instead of its homepage.' }),
  truncated: Type.Boolean({
    description: 'The homepage was not read whole: larger than 2 MiB (its first 2 MiB were read), or its compressed body ended early.'
  }),
  error: Type.Union([ProfileErrorSchema, Type.Null()], { description: 'Why fields are missing, when something went wrong.' }),
  unread_files: Type.Array(UnreadFileSchema, {
    maxItems: MAX_UNREAD_FILES,
    description: 'Files read after the homepage (logo and icon files, the web manifest, stylesheets, the contact page) that failed ' +
      'for a moment: a timeout, a reset, a DNS or TLS failure, a 408, 425, 429, 500, 502, 503 or 504. The fields they feed (`logos`, `colors`, ' +
      '`icons`, `fonts`, `company`) may be missing for that reason only; such a profile is cached 5 minutes instead of a day, ' +
      'so asking again later may complete it. Empty when every file answered (a 404 is the site\'s answer, not listed).'
  }),
  field_sources: Type.Object({
    brand_name: Nullable(Type.String()),
    brand_summary: Nullable(Type.String()),
    logo_hint: Nullable(Type.String()),
    logos: Nullable(Type.String({ description: 'The source of the first logo.' })),
    colors: Nullable(Type.String({ description: 'The source of the first colour.' })),
    fonts: Nullable(Type.String({
      description: 'Where the first font was read: inline-css (a <style> of the homepage), stylesheet (a linked stylesheet), ' +
        'font-link (a Google or Bunny Fonts link alone).'
    })),
    company: Type.Object({
      legal_name: Nullable(Type.String()),
      founded: Nullable(Type.String()),
      address: Nullable(Type.String()),
      phone: Nullable(Type.String()),
      email: Nullable(Type.String())
    }, {
      description: 'Where each company fact was read: json-ld:organization (the homepage\'s), contact-page:json-ld, contact-page:links ' +
        '(its tel: and mailto: links), homepage:links (header and footer), copyright; null when the site does not say it.'
    }),
    key_links: Nullable(Type.String({ description: 'site-navigation (header, footer, nav) or page-links (a page without them); null when none.' })),
    consistency: Nullable(Type.String({ description: 'The source of the first value of the first finding.' }))
  }, { description: 'The rule that produced each derived field, e.g. og:site_name or json-ld:logo.' }),
  sources: Type.Array(Type.String(), {
    description: 'dns, homepage-html, rendered-html (an application shell rendered with JavaScript on), ' +
    'meta-tags, links, json-ld, web-manifest, favicon.ico, stylesheets, contact-page'
  }),
  cached: Type.Boolean({ description: 'Whether this profile came from the cache.' }),
  fetched_at: Type.String({ format: 'date-time' })
}, { title: 'DomainProfile' })
