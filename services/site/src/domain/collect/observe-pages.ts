// Pages: the homepage (with the bot-challenge check), the sampled same-host pages and the About page,
// each decoded and read by the shared metadata package.
import { detectBotChallenge, parseHomepage, type FetchedHomepage } from '@utility-apis/homepage-fetch'
import type { PageMetadata } from '@utility-apis/html-metadata'
import type { FetchResult } from '@utility-apis/safe-fetch'
import type { HomepageFacts, PageFacts, SampledPage, SiteObservations } from '../observations.js'
import { looksLikeHtml } from '../llms-txt.js'
import { pageFacts } from '../page/page-facts.js'
import { markdownAlternateOf } from '../page/link-header.js'
import { parseXRobotsTag } from '../page/robots-directives.js'
import { fetchStep, LIMITS, type Budget, type Fetcher, type Step } from './fetch-step.js'
import { robotsVerdicts, type RobotsPolicy } from '../robots/robots-policy.js'
import type { SampleValue } from './observe-sitemaps.js'

/** An HTML page by its declared type, or by its first bytes when it declares none. */
function isHtmlResponse (r: FetchResult): boolean {
  const type = r.headers['content-type'] ?? null
  if (type !== null) return /\b(text\/html|application\/xhtml\+xml)\b/i.test(type)
  return looksLikeHtml(r.body.subarray(0, 1024).toString('latin1'), null)
}

function factsOfPage (r: FetchResult, html: string, meta: PageMetadata): PageFacts | null {
  if (r.status < 200 || r.status >= 300) return null
  return pageFacts(meta, html, r.finalUrl, r.headers['content-type'] ?? null)
}

/** Page facts of a 2xx HTML response, else null. */
function readPage (r: FetchResult | null): PageFacts | null {
  if (r === null || !isHtmlResponse(r)) return null
  const { html, meta } = parseHomepage(r.body, r.headers['content-type'], r.finalUrl)
  return html === null || meta === null ? null : factsOfPage(r, html, meta)
}

/** The homepage as fetched (already decoded and read), or the step that failed. */
export function homepageFacts (step: Step, fetched: FetchedHomepage | null): HomepageFacts {
  const r = step.result
  const isHtml = r !== null && isHtmlResponse(r)
  const page = r !== null && isHtml && fetched?.html != null && fetched.meta !== null ? factsOfPage(r, fetched.html, fetched.meta) : null
  const headers = r?.headers ?? {}
  // a markdown twin may be announced in the Link header instead of a <link> tag
  if (page !== null && page.markdown_alternate === null) page.markdown_alternate = markdownAlternateOf(headers.link, page.url)
  const challenge = r === null
    ? null
    : detectBotChallenge({
      status: r.status,
      headers,
      title: fetched?.meta?.title ?? null,
      html: fetched?.html ?? r.body.subarray(0, 65_536).toString('utf8'),
      words: fetched?.meta?.mainText.words ?? 0
    }).provider
  return {
    fetch: step.facts,
    is_html: isHtml,
    challenge,
    headers: {
      x_robots_tag: parseXRobotsTag(headers['x-robots-tag']),
      last_modified: headers['last-modified'] ?? null,
      etag: headers.etag ?? null,
      link: headers.link ?? null
    },
    page
  }
}

export async function observeSample (
  fetcher: Fetcher, budget: Budget, chosen: Array<{ url: string, value: SampleValue }>, robots: RobotsPolicy
): Promise<SampledPage[]> {
  return await Promise.all(chosen.map(async ({ url, value }): Promise<SampledPage> => {
    const step = await fetchStep(fetcher, budget, `page ${url}`, url, { maxBytes: LIMITS.html })
    const verdictOn = robotsVerdicts(robots, url)
    return {
      url,
      source: value.source,
      lastmod: value.lastmod,
      fetch: step.facts,
      x_robots_tag: parseXRobotsTag(step.result?.headers['x-robots-tag']),
      page: readPage(step.result),
      allowed: { googlebot: verdictOn('Googlebot').allowed, oai_searchbot: verdictOn('OAI-SearchBot').allowed }
    }
  }))
}

export async function observeAbout (fetcher: Fetcher, budget: Budget, url: string | null): Promise<SiteObservations['about_page']> {
  if (url === null) return null
  const step = await fetchStep(fetcher, budget, 'about page', url, { maxBytes: LIMITS.html })
  const page = readPage(step.result)
  const types = page?.structured.types ?? []
  return {
    url,
    fetch: step.facts,
    words: page?.main_text.words ?? 0,
    entity_markup: page?.structured.organization != null || page?.structured.person != null || types.includes('AboutPage')
  }
}
