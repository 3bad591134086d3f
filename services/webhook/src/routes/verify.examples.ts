import type { Provider } from '../domain/provider.js'
import { PROVIDERS } from '../domain/providers/index.js'
import { replayTestVectors } from '../domain/replay-vectors.js'
import type { ReplayTestVector } from '../domain/replay-vectors.js'
import type { VerifyRequest } from '../domain/verify.js'
import { verifyWebhook } from '../domain/verify.js'

interface Example {
  summary: string
  value: unknown
}

const requestOf = (vector: ReplayTestVector): VerifyRequest => ({
  provider: vector.provider,
  payload: vector.payload,
  headers: vector.headers,
  secret: vector.secret,
  ...(vector.url === undefined ? {} : { url: vector.url }),
  ...(vector.method === undefined ? {} : { method: vector.method }),
  ...(vector.generic == null ? {} : { generic: vector.generic }),
  ...(vector.now_epoch_seconds == null ? {} : { now_epoch_seconds: vector.now_epoch_seconds })
})

type Examples = Record<string, { summary: string, value: VerifyRequest }>

/** A provider's documented examples: the demos that say so, else its first demo; with the variants they ask for. */
function examplesOf (provider: Provider): Examples {
  const configurable = provider.configurable
  if (configurable !== undefined) {
    const { options, summary } = configurable.example
    return { [provider.id]: { summary, value: requestOf(replayTestVectors(provider, options)[0]) } }
  }
  const vectors = replayTestVectors(provider)
  const documented = provider.demos.flatMap((demo, index) => demo.example === undefined ? [] : [{ example: demo.example, value: requestOf(vectors[index]) }])
  if (documented.length === 0) return { [provider.id]: { summary: `${provider.info.name}: a demo delivery`, value: requestOf(vectors[0]) } }
  const examples: Examples = {}
  for (const { example, value } of documented) {
    examples[example.name ?? provider.id] = { summary: example.summary, value }
    if (example.auto !== undefined) examples.auto = { summary: example.auto, value: { ...value, provider: 'auto' } }
    if (example.rotation === true) {
      const { secret, ...rest } = value
      examples.rotation = {
        summary: 'A secret rotation: the delivery matches the second of two secrets',
        value: { ...rest, secrets: ['whsec_the_new_secret_not_yet_in_use', secret as string] }
      }
    }
    if (example.reserialised === true) {
      examples[`${provider.id}-reserialised`] = {
        summary: `${provider.info.name}, invalid: the body was parsed and re-serialised compactly (near-miss diagnosis)`,
        value: { ...value, payload: JSON.stringify(JSON.parse(value.payload)) }
      }
    }
  }
  return examples
}

// Real requests and the answers this service gives them (computed at start, so they cannot drift from the code).
const REQUESTS: Examples = Object.assign({}, ...Object.values(PROVIDERS).map(examplesOf))

export const verifyRequestExamples: Record<string, Example> = REQUESTS

export const verifyResponseExamples: Record<string, Example> = Object.fromEntries(
  Object.entries(REQUESTS).map(([name, { summary, value }]) => [name, { summary, value: verifyWebhook(value, value.now_epoch_seconds ?? 0) }])
)
