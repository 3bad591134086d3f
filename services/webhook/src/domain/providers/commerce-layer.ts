import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://docs.commercelayer.io/core/callbacks-security
export const commerceLayer = bodyHmacProvider({
  id: 'commerce-layer',
  name: 'Commerce Layer',
  header: 'X-CommerceLayer-Signature',
  framing: { prefix: '', encoding: 'base64' },
  secretFormat: 'the webhook\'s shared_secret, returned when the webhook was created, used as UTF-8 bytes; not the API client secret',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate deliveries on the resource id and X-CommerceLayer-Topic',
  telltales: ['x-commercelayer-topic'],
  demo: {
    payload: '{"data":{"id":"DemoOrder01","type":"orders","attributes":{"number":"1001","status":"placed"}}}',
    secret: 'commerce-layer-replay-vector-demo-shared-secret',
    headers: { 'Content-Type': 'application/vnd.api+json', 'X-CommerceLayer-Topic': 'orders.place' }
  },
  note: anyFramework('Commerce Layer signs the body with the webhook\'s shared secret as base64',
    'The shared_secret is in the response that created the webhook; the integration\'s client secret never matches.')
})
