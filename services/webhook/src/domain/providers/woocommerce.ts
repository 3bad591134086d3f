import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

export const woocommerce = bodyHmacProvider({
  id: 'woocommerce',
  name: 'WooCommerce',
  header: 'X-WC-Webhook-Signature',
  framing: { prefix: '', encoding: 'base64' },
  secretFormat: 'the webhook\'s Secret (WooCommerce > Settings > Advanced > Webhooks), used as UTF-8 bytes; ' +
    'not the REST API consumer key (ck_) or consumer secret (cs_)',
  deliveryIds: ['X-WC-Webhook-Delivery-ID'],
  idempotencyFallback: 'deduplicate deliveries on X-WC-Webhook-Delivery-ID when you receive it',
  facts: 'X-WC-Webhook-Source, -Topic, -Resource, -Event and -ID describe the delivery',
  telltales: ['x-wc-webhook-source', 'x-wc-webhook-topic'],
  demo: {
    payload: '{"id":727,"status":"processing","currency":"USD","total":"29.35"}',
    secret: 'woocommerce-replay-vector-demo-secret',
    headers: { 'Content-Type': 'application/json', 'X-WC-Webhook-Topic': 'order.created', 'X-WC-Webhook-Source': 'https://shop.example.com/' },
    id: '1042'
  },
  note: anyFramework('WooCommerce signs the body with the webhook\'s secret as base64',
    'The secret is set per webhook (WooCommerce > Settings > Advanced > Webhooks); the REST API consumer key and secret never match.')
})
