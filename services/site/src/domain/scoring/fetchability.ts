// Fetchability (20 points): can a crawler get the homepage, over https, from one host, quickly, without
// a challenge, and the sampled pages too.
import { VARIANT_OUTCOME, type Derived } from '../derive.js'
import { is2xx, type FetchFacts } from '../observations.js'
import { plural, shareOf, type CheckDef } from './check.js'

function describeFetch (f: FetchFacts): string {
  if (f.status === null) return `no response (${f.error?.message ?? 'unknown error'})`
  return `HTTP ${f.status}${f.content_type === null ? '' : ` ${f.content_type.split(';')[0]}`}`
}

export const homepageServesHtml: CheckDef = {
  id: 'fetchability.homepage_html',
  max: 8,
  label: 'homepage answers 2xx HTML',
  measure: ({ obs, homepageOk }) => {
    const hp = obs.homepage.fetch
    const notHtml = homepageOk || obs.homepage.is_html || hp.status === null ? '' : ' (not HTML)'
    return { points: homepageOk ? 8 : 0, detail: `homepage ${describeFetch(hp)}${notHtml}` }
  }
}

export const httpsEnforced: CheckDef = {
  id: 'fetchability.https',
  max: 3,
  label: 'https, and http redirects permanently to https',
  measure: ({ obs }) => {
    const https = obs.homepage.fetch.final_url?.startsWith('https:') === true
    const http = obs.variants.http
    const firstHop = http.fetch.redirects[0]
    const permanentToHttps = http.outcome === 'redirects_to_primary' && firstHop !== undefined &&
      (firstHop.status === 301 || firstHop.status === 308) && http.fetch.final_url?.startsWith('https:') === true
    let redirect: string
    if (permanentToHttps) redirect = `http:// answers ${firstHop.status} to https`
    else if (http.outcome === 'not_applicable') redirect = 'no https version to redirect to'
    else if (firstHop === undefined) redirect = `http:// answers ${http.fetch.status ?? 'nothing'}`
    else redirect = `http:// answers ${firstHop.status} to ${firstHop.location}`
    return {
      points: (https ? 2 : 0) + (permanentToHttps ? 1 : 0),
      detail: `${https ? 'final URL is https' : 'final URL is not https'}; ${redirect}`
    }
  }
}

export const oneHost: CheckDef = {
  id: 'fetchability.one_host',
  max: 1,
  label: 'one host: the www or apex twin redirects to the primary host or does not exist',
  measure: ({ obs, homepageOk, notMeasured }) => {
    const alt = obs.variants.host_alternate
    // an IP address has no www or apex twin: the check does not apply, and its point goes to the category's others
    if (alt.outcome === 'not_applicable') return { points: 0, applies: false, detail: 'does not apply: an IP address has no www or apex twin' }
    // a twin cannot converge on a primary host that serves nothing
    if (!homepageOk) return { points: 0, detail: notMeasured ?? '' }
    const converges = alt.outcome === 'redirects_to_primary' || alt.outcome === 'absent'
    return { points: converges ? 1 : 0, detail: `${alt.url} ${VARIANT_OUTCOME[alt.outcome]}` }
  }
}

export const fewRedirects: CheckDef = {
  id: 'fetchability.redirect_hops',
  max: 1,
  label: 'at most 2 redirect hops to the homepage',
  measure: ({ obs }) => {
    const hops = obs.homepage.fetch.redirects.length
    return { points: obs.homepage.fetch.status !== null && hops <= 2 ? 1 : 0, detail: `${plural(hops, 'redirect hop')} to the homepage` }
  }
}

export const fastFirstByte: CheckDef = {
  id: 'fetchability.time_to_first_byte',
  max: 2,
  label: 'time to first byte under 1.5 s (under 3 s: 1)',
  measure: ({ obs }) => {
    const ttfb = obs.homepage.fetch.ttfb_ms
    if (ttfb === null) return { points: 0, detail: 'no response' }
    if (ttfb < 1500) return { points: 2, detail: 'under 1.5 s' }
    if (ttfb < 3000) return { points: 1, detail: 'between 1.5 s and 3 s' }
    return { points: 0, detail: '3 s or more' }
  }
}

export const noBotChallenge: CheckDef = {
  id: 'fetchability.no_bot_challenge',
  max: 3,
  label: 'no bot challenge, 403 or 429 for our declared user agent',
  measure: ({ obs, challenge }) => obs.homepage.fetch.status === null
    ? { points: 0, detail: 'not measured: no response' }
    : { points: challenge === null ? 3 : 0, detail: challenge ?? 'served normally' }
}

export const sampledPagesAnswer: CheckDef = {
  id: 'fetchability.sampled_pages',
  max: 2,
  label: 'sampled pages answer 2xx',
  measure: ({ obs, homepageOk }: Derived) => {
    const sampled = obs.sample.pages
    if (sampled.length === 0) {
      return { points: homepageOk ? 2 : 0, detail: `no pages sampled; the homepage ${homepageOk ? 'answered 2xx' : 'failed'}` }
    }
    const ok = sampled.filter((p) => is2xx(p.fetch.status)).length
    return { points: shareOf(2, ok, sampled.length), detail: `${ok} of ${sampled.length} sampled pages answered 2xx` }
  }
}

export const FETCHABILITY = [homepageServesHtml, httpsEnforced, oneHost, fewRedirects, fastFirstByte, noBotChallenge, sampledPagesAnswer]
