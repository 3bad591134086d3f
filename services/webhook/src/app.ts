import { createSafeFetcher, createTargetCheck, type FetchPolicy } from '@utility-apis/safe-fetch'
import { buildService, type KitOptions } from '@utility-apis/service-kit'
import { CONFORMANCE_USER_AGENT } from './domain/conformance.js'
import { PROVIDER_IDS } from './domain/providers/index.js'
import { conformanceRoute } from './routes/conformance.route.js'
import { providerNames } from './routes/provider-lists.js'
import { providersRoute } from './routes/providers.route.js'
import { signRoute } from './routes/sign.route.js'
import { verifyRoute } from './routes/verify.route.js'

export interface BuildAppOptions extends KitOptions {
  /** The current time in Unix seconds, for timestamp tolerance; a request's now_epoch_seconds overrides it. */
  now?: () => number
  /** Outbound fetch policy of the conformance suite; tests allow fixture receivers on 127.0.0.1. */
  fetchPolicy?: FetchPolicy
}

const MiB = 1024 * 1024

export async function buildApp (options: BuildAppOptions) {
  const now = options.now ?? (() => Math.floor(Date.now() / 1000))
  return await buildService({
    name: 'webhook',
    version: '0.1.0',
    title: 'Webhook signature verification API',
    description: `Verifies the webhook signatures of ${PROVIDER_IDS.length} providers against the exact raw body, and explains a failure: ` +
      'checks, a near-miss diagnosis of what changed the body or the secret, framework-specific raw-body hints, and known-good test ' +
      'vectors; signs deliveries as each provider sends them, and grades a receiver with valid and forged ones. Payloads and ' +
      `secrets are never stored or logged. The providers (GET /v1/webhooks/providers lists each scheme): ${providerNames()}.`,
    tags: [{ name: 'webhooks', description: 'Webhook signature verification' }],
    // A webhook body may itself be several MiB, and it arrives JSON-escaped inside the request.
    bodyLimit: 5 * MiB,
    routes: async (app) => {
      await app.register(verifyRoute, { now })
      await app.register(providersRoute)
      await app.register(signRoute, { now })
      const policy: FetchPolicy = { ...(options.fetchPolicy ?? options.config.fetchPolicy), userAgent: CONFORMANCE_USER_AGENT }
      const fetcher = createSafeFetcher(policy)
      app.addHook('onClose', async () => { await fetcher.close() })
      // The fetcher's own rules, under its policy, judge the target before the suite sends anything
      await app.register(conformanceRoute, { fetcher, checkTarget: createTargetCheck(policy), now })
    }
  }, options)
}
