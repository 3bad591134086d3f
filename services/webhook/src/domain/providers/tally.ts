import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://tally.so/help/webhooks
export const tally = bodyHmacProvider({
  id: 'tally',
  name: 'Tally',
  header: 'Tally-Signature',
  framing: { prefix: '', encoding: 'base64' },
  secretFormat: 'the signing secret set on the form\'s webhook, used as UTF-8 bytes; not an API key',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate deliveries on the eventId in the payload',
  demo: {
    payload: '{"eventId":"demo-event-0001","eventType":"FORM_RESPONSE","createdAt":"2023-11-14T22:13:20.000Z",' +
      '"data":{"responseId":"demo-response","formId":"demoForm","fields":[]}}',
    secret: 'tally-replay-vector-demo-signing-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Tally signs the body with the webhook\'s signing secret as base64',
    'The signing secret is set on the webhook; a webhook without one is not signed.')
})
