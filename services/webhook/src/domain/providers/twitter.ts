import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://docs.x.com/x-api/webhooks/quickstart (securing incoming events)
export const twitter = bodyHmacProvider({
  id: 'twitter',
  name: 'X (Twitter)',
  header: 'x-twitter-webhooks-signature',
  framing: { prefix: 'sha256=', encoding: 'base64' },
  secretFormat: 'the app\'s consumer secret (API Key Secret), used as UTF-8 bytes; not the bearer token or a user access token',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate deliveries on the event ids in the payload',
  facts: 'the same key answers the CRC challenge (GET crc_token), which is not verified here',
  demo: {
    payload: '{"for_user_id":"2244994945","tweet_create_events":[{"id_str":"1724000000000000000","text":"Demo post"}]}',
    secret: 'twitter-replay-vector-demo-consumer-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('X signs the body with the consumer secret as sha256=<base64>',
    'The key is the app\'s consumer secret (API Key Secret), the one that answers the CRC check; a bearer token never matches.')
})
