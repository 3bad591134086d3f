import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://developer.gocardless.com/getting-started/staying-up-to-date-with-webhooks (validating webhook signatures)
export const gocardless = bodyHmacProvider({
  id: 'gocardless',
  name: 'GoCardless',
  header: 'Webhook-Signature',
  framing: { prefix: '', encoding: 'hex' },
  secretFormat: 'the webhook endpoint\'s secret (Developers > Webhook endpoints), used as UTF-8 bytes; not an access token',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate on each event\'s id in the payload\'s events array (one POST carries up to 250 events)',
  facts: 'one signature covers the whole batch of events',
  // Webhook-Signature is also Standard Webhooks' header name: provider "auto" never guesses GoCardless.
  detectable: false,
  demo: {
    payload: '{"events":[{"id":"EVDEMOREPLAY01","created_at":"2023-11-14T22:13:20.000Z","resource_type":"payments",' +
      '"action":"confirmed","links":{"payment":"PMDEMO01"},"details":{"origin":"gocardless","cause":"payment_confirmed"}}]}',
    secret: 'gocardless-replay-vector-demo-endpoint-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('GoCardless signs the whole body (every event of the batch) as hex',
    'The key is the webhook endpoint\'s secret; Webhook-Signature is a bare hex digest, not a Standard Webhooks v1, list.')
})
