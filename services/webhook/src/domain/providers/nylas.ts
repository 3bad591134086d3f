import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://developer.nylas.com/docs/v3/notifications/webhooks/ and the Nylas SDKs' verifyWebhookSignature
export const nylas = bodyHmacProvider({
  id: 'nylas',
  name: 'Nylas',
  header: 'X-Nylas-Signature',
  framing: { prefix: '', encoding: 'hex' },
  secretFormat: 'the webhook_secret returned when the webhook was created (v3; the client secret in v2), used as UTF-8 bytes; ' +
    'not the API key',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate deliveries on the id in the payload',
  demo: {
    payload: '{"specversion":"1.0","type":"message.created","source":"/google/emails/realtime","id":"demo-notification-0001",' +
      '"time":1700000000,"data":{"application_id":"demo-app","object":{"id":"demo-message","grant_id":"demo-grant"}}}',
    secret: 'nylas-replay-vector-demo-webhook-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Nylas signs the body with the webhook secret as hex',
    'In v3 the key is the webhook_secret returned once when the webhook was created; the API key never matches.')
})
