import { Type } from '@sinclair/typebox'
import { Nullable, StringEnum } from '@utility-apis/service-kit'
import { ContentSignalSchema, LintSchema } from './observations.schemas.js'

export const DEFAULT_MAX_URLS = 200

export const RobotsSimulateRequestSchema = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'The site: a bare domain (`example.com`) or an http(s) URL of its homepage.' }),
  proposed_robots_txt: Type.String({ maxLength: 600_000, description: 'The robots.txt you mean to deploy. Only the first 500 KiB is read, as Google does.' }),
  user_agents: Type.Optional(Type.Array(Type.String({ pattern: '^([A-Za-z_-]+|\\*)$', maxLength: 64 }), {
    minItems: 1, maxItems: 50, description: 'Product tokens (`Googlebot`, `GPTBot`, ...), or `*`. Default: the search engine and AI crawler tokens.'
  })),
  max_urls: Type.Optional(Type.Integer({
    minimum: 1, maximum: 500, default: DEFAULT_MAX_URLS, description: 'URLs judged: the homepage, then from the sitemaps, then the homepage\'s links'
  }))
}, { title: 'RobotsSimulateRequest', additionalProperties: false })

const Rule = Nullable(Type.Object({ line: Type.Integer(), text: Type.String() }))
const Verdict = Type.Object({ allowed: Type.Boolean(), rule: Rule })
const Change = Type.Object({
  url: Type.String(),
  path: Type.String({ description: 'path, params and query that the rules are matched against' }),
  before: Verdict,
  after: Verdict
}, { description: 'one URL whose verdict changes, with the line that decides it now and the one that will' })
const Changes = (description: string) => Type.Object({ total: Type.Integer(), urls: Type.Array(Change, { description: 'the first 100' }) }, { description })

export const RobotsSimulateResponseSchema = Type.Object({
  url: Type.String({ description: 'the homepage the sample started from' }),
  current_robots_txt: Type.Object({
    url: Type.String(),
    status: Nullable(Type.Integer()),
    outcome: StringEnum(['parsed', 'unavailable', 'unreachable'], {
      description: 'RFC 9309: 2xx parsed; 4xx, no file within 5 redirects, or a 3xx with nothing to follow, allow all; 5xx, 429 or no answer disallow all'
    }),
    error: Nullable(Type.String()),
    truncated: Type.Boolean()
  }),
  sample: Type.Object({
    urls: Type.Integer({ description: 'URLs judged' }),
    from_sitemap: Type.Integer(),
    from_homepage_links: Type.Integer(),
    sitemap_entries: Type.Integer({ description: 'page entries in the sitemaps read' }),
    complete: Type.Boolean({
      description: 'false when the homepage or a sitemap gave no answer, failed for a moment (5xx, 429, 408) or was cut short: ' +
        'the sample may miss URLs it holds, so "nothing changes" covers only the URLs judged. A sitemap that answers 404 is the site\'s answer, not a gap.'
    }),
    unread: Type.Array(Type.Object({
      url: Type.String(),
      reason: Type.String({ description: 'the fetch error, `HTTP 503`, or that the body was cut short' })
    }), { description: 'the sources not read whole, the homepage first' })
  }),
  results: Type.Array(Type.Object({
    user_agent: Type.String(),
    opened: Changes('disallowed now, allowed by the proposal'),
    closed: Changes('allowed now, disallowed by the proposal'),
    unchanged: Type.Integer()
  })),
  proposed: Type.Object({
    lint: LintSchema,
    sitemaps: Type.Array(Type.String()),
    content_signals: Type.Array(ContentSignalSchema),
    truncated: Type.Boolean({ description: 'not read whole: longer than 500 KiB (the rest is ignored), or its compressed body ended early' })
  })
}, { title: 'RobotsSimulateResponse' })
