import { createHmac } from 'node:crypto'
import createClient from 'openapi-fetch'
import type { paths } from './generated/webhook.js'

/** Lists the providers, then verifies a GitHub delivery signed here, through the generated types. */
export async function callWebhook (baseUrl: string, apiKey: string) {
  const client = createClient<paths>({ baseUrl, headers: { 'X-API-Key': apiKey } })
  const providers = await client.GET('/v1/webhooks/providers')
  const payload = '{"zen":"Keep it logically awesome."}'
  const secret = 'generated-client-secret'
  const signature = `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`
  const verified = await client.POST('/v1/webhooks/verify', {
    body: { provider: 'github', payload, secret, headers: { 'X-Hub-Signature-256': signature, 'X-GitHub-Event': 'ping' } }
  })
  return {
    providerCount: providers.data?.providers.length ?? 0,
    valid: verified.data?.valid,
    reason: verified.data?.reason,
    response: verified.response
  }
}

// Never called: tsc must reject these, or the generated types do not describe the API.
export async function wrongWebhookCalls (baseUrl: string) {
  const client = createClient<paths>({ baseUrl })
  // @ts-expect-error the provider is one of the documented names
  await client.POST('/v1/webhooks/verify', { body: { provider: 'no-such-provider', payload: '', headers: {} } })
  const { data } = await client.GET('/v1/webhooks/providers')
  // @ts-expect-error the list is under `providers`
  return data?.length
}
