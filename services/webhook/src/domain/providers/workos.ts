import { anyFramework } from '../provider.js'
import { signedListProvider } from './signed-list.js'

// https://workos.com/docs/events/data-syncing/webhooks and @workos-inc/node's webhooks.constructEvent (t in milliseconds)
export const workos = signedListProvider({
  id: 'workos',
  name: 'WorkOS',
  header: 'WorkOS-Signature',
  separator: ',',
  timestampKey: 't',
  signatureKey: 'v1',
  join: '.',
  timestampUnit: 'milliseconds',
  trimItems: true,
  secretFormat: 'the webhook endpoint\'s secret (Dashboard > Webhooks), used as UTF-8 bytes; not the API key (sk_)',
  toleranceNote: 't is in milliseconds and written "t=<ms>, v1=<hex>" with a space; the WorkOS SDKs allow 180 s ' +
    '(pass tolerance_seconds: 180 to do the same)',
  idempotency: 'deduplicate deliveries on the event id in the payload',
  demo: {
    payload: '{"id":"event_01HDEMOREPLAYVECTOR0000000","event":"user.created","data":{"object":"user","id":"user_01HDEMO",' +
      '"email":"demo@example.com"},"created_at":"2023-11-14T22:13:20.000Z"}',
    secret: 'workos-replay-vector-demo-webhook-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('WorkOS signs "<t>.<body>" with the endpoint secret; t is in milliseconds',
    'Read t as milliseconds and keep the raw body; the secret is the webhook endpoint\'s, not the API key.')
})
