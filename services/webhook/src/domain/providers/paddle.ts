import { anyFramework } from '../provider.js'
import { signedListProvider } from './signed-list.js'

// Paddle Billing. During a secret rotation Paddle sends one h1 per active secret; the Node SDK keeps only the last
// h1 of the header, so it can reject a delivery whose first h1 matches: any h1 entry is accepted here.
export const paddle = signedListProvider({
  id: 'paddle',
  name: 'Paddle',
  header: 'Paddle-Signature',
  separator: ';',
  timestampKey: 'ts',
  signatureKey: 'h1',
  join: ':',
  secretFormat: 'the secret key of the notification destination (pdl_ntfset_...), the whole string used as UTF-8 bytes; ' +
    'not an API key (pdl_live_apikey_, pdl_sdbx_apikey_)',
  toleranceNote: '@paddle/paddle-node-sdk rejects a ts more than 5 s old (pass tolerance_seconds: 5 to do the same)',
  idempotency: 'Paddle puts event_id and notification_id in the payload: deduplicate deliveries on notification_id',
  demo: {
    payload: '{"event_id":"evt_01hv8x2acma2gz1bnjv0d9s9kz","event_type":"transaction.completed","occurred_at":"2023-11-14T22:13:20.000000Z",' +
      '"notification_id":"ntf_01hv8x2af9qg5pdkf5r5x5c7bk","data":{"id":"txn_01hv8wptq8987qeep44cyrewp9","status":"completed"}}',
    secret: 'pdl_ntfset_01hv8x0demo0replay0vector_demosecretkey',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Paddle signs "<ts>:<body>" with the notification destination\'s secret key',
    'Each notification destination has its own secret key (pdl_ntfset_...), different in sandbox and live; an API key never verifies a webhook.')
})
