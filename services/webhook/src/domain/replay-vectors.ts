import type { Demo, Provider } from './provider.js'
import { PROVIDERS, type ProviderId } from './providers/index.js'
import type { GenericOptions } from './types.js'

// Demo secrets and key pairs only, never the caller's; each provider's module holds its demos (its published vectors
// where it publishes some).
const DEMO_TIME = 1700000000

export interface ReplayTestVector {
  provider: ProviderId
  payload: string
  headers: Record<string, string>
  secret: string
  url?: string
  method?: string
  generic?: GenericOptions | null
  now_epoch_seconds?: number | null
}

function signed (provider: Provider, demo: Demo, generic?: GenericOptions): ReplayTestVector {
  const timestamp = demo.timestamp ?? DEMO_TIME
  const headerNames = demo.headerNames ?? {}
  const signature = provider.sign({
    body: demo.payload,
    secret: demo.signingKey ?? demo.secret,
    timestamp,
    id: demo.id ?? 'demo-delivery-1',
    url: demo.url,
    method: demo.method,
    generic
  })
  return {
    provider: provider.id as ProviderId,
    payload: demo.payload,
    headers: { ...demo.headers, ...Object.fromEntries(Object.entries(signature).map(([name, value]) => [headerNames[name] ?? name, value])) },
    secret: demo.secret,
    ...(demo.url === undefined ? {} : { url: demo.url }),
    ...(demo.method === undefined ? {} : { method: demo.method }),
    ...(generic === undefined ? {} : { generic }),
    ...(provider.replayProtected || generic?.timestamp_header != null ? { now_epoch_seconds: timestamp } : {})
  }
}

// Signed once, at start, per provider: the demos are fixed, and no request pays for them.
const FIXED = new Map<Provider, ReplayTestVector[]>(Object.values(PROVIDERS)
  .filter((provider) => provider.configurable === undefined)
  .map((provider) => [provider, provider.demos.map((demo) => signed(provider, demo))]))

// A configurable provider's vectors depend only on the caller's header name, encoding and prefix (configuration,
// never a secret or a payload), and a deployment uses a handful of them: each is signed once. Bounded, since callers
// choose them.
const CONFIGURED = new Map<string, ReplayTestVector[]>()
const CONFIGURED_CACHED = 256

/** Known-good vectors for the provider: posting one back unchanged verifies as valid. */
export function replayTestVectors (provider: Provider, generic?: GenericOptions | null): ReplayTestVector[] {
  const configurable = provider.configurable
  if (configurable === undefined) {
    return FIXED.get(provider) ?? provider.demos.map((demo) => signed(provider, demo))
  }
  // Options at their defaults are left out, as a caller would.
  const options: GenericOptions = Object.fromEntries(Object.entries({
    header_name: generic?.header_name ?? 'X-Signature',
    encoding: generic?.encoding ?? 'hex',
    ...generic
  }).filter(([, value]) => value != null)) as unknown as GenericOptions
  const id = `${provider.id} ${JSON.stringify(Object.entries(options).sort())}`
  let vectors = CONFIGURED.get(id)
  if (vectors === undefined) {
    vectors = [signed(provider, configurable.demo(options), options)]
    if (CONFIGURED.size >= CONFIGURED_CACHED) CONFIGURED.clear()
    CONFIGURED.set(id, vectors)
  }
  return vectors
}
