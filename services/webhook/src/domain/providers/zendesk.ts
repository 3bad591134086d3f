import { anyFramework } from '../provider.js'
import { timestampHmacProvider } from './timestamp-hmac.js'

// https://developer.zendesk.com/documentation/webhooks/verifying/
export const zendesk = timestampHmacProvider({
  id: 'zendesk',
  name: 'Zendesk',
  header: 'X-Zendesk-Webhook-Signature',
  framing: { prefix: '', encoding: 'base64' },
  timestampHeader: 'X-Zendesk-Webhook-Signature-Timestamp',
  timestampUnit: 'rfc3339',
  before: (timestamp) => timestamp,
  beforeText: '<X-Zendesk-Webhook-Signature-Timestamp>',
  secretFormat: 'the webhook\'s signing secret (Admin Center > Webhooks > the webhook > Reveal secret), used as UTF-8 bytes; ' +
    'not an API token',
  facts: 'the timestamp is an ISO 8601 date, signed as sent; a request without a body signs the timestamp alone',
  idempotency: 'deduplicate deliveries on x-zendesk-webhook-invocation-id, or the id of the event in the payload',
  demo: {
    payload: '{"type":"zen:event-type:ticket.created","account_id":1000000,"id":"demo-event-0001",' +
      '"time":"2023-11-14T22:13:20Z","detail":{"id":"1001","subject":"Demo ticket"}}',
    secret: 'zendesk-replay-vector-demo-signing-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Zendesk signs "<timestamp><body>" with the webhook\'s signing secret as base64',
    'The timestamp header is concatenated with the raw body with nothing between them; the secret is revealed on the webhook\'s page.')
})
