// Pages: the homepage (with the bot-challenge check), the sampled same-host pages and the About page,
// each decoded and read by the shared metadata package.
import { decodeHtml, extractMetadata } from '@utility-apis/html-metadata'
import type { FetchResult } from '@utility-apis/safe-fetch'
import type { HomepageFacts, PageFacts, SampledPage, SiteObservations } from '../observations.js'
import { looksLikeHtml } from '../llms-txt.js'
import { pageFacts } from '../page/page-facts.js'
import { markdownAlternateOf } from '../page/link-header.js'
import { parseXRobotsTag } from '../page/robots-directives.js'
import { fetchStep, LIMITS, type Budget, type Fetcher, type Step } from './fetch-step.js'
import { robotsVerdict, type RobotsPolicy } from './observe-robots.js'
import type { SampleValue } from './observe-sitemaps.js'

// markup of block and challenge pages of the common bot-protection services
const CHALLENGES: Array<[RegExp, string]> = [
  [/\/cdn-cgi\/challenge-platform\/|cf-chl-|<title>\s*(just a moment\.\.\.|attention required! \| cloudflare)/i, 'Cloudflare'],
  [/_incapsula_resource|incapsula incident/i, 'Imperva Incapsula'],
  [/px-captcha|perimeterx/i, 'HUMAN (PerimeterX)'],
  [/geo\.captcha-delivery\.com|captcha\.datadome/i, 'DataDome'],
  [/aws-waf-token|awswafintegration|challenge\.js.*awswaf/i, 'AWS WAF'],
  [/sucuri website firewall/i, 'Sucuri'],
  [/ddos-guard/i, 'DDoS-Guard']
]

export function detectChallenge (body: string, status: number | null, words: number): string | null {
  const blocked = status === 403 || status === 429 || status === 503 || words < 50
  if (!blocked) return null
  const head = body.slice(0, 65_536)
  return CHALLENGES.find(([pattern]) => pattern.test(head))?.[1] ?? null
}

function isHtmlResponse (r: FetchResult): boolean {
  const type = r.headers['content-type'] ?? null
  if (type !== null) return /\b(text\/html|application\/xhtml\+xml)\b/i.test(type)
  return looksLikeHtml(r.body.subarray(0, 1024).toString('latin1'), null)
}

/** Page facts of a 2xx HTML response, else null. */
export function readPage (r: FetchResult | null): { page: PageFacts | null, html: string } {
  if (r === null || !isHtmlResponse(r)) return { page: null, html: '' }
  const type = r.headers['content-type'] ?? null
  const { html } = decodeHtml(r.body, type)
  if (r.status < 200 || r.status >= 300) return { page: null, html }
  return { page: pageFacts(extractMetadata(html, r.finalUrl), html, r.finalUrl, type), html }
}

export function homepageFacts (step: Step): HomepageFacts {
  const r = step.result
  const { page, html } = readPage(r)
  const headers = r?.headers ?? {}
  // a markdown twin may be announced in the Link header instead of a <link> tag
  if (page !== null && page.markdownAlternate === null) page.markdownAlternate = markdownAlternateOf(headers.link, page.url)
  return {
    fetch: step.facts,
    isHtml: r !== null && isHtmlResponse(r),
    challenge: r === null ? null : detectChallenge(html === '' ? r.body.subarray(0, 65_536).toString('utf8') : html, r.status, page?.mainText.words ?? 0),
    headers: {
      xRobotsTag: parseXRobotsTag(headers['x-robots-tag']),
      lastModified: headers['last-modified'] ?? null,
      etag: headers.etag ?? null,
      link: headers.link ?? null
    },
    page
  }
}

export async function observeSample (fetcher: Fetcher, budget: Budget, chosen: Array<{ url: string, value: SampleValue }>, robots: RobotsPolicy): Promise<SampledPage[]> {
  return await Promise.all(chosen.map(async ({ url, value }): Promise<SampledPage> => {
    const step = await fetchStep(fetcher, budget, `page ${url}`, url, { maxBytes: LIMITS.html })
    return {
      url,
      source: value.source,
      lastmod: value.lastmod,
      fetch: step.facts,
      xRobotsTag: parseXRobotsTag(step.result?.headers['x-robots-tag']),
      page: readPage(step.result).page,
      allowed: { googlebot: robotsVerdict(robots, 'Googlebot', url).allowed, oai_searchbot: robotsVerdict(robots, 'OAI-SearchBot', url).allowed }
    }
  }))
}

export async function observeAbout (fetcher: Fetcher, budget: Budget, url: string | null): Promise<SiteObservations['aboutPage']> {
  if (url === null) return null
  const step = await fetchStep(fetcher, budget, 'about page', url, { maxBytes: LIMITS.html })
  const page = readPage(step.result).page
  const types = page?.structured.types ?? []
  return {
    url,
    fetch: step.facts,
    words: page?.mainText.words ?? 0,
    entityMarkup: page?.structured.organization != null || page?.structured.person != null || types.includes('AboutPage')
  }
}
