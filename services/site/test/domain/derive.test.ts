import { describe, expect, it } from 'vitest'
import { momentaryRefusals } from '../../src/domain/derive.js'
import type { FetchFacts, SiteObservations } from '../../src/domain/observations.js'

const failed = (url: string, code: 'connect' | 'timeout' | 'dns' | 'tls'): FetchFacts => ({
  url, final_url: null, status: null, error: { code, message: `${code} failed` }, redirects: [], content_type: null, bytes: 0, truncated: false, ttfb_ms: null
})
const answered = (url: string, status: number): FetchFacts => ({ ...failed(url, 'connect'), status, error: null })

/** The observations momentaryRefusals reads, every other fetch absent. */
function observations (fetches: { llms?: FetchFacts, http?: FetchFacts, host?: FetchFacts }): SiteObservations {
  const variant = (fetch: FetchFacts | undefined) => fetch === undefined ? { outcome: 'not_applicable', fetch: null } : { outcome: 'error', fetch }
  return {
    sitemaps: { files: [] },
    sample: { pages: [] },
    llms_txt: { fetch: fetches.llms ?? null, link_checks: [] },
    llms_full_txt: { fetch: null },
    markdown_negotiation: { fetch: null },
    variants: { http: variant(fetches.http), host_alternate: variant(fetches.host) },
    og_image: null,
    favicon: { probe: null },
    canonical: null,
    about_page: null
  } as unknown as SiteObservations
}

describe('momentaryRefusals', () => {
  it('reads a secondary fetch that timed out or answered 429, 503 or 504 as refused for the moment', () => {
    expect(momentaryRefusals(observations({ llms: failed('https://a.test/llms.txt', 'timeout') })).map((r) => r.input)).toEqual(['llms_txt'])
    for (const status of [408, 425, 429, 503, 504]) {
      expect(momentaryRefusals(observations({ llms: answered('https://a.test/llms.txt', status) })).map((r) => r.status)).toEqual([status])
    }
  })

  // a broken page answers 500 every time, a retired host fails DNS or TLS every time: findings the site must be told
  it('reads a 500, a 502 and a failure to resolve, connect or agree on TLS as the site\'s settled answer', () => {
    for (const status of [500, 502]) expect(momentaryRefusals(observations({ llms: answered('https://a.test/llms.txt', status) }))).toEqual([])
    for (const code of ['connect', 'dns', 'tls'] as const) expect(momentaryRefusals(observations({ llms: failed('https://a.test/llms.txt', code) }))).toEqual([])
  })

  // an https-only site closes or filters port 80, and many a host has no www twin: that is their settled answer
  it('reads the http and host twins\' failure to connect as their answer, and only a momentary status of theirs as refused', () => {
    const closed = observations({ http: failed('http://a.test/', 'connect'), host: failed('https://www.a.test/', 'timeout') })
    expect(momentaryRefusals(closed)).toEqual([])
    const busy = observations({ http: answered('http://a.test/', 503) })
    expect(momentaryRefusals(busy).map((r) => [r.input, r.status])).toEqual([['http_variant', 503]])
  })
})
