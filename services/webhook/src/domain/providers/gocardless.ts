import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://developer.gocardless.com/getting-started/staying-up-to-date-with-webhooks (validating webhook signatures),
// and gocardless-nodejs (webhooks.parse), whose test publishes the vector of the demo
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
  // The published vector of gocardless-nodejs's webhooks test: its fixture body (compact JSON) and endpoint secret.
  demo: {
    payload: '{"events":[{"id":"EV00BD05S5VM2T","created_at":"2018-07-05T09:13:51.404Z","resource_type":"subscriptions",' +
      '"action":"created","links":{"subscription":"SB0003JJQ2MR06"},"details":{"origin":"api","cause":"subscription_created",' +
      '"description":"Subscription created via the API."},"metadata":{}},{"id":"EV00BD05TB8K63","created_at":"2018-07-05T09:13:56.893Z",' +
      '"resource_type":"mandates","action":"created","links":{"mandate":"MD000AMA19XGEC"},"details":{"origin":"api",' +
      '"cause":"mandate_created","description":"Mandate created via the API."},"metadata":{}}]}',
    secret: 'ED7D658C-D8EB-4941-948B-3973214F2D49',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('GoCardless signs the whole body (every event of the batch) as hex',
    'The key is the webhook endpoint\'s secret; Webhook-Signature is a bare hex digest, not a Standard Webhooks v1, list.')
})
