import { PROVIDERS } from '../domain/providers/index.js'
import { replayTestVectors } from '../domain/replay-vectors.js'
import { PROVIDER_IDS, type ReplayTestVector, type VerifyRequest } from '../domain/types.js'
import { verifyWebhook } from '../domain/verify.js'

interface Example {
  summary: string
  value: unknown
}

const request = (vector: ReplayTestVector): VerifyRequest => ({
  provider: vector.provider,
  payload: vector.payload,
  headers: vector.headers,
  secret: vector.secret,
  ...(vector.url === undefined ? {} : { url: vector.url }),
  ...(vector.method === undefined ? {} : { method: vector.method }),
  ...(vector.generic == null ? {} : { generic: vector.generic }),
  ...(vector.now_epoch_seconds == null ? {} : { now_epoch_seconds: vector.now_epoch_seconds })
})

const stripe = request(replayTestVectors('stripe')[0])

// Real requests and the answers this service gives them (computed at start, so they cannot drift from the code).
const REQUESTS: Record<string, { summary: string, value: VerifyRequest }> = {
  github: { summary: 'GitHub: the example from the GitHub docs', value: request(replayTestVectors('github')[0]) },
  slack: { summary: "Slack: Slack's documented signing example, at its own time", value: request(replayTestVectors('slack')[0]) },
  stripe: { summary: 'Stripe: t=...,v1=... over "<t>.<body>"', value: stripe },
  shopify: { summary: 'Shopify: base64 X-Shopify-Hmac-Sha256', value: request(replayTestVectors('shopify')[0]) },
  'generic-hmac': {
    summary: 'Generic HMAC-SHA256: hex with a sha256= prefix',
    value: request(replayTestVectors('generic-hmac', { header_name: 'X-Signature', encoding: 'hex', prefix: 'sha256=' })[0])
  },
  'standard-webhooks': { summary: 'Standard Webhooks: the reference vector', value: request(replayTestVectors('standard-webhooks')[0]) },
  svix: { summary: 'Standard Webhooks with the svix-* header names', value: request(replayTestVectors('standard-webhooks')[1]) },
  auto: { summary: 'provider auto: GitHub recognised from its headers', value: { ...request(replayTestVectors('github')[1]), provider: 'auto' } },
  rotation: {
    summary: 'A secret rotation: the delivery matches the second of two secrets',
    value: (({ secret, ...rest }) => ({ ...rest, secrets: ['whsec_the_new_secret_not_yet_in_use', secret as string] }))(stripe)
  },
  twilio: { summary: 'Twilio: the example of Twilio\'s docs, a form post to a URL with a query', value: request(replayTestVectors('twilio')[0]) },
  'stripe-reserialised': {
    summary: 'Stripe, invalid: the body was parsed and re-serialised compactly (near-miss diagnosis)',
    value: { ...stripe, payload: JSON.stringify(JSON.parse(stripe.payload)) }
  }
}

// Every other provider is documented by its first demo delivery, valid when posted as it is.
for (const provider of PROVIDER_IDS.filter((id) => REQUESTS[id] === undefined)) {
  REQUESTS[provider] = { summary: `${PROVIDERS[provider].info.name}: a demo delivery`, value: request(replayTestVectors(provider)[0]) }
}

export const verifyRequestExamples: Record<string, Example> = REQUESTS

export const verifyResponseExamples: Record<string, Example> = Object.fromEntries(
  Object.entries(REQUESTS).map(([name, { summary, value }]) => [name, { summary, value: verifyWebhook(value, value.now_epoch_seconds ?? 0) }])
)
