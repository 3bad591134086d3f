import { PROVIDERS } from './providers/index.js'
import type { GenericOptions, ProviderId, ReplayTestVector } from './types.js'

// Demo secrets only: never the caller's. Published vectors are used where the provider publishes one.
const STRIPE_SECRET = 'whsec_replay_vector_demo_secret'
const SHOPIFY_SECRET = 'shopify-replay-vector-demo-secret'
const GITHUB_SECRET = 'github-replay-vector-demo-secret'
const GENERIC_SECRET = 'generic-replay-vector-demo-secret'
const STANDARD_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const DEMO_TIME = 1700000000

const STRIPE_PAYLOAD = JSON.stringify({
  id: 'evt_demo_replay_vector',
  object: 'event',
  api_version: '2025-08-27',
  created: DEMO_TIME,
  data: { object: { id: 'pi_demo', object: 'payment_intent', amount: 2000, currency: 'usd' } },
  type: 'payment_intent.succeeded'
}, null, 2)
// Shopify escapes "/" in its bodies; the vector keeps that, so re-serialising it would break it as in production.
const SHOPIFY_PAYLOAD = '{"id":820982911946154508,"email":"jon@example.com","admin_graphql_api_id":"gid:\\/\\/shopify\\/Order\\/820982911946154508"}'
const GITHUB_PAYLOAD = '{"zen":"Keep it logically awesome.","hook_id":12345678}'

function signed (provider: ProviderId, payload: string, secret: string, extra: Record<string, string>, options: { timestamp?: number, id?: string, generic?: GenericOptions } = {}): ReplayTestVector {
  const headers = {
    ...extra,
    ...PROVIDERS[provider].sign({ body: payload, secret, timestamp: options.timestamp ?? DEMO_TIME, id: options.id ?? 'demo-delivery-1', generic: options.generic })
  }
  return {
    provider,
    payload,
    headers,
    secret,
    ...(options.generic === undefined ? {} : { generic: options.generic }),
    ...(PROVIDERS[provider].replayProtected ? { now_epoch_seconds: options.timestamp ?? DEMO_TIME } : {})
  }
}

const SLACK_DOCS_BODY = 'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c'

const FIXED: Record<Exclude<ProviderId, 'generic-hmac'>, ReplayTestVector[]> = {
  github: [
    // GitHub's documented example.
    signed('github', 'Hello, World!', "It's a Secret to Everybody", { 'X-GitHub-Event': 'ping', 'X-GitHub-Delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958' }),
    signed('github', GITHUB_PAYLOAD, GITHUB_SECRET, { 'Content-Type': 'application/json', 'X-GitHub-Event': 'ping', 'X-GitHub-Delivery': '9f3a1c52-2f6b-4d1e-8c8f-0c9b5d7e1a24' })
  ],
  // Slack's documented signing example.
  slack: [signed('slack', SLACK_DOCS_BODY, '8f742231b10e8888abcd99yyyzzz85a5', { 'Content-Type': 'application/x-www-form-urlencoded' }, { timestamp: 1531420618 })],
  stripe: [signed('stripe', STRIPE_PAYLOAD, STRIPE_SECRET, { 'Content-Type': 'application/json; charset=utf-8' })],
  shopify: [signed('shopify', SHOPIFY_PAYLOAD, SHOPIFY_SECRET, { 'Content-Type': 'application/json' }, { id: 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043' })],
  'standard-webhooks': [
    // The Standard Webhooks reference vector, then the same message with Svix's header names.
    signed('standard-webhooks', '{"test": 2432232314}', STANDARD_SECRET, {}, { timestamp: 1614265330, id: 'msg_p5jXN8AQM9LWM0D4loKWxJek' }),
    svixNames(signed('standard-webhooks', '{"test": 2432232314}', STANDARD_SECRET, {}, { timestamp: 1614265330, id: 'msg_p5jXN8AQM9LWM0D4loKWxJek' }))
  ]
}

function svixNames (vector: ReplayTestVector): ReplayTestVector {
  const headers = Object.fromEntries(Object.entries(vector.headers).map(([name, value]) => [name.replace(/^webhook-/, 'svix-'), value]))
  return { ...vector, headers }
}

// Generic vectors depend only on the caller's header name, encoding and prefix (configuration, never a secret or a
// payload), and a deployment uses a handful of them: each is signed once. Bounded, since callers choose them.
const GENERIC = new Map<string, ReplayTestVector[]>()
const GENERIC_CACHED = 256

/** Known-good vectors for the provider: posting one back unchanged verifies as valid. */
export function replayTestVectors (provider: ProviderId, generic?: GenericOptions | null): ReplayTestVector[] {
  if (provider !== 'generic-hmac') return FIXED[provider]
  const options: GenericOptions = {
    header_name: generic?.header_name ?? 'X-Signature',
    encoding: generic?.encoding ?? 'hex',
    ...(generic?.prefix == null ? {} : { prefix: generic.prefix })
  }
  const id = JSON.stringify([options.header_name, options.encoding, options.prefix ?? null])
  let vectors = GENERIC.get(id)
  if (vectors === undefined) {
    vectors = [signed('generic-hmac', '{"event":"demo","id":1}', GENERIC_SECRET, { 'Content-Type': 'application/json' }, { generic: options })]
    if (GENERIC.size >= GENERIC_CACHED) GENERIC.clear()
    GENERIC.set(id, vectors)
  }
  return vectors
}
