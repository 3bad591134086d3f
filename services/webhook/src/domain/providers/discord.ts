import { ed25519 } from '../algorithms.js'
import { publicKey, rawEd25519 } from '../key-formats.js'
import { anyFramework } from '../provider.js'
import { DEMO_ED25519 } from './demo-keys.js'
import { timestampSignatureProvider } from './timestamp-signature.js'

// The application's public key as the Developer Portal shows it: 64 hex characters (32 raw bytes).
export const discord = timestampSignatureProvider({
  id: 'discord',
  name: 'Discord',
  signatureHeader: 'X-Signature-Ed25519',
  timestampHeader: 'X-Signature-Timestamp',
  encoding: 'hex',
  signatureBytes: 64,
  // Discord shows an application's public key as its 32 raw bytes in hex.
  signingKey: { type: 'ed25519', publish: (key) => rawEd25519(key).toString('hex') },
  algorithm: ed25519(publicKey('ed25519')),
  scheme: 'ed25519-hex',
  hash: null,
  secretFormat: 'the application\'s Public Key (Developer Portal > General Information, 64 hex characters); not the client secret or the bot token',
  keyFormat: 'ed25519 public key, 64 hex characters (base64, PEM and JWK are read too)',
  facts: 'discord-interactions checks no timestamp; here it must be within the tolerance',
  secretFindings: () => [],
  demo: {
    payload: '{"application_id":"123456789012345678","id":"987654321098765432","token":"demo-interaction-token","type":1,' +
      '"user":{"id":"111111111111111111"},"version":1}',
    secret: DEMO_ED25519.publicHex,
    signingKey: DEMO_ED25519.privateKey,
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Discord signs "<X-Signature-Timestamp><raw body>" with Ed25519',
    'Verify with the application\'s Public Key from the Developer Portal, over the raw body before any JSON parser runs. ' +
      'Discord sends deliberately invalid signatures when it checks the endpoint URL: answer those with 401.')
})
