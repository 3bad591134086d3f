import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://developers.facebook.com/docs/graph-api/webhooks/getting-started#validate-payloads
export const facebook = bodyHmacProvider({
  id: 'facebook',
  name: 'Meta (Facebook, Instagram, Messenger, WhatsApp)',
  header: 'X-Hub-Signature-256',
  framing: { prefix: 'sha256=', encoding: 'hex' },
  secretFormat: 'the app secret (App Dashboard > App settings > Basic), used as UTF-8 bytes; not a page or user access token, ' +
    'nor the verify token of the subscription handshake',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate on each entry\'s id and time in the payload',
  facts: 'Meta signs the payload with non-ASCII characters escaped as \\uXXXX, as it sends it; the GET hub.challenge handshake is ' +
    'not verified here',
  // X-Hub-Signature-256 is also GitHub's header: provider "auto" never guesses Meta (GitHub keeps its detection).
  detectable: false,
  demo: {
    payload: '{"object":"page","entry":[{"id":"1000000000000001","time":1700000000,"changes":[{"field":"feed","value":' +
      '{"item":"status","verb":"add"}}]}]}',
    secret: 'facebook-replay-vector-demo-app-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Meta signs the body with the app secret as sha256=<hex>',
    'Keep the raw body: Meta escapes non-ASCII characters as \\uXXXX, which a parse and re-serialisation turns back into UTF-8.')
})
