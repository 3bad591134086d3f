import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://smartcar.com/docs/integrations/webhooks/payload-verification
export const smartcar = bodyHmacProvider({
  id: 'smartcar',
  name: 'Smartcar',
  header: 'SC-Signature',
  framing: { prefix: '', encoding: 'hex' },
  secretFormat: 'the Application Management Token (Smartcar Dashboard), used as UTF-8 bytes; not the client secret',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate deliveries on the eventId in the payload',
  facts: 'the VERIFY challenge is answered with an HMAC of its challenge, not verified here',
  demo: {
    payload: '{"eventId":"demo-event-0001","eventType":"VEHICLE_STATE","data":{"vehicle":{"id":"demo-vehicle"}},' +
      '"meta":{"version":"4.0","deliveredAt":1700000000000}}',
    secret: 'smartcar-replay-vector-demo-management-token',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Smartcar signs the body with the Application Management Token as hex',
    'The key is the Application Management Token from the Dashboard; the OAuth client secret never matches.')
})
