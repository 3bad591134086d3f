// OpenAPI examples of POST /v1/site-intel/robots/test. The provided robots.txt needs no fetch, so the response is
// exactly what the service answers to the request (Googlebot falls back to the * group, GPTBot has its own).

const ROBOTS_TXT = 'User-agent: *\nDisallow: /private/\nAllow: /private/press/\n\nUser-agent: GPTBot\nDisallow: /\n\n' +
  'Sitemap: https://acme.example/sitemap.xml\n'

export const robotsTestRequestExamples = {
  provided: {
    summary: 'A robots.txt of your own, two crawlers',
    value: { url: 'https://acme.example/private/report.pdf', user_agents: ['Googlebot', 'GPTBot'], robots_txt: ROBOTS_TXT }
  },
  fetched: { summary: "The site's own /robots.txt, the default crawlers", value: { url: 'https://acme.example/private/report.pdf' } }
}

export const robotsTestResponseExamples = {
  provided: {
    summary: 'Both crawlers disallowed, each by its own rule',
    value: {
      url: 'https://acme.example/private/report.pdf',
      path: '/private/report.pdf',
      robots_txt: { source: 'provided', url: null, status: null, outcome: 'parsed', error: null, truncated: false },
      results: [
        {
          user_agent: 'Googlebot',
          allowed: false,
          group: 'global',
          matched_rule: { line: 2, directive: 'disallow', pattern: '/private/', text: 'Disallow: /private/' },
          reason: 'line 2 "Disallow: /private/" is the most specific match in the * group'
        },
        {
          user_agent: 'GPTBot',
          allowed: false,
          group: 'specific',
          matched_rule: { line: 6, directive: 'disallow', pattern: '/', text: 'Disallow: /' },
          reason: 'line 6 "Disallow: /" is the most specific match in its own group'
        }
      ],
      lint: { valid: true, errors: [], warnings: [] },
      sitemaps: ['https://acme.example/sitemap.xml'],
      content_signals: []
    }
  }
}
