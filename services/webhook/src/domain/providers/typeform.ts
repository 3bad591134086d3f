import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

export const typeform = bodyHmacProvider({
  id: 'typeform',
  name: 'Typeform',
  header: 'Typeform-Signature',
  framing: { prefix: 'sha256=', encoding: 'base64' },
  secretFormat: 'the secret set on the form\'s webhook (Connect > Webhooks > Edit, or the API\'s secret field), used as UTF-8 bytes; ' +
    'not a personal access token (tfp_)',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate deliveries on event_id in the payload',
  demo: {
    payload: '{"event_id":"01HF0DEMOREPLAYVECTOR0000","event_type":"form_response",' +
      '"form_response":{"form_id":"lT4Z3j","submitted_at":"2023-11-14T22:13:20Z","answers":[]}}',
    secret: 'typeform-replay-vector-demo-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Typeform signs the body as sha256=<base64>',
    'The signature is base64, not hex, and covers the raw body; re-serialising the JSON changes it.')
})
