import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { OUT_OF_SCOPE } from '../domain/out-of-scope.js'
import type { ProviderInfo } from '../domain/provider.js'
import { PROVIDERS, type ProviderId } from '../domain/providers/index.js'
import { ProvidersResponseSchema } from './providers.schemas.js'

const PROVIDER_LIST = {
  providers: Object.values(PROVIDERS).map((provider) => provider.info as ProviderInfo & { provider: ProviderId }),
  out_of_scope: OUT_OF_SCOPE
}

// A business endpoint like verify: it needs an API key and counts once against the quota.
export const providersRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v1/webhooks/providers', {
    config: { auth: true },
    schema: {
      tags: ['webhooks'],
      operationId: 'listWebhookProviders',
      summary: 'List the supported providers',
      description: 'Each provider with its signature scheme, headers, signed content, secret and key format, whether it is replay-protected and its ' +
        'default timestamp tolerance, whether it signs the URL, and the senders that use its scheme under their own name (aliases); then the senders ' +
        'out of scope and why. Like every business endpoint it needs an API key and counts once against the monthly quota.',
      response: {
        200: {
          ...ProvidersResponseSchema,
          description: 'The providers, in a stable order.',
          'x-examples': { all: { summary: 'All providers', value: PROVIDER_LIST } }
        }
      }
    }
  }, async () => PROVIDER_LIST)
}
