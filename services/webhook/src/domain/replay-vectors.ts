import type { Demo } from './provider.js'
import { genericDemo } from './providers/generic-hmac.js'
import { PROVIDERS } from './providers/index.js'
import { PROVIDER_IDS, type GenericOptions, type ProviderId, type ReplayTestVector } from './types.js'

// Demo secrets and key pairs only, never the caller's; each provider's module holds its demos (its published vectors
// where it publishes some).
const DEMO_TIME = 1700000000

function signed (provider: ProviderId, demo: Demo, generic?: GenericOptions): ReplayTestVector {
  const timestamp = demo.timestamp ?? DEMO_TIME
  const headerNames = demo.headerNames ?? {}
  const signature = PROVIDERS[provider].sign({
    body: demo.payload,
    secret: demo.signingKey ?? demo.secret,
    timestamp,
    id: demo.id ?? 'demo-delivery-1',
    url: demo.url,
    method: demo.method,
    generic
  })
  return {
    provider,
    payload: demo.payload,
    headers: { ...demo.headers, ...Object.fromEntries(Object.entries(signature).map(([name, value]) => [headerNames[name] ?? name, value])) },
    secret: demo.secret,
    ...(demo.url === undefined ? {} : { url: demo.url }),
    ...(demo.method === undefined ? {} : { method: demo.method }),
    ...(generic === undefined ? {} : { generic }),
    ...(PROVIDERS[provider].replayProtected || generic?.timestamp_header != null ? { now_epoch_seconds: timestamp } : {})
  }
}

const FIXED = new Map(PROVIDER_IDS.map((id) => [id, PROVIDERS[id].demos.map((demo) => signed(id, demo))]))

// Generic vectors depend only on the caller's header name, encoding and prefix (configuration, never a secret or a
// payload), and a deployment uses a handful of them: each is signed once. Bounded, since callers choose them.
const GENERIC = new Map<string, ReplayTestVector[]>()
const GENERIC_CACHED = 256

/** Known-good vectors for the provider: posting one back unchanged verifies as valid. */
export function replayTestVectors (provider: ProviderId, generic?: GenericOptions | null): ReplayTestVector[] {
  if (provider !== 'generic-hmac') return FIXED.get(provider) ?? []
  // Options at their defaults are left out, as a caller would.
  const options: GenericOptions = Object.fromEntries(Object.entries({
    header_name: generic?.header_name ?? 'X-Signature',
    encoding: generic?.encoding ?? 'hex',
    ...generic
  }).filter(([, value]) => value != null)) as unknown as GenericOptions
  const id = JSON.stringify(Object.entries(options).sort())
  let vectors = GENERIC.get(id)
  if (vectors === undefined) {
    vectors = [signed('generic-hmac', genericDemo(options), options)]
    if (GENERIC.size >= GENERIC_CACHED) GENERIC.clear()
    GENERIC.set(id, vectors)
  }
  return vectors
}
