import { ed25519 } from '../algorithms.js'
import { publicKey, rawEd25519 } from '../key-formats.js'
import { anyFramework } from '../provider.js'
import { DEMO_ED25519 } from './demo-keys.js'
import { timestampSignatureProvider } from './timestamp-signature.js'

// https://developers.telnyx.com/docs/messaging/messages/receiving-webhooks and telnyx-python's webhook.verify (timestamp|payload)
export const telnyx = timestampSignatureProvider({
  id: 'telnyx',
  name: 'Telnyx',
  signatureHeader: 'telnyx-signature-ed25519',
  timestampHeader: 'telnyx-timestamp',
  join: '|',
  encoding: 'base64',
  signatureBytes: 64,
  // The Mission Control Portal shows the account's public key as its 32 raw bytes in base64.
  signingKey: { type: 'ed25519', publish: (key) => rawEd25519(key).toString('base64') },
  algorithm: ed25519(publicKey('ed25519')),
  scheme: 'ed25519-base64',
  hash: null,
  secretFormat: 'the account\'s public key (Mission Control Portal > Keys & Credentials > Public Key, base64 of 32 bytes); not the API key',
  keyFormat: 'ed25519 public key, base64 of its 32 bytes (hex, PEM and JWK are read too)',
  facts: 'the Telnyx SDKs refuse only timestamps older than their tolerance (300 s); here both directions are checked',
  secretFindings: () => [],
  demo: {
    payload: '{"data":{"event_type":"message.received","id":"demo-event-0001","occurred_at":"2023-11-14T22:13:20.000+00:00",' +
      '"payload":{"text":"Demo message"},"record_type":"event"},"meta":{"attempt":1,"delivered_to":"https://example.com/webhooks"}}',
    secret: DEMO_ED25519.publicBase64,
    signingKey: DEMO_ED25519.privateKey,
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Telnyx signs "<telnyx-timestamp>|<raw body>" with Ed25519',
    'A "|" joins the timestamp and the raw body; verify with the account\'s base64 public key, not the API key.')
})
