import { sign } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { ed25519PublicHex, NOW, pairsBySecret, TEST_KEYS } from '../../helpers/sign.js'

// telnyx-python's construction: Ed25519 over "<telnyx-timestamp>|<body>", base64; the key is the base64 public key.
const PUBLIC_KEY = Buffer.from(ed25519PublicHex(TEST_KEYS.ed25519.publicKey), 'hex').toString('base64')
const pairFor = pairsBySecret('ed25519', PUBLIC_KEY)
const telnyxSignature = (content: string, secret: string): string => sign(null, Buffer.from(content), pairFor(secret).privateKey).toString('base64')
const spec: SuiteSpec = {
  provider: 'telnyx',
  secret: PUBLIC_KEY,
  body: () => '{"data":{"event_type":"message.received","id":"b301ed3f-1490-491f-995f-6e64e69674d4","payload":{"text":"Hello"}}}',
  headers: (body, secret, timestamp) => ({
    'telnyx-timestamp': String(timestamp), 'telnyx-signature-ed25519': telnyxSignature(`${timestamp}|${body}`, secret)
  }),
  signatureHeader: 'telnyx-signature-ed25519',
  timestamped: true
}

describe('telnyx', () => {
  providerBasics(spec)

  it('refuses a signature over the timestamp and body without the "|"', () => {
    const signed = request(spec)
    const headers = { ...signed.headers, 'telnyx-signature-ed25519': telnyxSignature(`${NOW}${signed.payload}`, PUBLIC_KEY) }
    expect(verifyWebhook({ ...signed, headers }, NOW).reason).toBe('signature_mismatch')
  })

  it('reads a hex signature as malformed: Telnyx sends base64', () => {
    const signed = request(spec)
    const hex = Buffer.from(signed.headers['telnyx-signature-ed25519'], 'base64').toString('hex')
    const result = verifyWebhook({ ...signed, headers: { ...signed.headers, 'telnyx-signature-ed25519': hex } }, NOW)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').status).toBe('failed')
  })
})
