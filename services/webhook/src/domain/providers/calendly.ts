import { anyFramework } from '../provider.js'
import { signedListProvider } from './signed-list.js'

export const calendly = signedListProvider({
  id: 'calendly',
  name: 'Calendly',
  header: 'Calendly-Webhook-Signature',
  separator: ',',
  timestampKey: 't',
  signatureKey: 'v1',
  join: '.',
  secretFormat: 'the webhook signing key: the signing_key given when the subscription was created, or the OAuth app\'s key; ' +
    'used as UTF-8 bytes; not a personal access token or an OAuth access token',
  toleranceNote: 'Calendly\'s documentation rejects a t older than 3 minutes (pass tolerance_seconds: 180 to do the same)',
  idempotency: 'Calendly sends no delivery id: deduplicate on the payload\'s event and the invitee or event URI in it',
  demo: {
    payload: '{"created_at":"2023-11-14T22:13:20.000000Z","event":"invitee.created","payload":{"email":"demo@example.com","name":"Demo Invitee"}}',
    secret: 'calendly-replay-vector-demo-signing-key',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Calendly signs "<t>.<body>" with the subscription\'s signing key',
    'The signing key is the one given when the webhook subscription was created (or the OAuth app\'s); an access token never verifies a webhook.')
})
