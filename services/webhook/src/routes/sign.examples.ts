import type { Provider } from '../domain/provider.js'
import { PROVIDERS } from '../domain/providers/index.js'
import { signDelivery, type SignRequest } from '../domain/sign.js'

interface Example {
  summary: string
  value: unknown
}

type Request = SignRequest & { provider: string }

const all = Object.values(PROVIDERS)
const plain = (provider: Provider): boolean => provider.signingKey === undefined && provider.configurable === undefined && !provider.info.requires_url
// A provider of each kind, as the index lists them: one that signs the body alone, one that signs a timestamp, one that signs the URL.
const hmac = all.find((provider) => plain(provider) && !provider.replayProtected) as Provider
const timestamped = all.find((provider) => plain(provider) && provider.replayProtected) as Provider
const urlSigning = all.find((provider) => provider.info.requires_url) as Provider
const keyPair = all.find((provider) => provider.algorithm.kind === 'signature' && provider.signingKey !== undefined) as Provider

const withDemo = (provider: Provider): Request => {
  const demo = provider.demos[0]
  const url = demo.url === undefined ? {} : { url: demo.url }
  return { provider: provider.id, payload: demo.payload, secret: demo.secret, id: 'delivery-1', timestamp: 1700000000, ...url }
}

// Fixed requests and the answers this service gives them, computed at start.
const REQUESTS: Record<string, { summary: string, value: Request }> = {
  [hmac.id]: { summary: `${hmac.info.name}: the body signed with a secret`, value: withDemo(hmac) },
  [timestamped.id]: { summary: `${timestamped.info.name}: a timestamp signed with the body`, value: withDemo(timestamped) },
  [urlSigning.id]: { summary: `${urlSigning.info.name}: the URL signed with the body`, value: withDemo(urlSigning) }
}

const GENERATED = {
  summary: `${keyPair.info.name}: a fresh test key pair (the answer carries public_key and private_key, different every time)`,
  value: { provider: keyPair.id, payload: '{"type":1}', generate_test_key: true }
}

export const signRequestExamples: Record<string, Example> = { ...REQUESTS, [`${keyPair.id}-test-key`]: GENERATED }

export const signResponseExamples: Record<string, Example> = Object.fromEntries(Object.entries(REQUESTS).map(([name, { summary, value }]) =>
  [name, { summary, value: signDelivery(PROVIDERS[value.provider as keyof typeof PROVIDERS], value, 0) }]))
