// The other ways to reach the homepage: http:// (should redirect permanently to https) and the www or
// apex twin of the host (should redirect to the one host that serves the site).
import type { FetchFacts, SiteObservations, VariantFacts } from '../observations.js'
import { fetchStep, LIMITS, notFetched, type Budget, type Fetcher } from './fetch-step.js'

const notApplicable = (url: string): VariantFacts => ({ url, outcome: 'not_applicable', fetch: notFetched(url) })

function outcomeOf (facts: FetchFacts, primaryHost: string, wantHttps: boolean): VariantFacts['outcome'] {
  if (facts.status === null) return facts.error?.code === 'dns' ? 'absent' : 'error'
  const final = new URL(facts.final_url ?? facts.url)
  if (final.host === primaryHost && (!wantHttps || final.protocol === 'https:') && facts.redirects.length > 0) return 'redirects_to_primary'
  return facts.status >= 200 && facts.status < 300 ? 'serves_separately' : 'error'
}

export async function observeVariants (fetcher: Fetcher, budget: Budget, primaryUrl: string): Promise<SiteObservations['variants']> {
  const primary = new URL(primaryUrl)
  const httpUrl = `http://${primary.host}/`
  const isIp = /^\[.*\]$|^\d{1,3}(\.\d{1,3}){3}$/.test(primary.hostname)
  const altHost = primary.hostname.startsWith('www.') ? primary.hostname.slice(4) : `www.${primary.hostname}`
  const altUrl = `${primary.protocol}//${altHost}${primary.port === '' ? '' : `:${primary.port}`}/`
  const probe = async (label: string, url: string, wantHttps: boolean): Promise<VariantFacts> => {
    const step = await fetchStep(fetcher, budget, label, url, { maxBytes: LIMITS.probe })
    return { url, fetch: step.facts, outcome: outcomeOf(step.facts, primary.host, wantHttps) }
  }
  const [http, hostAlternate] = await Promise.all([
    // a port of its own cannot be mapped to an http twin; an http site has nothing to redirect to
    primary.protocol === 'https:' && primary.port === '' ? probe('http variant', httpUrl, true) : Promise.resolve(notApplicable(httpUrl)),
    isIp ? Promise.resolve(notApplicable(altUrl)) : probe('host variant', altUrl, false)
  ])
  return { http, host_alternate: hostAlternate }
}
