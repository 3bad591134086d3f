import type { GenericOptions, ProviderId, VerifyRequest } from '../../src/domain/types.js'
import { githubSignature, hmacBase64, NOW, shopifySignature, slackSignature, standardSignature, stripeHeader } from './sign.js'

export const SECRETS: Record<ProviderId, string> = {
  github: 'github-webhook-secret',
  slack: '8f742231b10e8888abcd99aaabbb85a5',
  stripe: 'whsec_suite_secret_0123456789',
  shopify: 'shopify-client-secret',
  'generic-hmac': 'generic-secret',
  'standard-webhooks': 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
}

export const GENERIC: GenericOptions = { header_name: 'X-Webhook-Signature', encoding: 'base64', prefix: 'sha256=' }

/** A request as the provider would deliver it, signed by the documented construction (not by the code under test). */
export function delivery (provider: ProviderId, payload: string, timestamp = NOW, secret = SECRETS[provider]): VerifyRequest {
  const base = { provider, payload, secret, now_epoch_seconds: NOW }
  switch (provider) {
    case 'github': return { ...base, headers: { 'X-Hub-Signature-256': githubSignature(secret, payload) } }
    case 'slack': return { ...base, headers: { 'X-Slack-Request-Timestamp': String(timestamp), 'X-Slack-Signature': slackSignature(secret, timestamp, payload) } }
    case 'stripe': return { ...base, headers: { 'Stripe-Signature': stripeHeader(secret, timestamp, payload) } }
    case 'shopify': return { ...base, headers: { 'X-Shopify-Hmac-Sha256': shopifySignature(secret, payload) } }
    case 'generic-hmac': return { ...base, generic: GENERIC, headers: { 'X-Webhook-Signature': `sha256=${hmacBase64(secret, payload)}` } }
    case 'standard-webhooks': return {
      ...base,
      headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': standardSignature(secret, 'msg_1', timestamp, payload) }
    }
  }
}
