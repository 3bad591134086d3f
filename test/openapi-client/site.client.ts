import createClient from 'openapi-fetch'
import type { paths } from './generated/site.js'

/** The robots.txt tester on a robots.txt of its own (no fetch), through the generated types. */
export async function callSite (baseUrl: string, apiKey: string) {
  const client = createClient<paths>({ baseUrl, headers: { 'X-API-Key': apiKey } })
  const tested = await client.POST('/v1/site-intel/robots/test', {
    body: { url: 'https://shop.example/cart/checkout', user_agents: ['Googlebot'], robots_txt: 'User-agent: *\nDisallow: /cart/\n' }
  })
  return {
    verdicts: tested.data?.results.map((result) => [result.user_agent, result.allowed, result.matched_rule?.line ?? null]) ?? [],
    response: tested.response
  }
}

// Never called: tsc must reject these, or the generated types do not describe the API.
export async function wrongSiteCalls (baseUrl: string) {
  const client = createClient<paths>({ baseUrl })
  // @ts-expect-error url is required
  await client.POST('/v1/site-intel/robots/test', { body: { robots_txt: '' } })
}
