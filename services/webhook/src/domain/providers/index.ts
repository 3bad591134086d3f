import type { Provider } from '../provider.js'
import type { ProviderId } from '../types.js'
import { genericHmac } from './generic-hmac.js'
import { github } from './github.js'
import { shopify } from './shopify.js'
import { slack } from './slack.js'
import { standardWebhooks } from './standard-webhooks.js'
import { stripe } from './stripe.js'

export const PROVIDERS: Record<ProviderId, Provider> = {
  github,
  slack,
  stripe,
  shopify,
  'generic-hmac': genericHmac,
  'standard-webhooks': standardWebhooks
}
