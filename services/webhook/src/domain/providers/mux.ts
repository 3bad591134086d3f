import { anyFramework } from '../provider.js'
import { signedListProvider } from './signed-list.js'

export const mux = signedListProvider({
  id: 'mux',
  name: 'Mux',
  header: 'Mux-Signature',
  separator: ',',
  timestampKey: 't',
  signatureKey: 'v1',
  join: '.',
  secretFormat: 'the webhook signing secret (Settings > Webhooks), used as its UTF-8 characters (not base64-decoded); ' +
    'not an access token id or secret',
  toleranceNote: '@mux/mux-node rejects a t more than 300 s old and accepts any future one',
  idempotency: 'Mux puts the event id in the payload (id): deduplicate deliveries on it',
  demo: {
    payload: '{"type":"video.asset.ready","id":"3a56ac3d-33da-4366-855b-f592d898409d","data":{"id":"demo-asset","status":"ready"},' +
      '"created_at":"2023-11-14T22:13:20.000000Z"}',
    secret: 'mux-replay-vector-demo-signing-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Mux signs "<t>.<body>" with the webhook signing secret',
    'The signing secret is under Settings > Webhooks, one per environment; an access token secret never matches.')
})
