import { anyFramework } from '../provider.js'
import { signedListProvider } from './signed-list.js'

// https://outpost.hookdeck.com/docs (webhook destinations) and hookdeck/outpost's examples/demos/nodejs/src/verify-signature.ts
export const hookdeckOutpost = signedListProvider({
  id: 'hookdeck-outpost',
  name: 'Hookdeck Outpost',
  header: 'X-Outpost-Signature',
  separator: ',',
  timestampKey: 't',
  signatureKey: 'v0',
  join: '.',
  secretFormat: 'the webhook destination\'s signing secret (shown on the destination), used as UTF-8 bytes; not the Outpost API key',
  toleranceNote: 'the default templates (t=<unix seconds>,v0=<hex>, signing "<t>.<body>"); an operator who changes ' +
    'the signature templates is verified with generic-hmac. X-Outpost-Timestamp carries milliseconds and is not signed',
  idempotency: 'deduplicate deliveries on X-Outpost-Event-Id',
  demo: {
    payload: '{"id":"evt_demo_replay_vector_0001","topic":"user.created","data":{"user_id":"demo-user"}}',
    secret: 'outpost-replay-vector-demo-signing-secret',
    headers: { 'Content-Type': 'application/json', 'X-Outpost-Event-Id': 'evt_demo_replay_vector_0001', 'X-Outpost-Topic': 'user.created' }
  },
  note: anyFramework('Outpost signs "<t>.<body>" with the destination\'s signing secret, as t=...,v0=<hex>',
    'The entry is v0=, and t is in seconds while X-Outpost-Timestamp is in milliseconds; only the signature header\'s t is signed.')
})
