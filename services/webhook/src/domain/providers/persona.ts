import { anyFramework } from '../provider.js'
import { signedListProvider } from './signed-list.js'

// https://docs.withpersona.com/docs/webhooks-best-practices (checking signatures)
export const persona = signedListProvider({
  id: 'persona',
  name: 'Persona',
  header: 'Persona-Signature',
  separator: ',',
  timestampKey: 't',
  signatureKey: 'v1',
  join: '.',
  secretFormat: 'the webhook secret (wbhsec_..., Dashboard > Webhooks), used as UTF-8 bytes, prefix included; not an API key (persona_)',
  listSeparator: ' ',
  toleranceNote: 'during a secret rotation Persona sends two space-separated t=...,v1=... lists: any v1 of either may match',
  idempotency: 'deduplicate deliveries on the event id (data.id) in the payload',
  demo: {
    payload: '{"data":{"type":"event","id":"evt_DemoReplayVector01","attributes":{"name":"inquiry.completed",' +
      '"payload":{"data":{"type":"inquiry","id":"inq_DemoInquiry01"}},"created-at":"2023-11-14T22:13:20.000Z"}}}',
    secret: 'wbhsec_persona-replay-vector-demo',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Persona signs "<t>.<body>" with the webhook secret, wbhsec_ prefix included',
    'The secret is the whole wbhsec_ string from the webhook\'s page; an API key never matches.')
})
