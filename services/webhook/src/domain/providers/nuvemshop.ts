import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://tiendanube.github.io/api-documentation/resources/webhook (verifying a webhook)
export const nuvemshop = bodyHmacProvider({
  id: 'nuvemshop',
  name: 'Nuvemshop (Tiendanube)',
  header: 'x-linkedstore-hmac-sha256',
  framing: { prefix: '', encoding: 'hex' },
  secretFormat: 'the app\'s client secret (Partners Portal), used as UTF-8 bytes; not a store\'s access token',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate deliveries on the store_id, event and id in the payload',
  demo: {
    payload: '{"store_id":1000001,"event":"order/paid","id":2000001}',
    secret: 'nuvemshop-replay-vector-demo-client-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Nuvemshop signs the body with the app\'s client secret as hex',
    'The key is the app\'s client secret from the Partners Portal; a store access token never matches.')
})
