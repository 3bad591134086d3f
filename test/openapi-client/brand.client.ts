import createClient from 'openapi-fetch'
import type { paths } from './generated/brand.js'

/** A brand profile of `domain` and a refused target, through the generated types. */
export async function callBrand (baseUrl: string, apiKey: string, domain: string) {
  // the profile is JSON or, with Accept: text/html, a page: this client reads the JSON
  const client = createClient<paths, 'application/json'>({ baseUrl, headers: { 'X-API-Key': apiKey } })
  const profile = await client.POST('/v1/domain/profile', { body: { domain, timeout_seconds: 5 } })
  const refused = await client.POST('/v1/domain/profile', { body: { domain: 'http://10.0.0.1/' } })
  return {
    brandName: profile.data?.brand_name,
    reachable: profile.data?.reachable,
    refusedStatus: refused.response.status,
    refusedDetail: refused.error?.detail,
    response: profile.response
  }
}

// Never called: tsc must reject these, or the generated types do not describe the API.
export async function wrongBrandCalls (baseUrl: string) {
  const client = createClient<paths>({ baseUrl })
  // @ts-expect-error the field is domain
  await client.POST('/v1/domain/profile', { body: { url: 'example.com' } })
}
