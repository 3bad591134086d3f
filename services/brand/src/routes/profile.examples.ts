// OpenAPI examples of the profile routes. The profile is illustrative: acme.example is a reserved name that
// resolves nowhere, so these are not replayed; Redocly's lint (test/openapi.test.ts) checks them against the schemas.

const ACME_PROFILE = {
  domain: 'acme.example',
  brand_name: 'Acme',
  reachable: true,
  homepage_url: 'https://acme.example/',
  final_url: 'https://www.acme.example/',
  status: 200,
  resolved_ips: ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  brand_summary: 'Acme makes anvils, rockets and other dependable hardware for ambitious coyotes.',
  title: 'Acme | Dependable hardware since 1949',
  description: 'Acme makes anvils, rockets and other dependable hardware for ambitious coyotes.',
  open_graph: {
    site_name: 'Acme',
    title: 'Acme | Dependable hardware since 1949',
    description: 'Anvils, rockets and more.',
    image: 'https://www.acme.example/og/home.png',
    url: 'https://www.acme.example/',
    type: 'website',
    locale: 'en_US'
  },
  logo_hint: 'https://www.acme.example/logo.svg',
  logos: [
    {
      url: 'https://www.acme.example/logo.svg',
      kind: 'logo',
      format: 'svg',
      width: 240,
      height: 60,
      size_source: 'declared',
      theme: null,
      source: 'json-ld:logo'
    },
    {
      url: 'https://www.acme.example/apple-touch-icon.png',
      kind: 'icon',
      format: 'png',
      width: 180,
      height: 180,
      size_source: 'decoded',
      theme: null,
      source: 'apple-touch-icon'
    }
  ],
  colors: [
    { hex: '#d32f2f', source: 'theme-color' },
    { hex: '#121212', source: 'theme-color:dark' },
    { hex: '#1f2937', source: 'logo:svg' }
  ],
  fonts: [
    { family: 'Roadrunner Sans', role: 'heading', source: 'self-hosted', weights: [700], url: 'https://www.acme.example/fonts/roadrunner-sans-bold.woff2' },
    { family: 'Inter', role: 'body', source: 'google-fonts', weights: [400, 600], url: 'https://fonts.googleapis.com/css2?family=Inter:wght@400;600' }
  ],
  company: {
    legal_name: 'Acme Anvils Inc.',
    founded: '1949',
    address: { street: '1 Canyon Road', locality: 'Tucson', region: 'AZ', postal_code: '85701', country: 'US' },
    phone: '+1 520 555 0100',
    email: 'hello@acme.example'
  },
  icons: ['https://www.acme.example/apple-touch-icon.png', 'https://www.acme.example/favicon.ico'],
  social_links: ['https://github.com/acme', 'https://www.linkedin.com/company/acme'],
  key_links: {
    about: 'https://www.acme.example/about',
    pricing: 'https://www.acme.example/pricing',
    docs: 'https://docs.acme.example/',
    status: 'https://status.acme.example/',
    privacy: 'https://www.acme.example/legal/privacy',
    terms: 'https://www.acme.example/legal/terms',
    login: 'https://app.acme.example/login'
  },
  consistency: [{
    code: 'names_differ',
    message: 'The site names itself differently: og:site_name "Acme", web-manifest "Roadrunner Supply"',
    values: [{ source: 'og:site_name', value: 'Acme' }, { source: 'web-manifest', value: 'Roadrunner Supply' }]
  }],
  canonical_url: 'https://www.acme.example/',
  theme_color: '#d32f2f',
  language: 'en',
  redirects: [{ url: 'https://acme.example/', status: 301, location: 'https://www.acme.example/', kind: 'http' }],
  blocked: false,
  truncated: false,
  error: null,
  unread_files: [],
  field_sources: {
    brand_name: 'og:site_name',
    brand_summary: 'meta:description',
    logo_hint: 'json-ld:logo',
    logos: 'json-ld:logo',
    colors: 'theme-color',
    fonts: 'stylesheet',
    company: {
      legal_name: 'json-ld:organization',
      founded: 'json-ld:organization',
      address: 'contact-page:json-ld',
      phone: 'contact-page:links',
      email: 'homepage:links'
    },
    key_links: 'site-navigation',
    consistency: 'og:site_name'
  },
  sources: ['dns', 'homepage-html', 'meta-tags', 'links', 'json-ld', 'web-manifest', 'favicon.ico', 'stylesheets', 'contact-page'],
  cached: false,
  fetched_at: '2026-11-23T14:05:09.000Z'
}

export const profileRequestExamples = {
  domain: { summary: 'A bare domain: https first, then http', value: { domain: 'acme.example' } },
  url: { summary: 'A URL, with a time budget', value: { domain: 'https://www.acme.example/', timeout_seconds: 5 } }
}

export const profileResponseExamples = {
  profile: { summary: 'A reachable site', value: ACME_PROFILE }
}

export const batchRequestExamples = {
  domains: { summary: 'Two domains', value: { domains: ['acme.example', 'http://10.0.0.1/'], timeout_seconds: 10 } }
}

export const batchResponseExamples = {
  mixed: {
    summary: 'One profile, one refused target',
    value: {
      results: [
        { input: 'acme.example', ok: true, profile: ACME_PROFILE },
        { input: 'http://10.0.0.1/', ok: false, error: { status: 400, detail: 'Target address is not allowed', code: 'target_not_allowed' } }
      ],
      succeeded: 1,
      failed: 1
    }
  }
}
