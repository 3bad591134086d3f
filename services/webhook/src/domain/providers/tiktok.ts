import { anyFramework } from '../provider.js'
import { signedListProvider } from './signed-list.js'

// https://developers.tiktok.com/doc/webhooks-verification
export const tiktok = signedListProvider({
  id: 'tiktok',
  name: 'TikTok for Developers',
  header: 'TikTok-Signature',
  separator: ',',
  timestampKey: 't',
  signatureKey: 's',
  join: '.',
  secretFormat: 'the app\'s client secret (Developer Portal), used as UTF-8 bytes; not the client key or an access token. ' +
    'TikTok Shop webhooks sign differently (an Authorization header) and are not this scheme',
  toleranceNote: 'TikTok leaves the window to the receiver',
  idempotency: 'TikTok delivers at least once: deduplicate on the payload\'s event, user_openid and create_time',
  demo: {
    payload: '{"client_key":"demo_client_key","event":"video.publish.completed","create_time":1700000000,' +
      '"user_openid":"demo-open-id","content":"{\\"share_id\\":\\"video.demo.0001\\"}"}',
    secret: 'tiktok-replay-vector-demo-client-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('TikTok signs "<t>.<body>" with the client secret, as t=...,s=<hex>',
    'The signature entry is s=, not v1=; the key is the app\'s client secret.')
})
