import { runConformance, type Send } from '../domain/conformance.js'
import { PROVIDERS, type ProviderId } from '../domain/providers/index.js'
import { verifyWebhook } from '../domain/verify.js'

interface Example {
  summary: string
  value: unknown
}

// The first provider of the index that signs the body alone, as the request example and the graded receivers use.
const provider = Object.values(PROVIDERS).find((entry) => entry.configurable === undefined && entry.signingKey === undefined && !entry.info.requires_url &&
  entry.signsBodyFields !== true && entry.algorithm.kind === 'mac') as (typeof PROVIDERS)[keyof typeof PROVIDERS]
const SECRET = provider.demos[0].secret
const ENDPOINT = 'https://hooks.example.com/webhooks'
const NOW = 1700000000

export const conformanceRequestExamples: Record<string, Example> = {
  [provider.id]: { summary: `A ${provider.info.name} receiver`, value: { provider: provider.id, endpoint_url: ENDPOINT, secret: SECRET } }
}

// Receivers made in process, so the documented answers are the service's own: one that verifies with this service's
// verifier, one that accepts everything. (The real suite sends each delivery over HTTP.)
const verifies: Send = async ({ payload, headers }) => {
  const valid = verifyWebhook({ provider: provider.id as ProviderId, payload, headers, secret: SECRET, now_epoch_seconds: NOW }, NOW).valid
  return { status: valid ? 204 : 401, body: Buffer.from(valid ? '' : '{"error":"invalid signature"}') }
}
const acceptsAll: Send = async () => ({ status: 200, body: Buffer.from('{"received":true}') })

export async function conformanceResponseExamples (): Promise<Record<string, Example>> {
  const run = async (send: Send) => await runConformance(provider, { secret: SECRET, payload: '{\n  "zen": "Design for failure."\n}' }, ENDPOINT, send, NOW)
  return {
    [provider.id]: { summary: 'A receiver that verifies: every check passed', value: await run(verifies) },
    'accepts-everything': { summary: 'A receiver that accepts everything: forged deliveries got through', value: await run(acceptsAll) }
  }
}
