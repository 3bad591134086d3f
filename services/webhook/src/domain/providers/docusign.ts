import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// https://developers.docusign.com/platform/webhooks/connect/validate
export const docusign = bodyHmacProvider({
  id: 'docusign',
  name: 'DocuSign Connect',
  header: 'X-DocuSign-Signature-1',
  framing: { prefix: '', encoding: 'base64' },
  secretFormat: 'a Connect HMAC key (Connect > Connect Keys), used as UTF-8 bytes; with several active keys DocuSign sends ' +
    'X-DocuSign-Signature-2 and on, one per key: pass the key of -1, or verify the others with generic-hmac',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate deliveries on the envelopeId and event (and generatedDateTime) in the payload',
  facts: 'the whole body, line endings included; X-Authorization-Digest names the algorithm (HMACSHA256)',
  demo: {
    payload: '{"event":"envelope-completed","apiVersion":"v2.1","uri":"/restapi/v2.1/accounts/demo/envelopes/demo",' +
      '"configurationId":10000,"generatedDateTime":"2023-11-14T22:13:20.0000000Z","data":{"envelopeId":"demo-envelope-0001"}}',
    secret: 'docusign-replay-vector-demo-connect-key',
    headers: { 'Content-Type': 'application/json', 'X-Authorization-Digest': 'HMACSHA256' }
  },
  note: anyFramework('DocuSign signs the body with the Connect key as base64',
    'Each active Connect key gives one X-DocuSign-Signature-N header; the key is the one shown once when it was added.')
})
