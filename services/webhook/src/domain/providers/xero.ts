import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://developer.xero.com/documentation/guides/webhooks/configuring-your-server/
export const xero = bodyHmacProvider({
  id: 'xero',
  name: 'Xero',
  header: 'x-xero-signature',
  framing: { prefix: '', encoding: 'base64' },
  secretFormat: 'the app\'s webhooks key (My Apps > Webhooks), used as UTF-8 bytes (its characters, not its base64 decoding); ' +
    'not the OAuth client secret',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate deliveries on the events\' resourceId and eventDateUtc in the payload',
  facts: 'the Intent to Receive check sends the same header, and an invalid one must get a 401',
  demo: {
    payload: '{"events":[{"resourceUrl":"https://api.xero.com/api.xro/2.0/Contacts/demo","resourceId":"demo-contact-0001",' +
      '"eventDateUtc":"2023-11-14T22:13:20.000","eventType":"UPDATE","eventCategory":"CONTACT","tenantId":"demo-tenant",' +
      '"tenantType":"ORGANISATION"}],"firstEventSequence":1,"lastEventSequence":1,"entropy":"DEMOENTROPY"}',
    secret: 'xero-replay-vector-demo-webhooks-key',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Xero signs the body with the webhooks key as base64',
    'The webhooks key is used as text even though it looks like base64; decoding it first never matches.')
})
