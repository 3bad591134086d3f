import { ecdsaP256 } from '../algorithms.js'
import { publicKey } from '../key-formats.js'
import { anyFramework, type ContentVariant } from '../provider.js'
import { DEMO_P256 } from './demo-keys.js'
import { timestampSignatureProvider } from './timestamp-signature.js'

const CRLF_EXPLANATION = 'the body SendGrid signed ends with CRLF and your copy lost it (trimmed, read line by line, or re-serialised): ' +
  'verify the raw bytes as received, the final \\r\\n included'

export const sendgrid = timestampSignatureProvider({
  id: 'sendgrid',
  name: 'SendGrid (Twilio SendGrid Event Webhook)',
  signatureHeader: 'X-Twilio-Email-Event-Webhook-Signature',
  // SendGrid shows its Verification Key as base64 DER (SubjectPublicKeyInfo).
  signingKey: { type: 'p256', publish: (key) => key.export({ type: 'spki', format: 'der' }).toString('base64') },
  timestampHeader: 'X-Twilio-Email-Event-Webhook-Timestamp',
  encoding: 'base64',
  algorithm: ecdsaP256(publicKey('p256'), 'der'),
  scheme: 'ecdsa-p256-sha256-base64',
  hash: 'sha256',
  secretFormat: 'the Verification Key of the Signed Event Webhook (Mail Settings > Event Webhook), base64 of the ECDSA P-256 public key; not an API key (SG.)',
  keyFormat: 'ECDSA P-256 public key, base64 DER (PEM and JWK are read too)',
  facts: 'the signature is DER-encoded; @sendgrid/eventwebhook checks no timestamp, here it must be within the tolerance',
  contentVariants (ctx, read): ContentVariant[] {
    if (read.timestamp === undefined || ctx.payload.endsWith('\r\n')) return []
    return [{
      code: 'trailing_crlf_added',
      cause: 'tooling',
      finding: 'the payload followed by CRLF',
      explanation: CRLF_EXPLANATION,
      content: [read.timestamp, ctx.payload, '\r\n']
    }]
  },
  demo: {
    payload: '[{"email":"example@test.com","timestamp":1700000000,"event":"processed","sg_event_id":"demo-event-1","sg_message_id":"demo-message-1"}]\r\n',
    secret: DEMO_P256.publicBase64,
    signingKey: DEMO_P256.privateKey,
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('SendGrid signs "<timestamp><raw body>" with ECDSA, and its bodies end with CRLF',
    'Verify with the Verification Key of the Signed Event Webhook, over the raw bytes as received (the final \\r\\n included), ' +
      'before any JSON parser runs; the key is public, so it cannot sign.')
})
