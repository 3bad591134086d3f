import { Type } from '@sinclair/typebox'
import { Nullable, StringEnum } from '@utility-apis/service-kit'
import { ContentSignalSchema, LintSchema } from './observations.schemas.js'

export const RobotsTestRequestSchema = Type.Object({
  robots_txt: Type.Optional(Type.String({
    maxLength: 600_000,
    description: 'The robots.txt to test; without it the URL\'s /robots.txt is fetched. Only the first 500 KiB is read, as Google does.'
  })),
  url: Type.String({ format: 'uri', maxLength: 2048, description: 'The http(s) URL to test', examples: ['https://example.com/private/page'] }),
  user_agents: Type.Optional(Type.Array(Type.String({ pattern: '^([A-Za-z_-]+|\\*)$', maxLength: 64 }), {
    minItems: 1,
    maxItems: 50,
    description: 'Product tokens (`Googlebot`, `GPTBot`, ...), or `*` for a crawler without a group of its own. ' +
      'Default: the search engine and AI crawler tokens.'
  }))
}, { title: 'RobotsTestRequest', additionalProperties: false })

export const RobotsTestResponseSchema = Type.Object({
  url: Type.String(),
  path: Type.String({ description: 'path, params and query that the rules are matched against' }),
  robots_txt: Type.Object({
    source: StringEnum(['provided', 'fetched']),
    url: Nullable(Type.String()),
    status: Nullable(Type.Integer()),
    outcome: StringEnum(['parsed', 'unavailable', 'unreachable'], {
      description: 'RFC 9309: 2xx parsed; 4xx, no file within 5 redirects, or a 3xx with nothing to follow, unavailable (allow all); ' +
        '5xx, 429 or no answer unreachable (disallow all)'
    }),
    error: Nullable(Type.String()),
    truncated: Type.Boolean({ description: 'not read whole: longer than 500 KiB (the rest was ignored), or its compressed body ended early' })
  }),
  results: Type.Array(Type.Object({
    user_agent: Type.String(),
    allowed: Type.Boolean(),
    group: StringEnum(['specific', 'global', 'none']),
    matched_rule: Nullable(Type.Object({
      line: Type.Integer(),
      directive: StringEnum(['allow', 'disallow']),
      pattern: Type.String({ description: 'the pattern as compared (percent-encoded)' }),
      text: Type.String({ description: 'the line as written' })
    })),
    reason: Type.String()
  })),
  lint: LintSchema,
  sitemaps: Type.Array(Type.String()),
  content_signals: Type.Array(ContentSignalSchema)
}, { title: 'RobotsTestResponse' })
