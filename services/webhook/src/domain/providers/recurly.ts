import { HMAC_SHA256 } from '../algorithms.js'
import { decodeHex, hmac } from '../digest.js'
import { anyFramework, check, defineProvider, prefixed, readHeader, type Candidate, type ProviderContext, type SignatureRead } from '../provider.js'
import { headerFailure } from './framing.js'

const SIGNATURE = 'recurly-signature'
const FORM = '<unix milliseconds>,<64 hex digits>[,<64 hex digits>...]'

// The first item is the time, every other one a signature (one per active secret key during a rotation).
function read (ctx: ProviderContext): SignatureRead {
  const found = readHeader(ctx, SIGNATURE, SIGNATURE)
  if ('check' in found) return headerFailure(found, HMAC_SHA256)
  const [timestamp, ...texts] = found.value.split(',')
  const candidates: Candidate[] = []
  const loose: string[] = []
  texts.forEach((text, index) => {
    const digest = decodeHex(text)
    if (digest?.length === 32) candidates.push({ label: `signature ${index + 1} of ${texts.length}`, digest })
    else loose.push(text)
  })
  const result: SignatureRead = { checks: [], header: SIGNATURE, candidates, loose, algorithm: HMAC_SHA256 }
  if (texts.length === 0) {
    result.reason = 'missing_signature_header'
    result.checks.push(check('signature_header', 'failed', `${SIGNATURE} has no signature after its timestamp; Recurly sends ${FORM}`))
  } else if (candidates.length === 0) {
    result.reason = 'malformed_signature_header'
    result.checks.push(check('signature_header', 'failed', `${SIGNATURE} found, but no signature in it is 64 hex digits; Recurly sends ${FORM}`))
  } else {
    result.checks.push(check('signature_header', 'passed', `${SIGNATURE} found: ${texts.length === 1 ? '1 signature' : `${texts.length} signatures`}`))
  }
  return { ...result, timestamp, timestampLabel: `the first item of ${SIGNATURE}`, timestampUnit: 'milliseconds', signed: prefixed(`${timestamp}.`) }
}

// https://docs.recurly.com/recurly-subscriptions/docs/signature-verification
export const recurly = defineProvider({
  id: 'recurly',
  name: 'Recurly',
  scheme: 'hmac-sha256-hex',
  signatureHeaders: ['recurly-signature'],
  timestampHeader: 'recurly-signature (first item, milliseconds)',
  replayProtected: true,
  signedContent: `<timestamp>.<raw body>; header value ${FORM}, any signature may match; JSON webhooks only (XML ones are not signed)`,
  secretFormat: 'the webhook endpoint\'s secret key (Integrations > Webhooks > Endpoints), used as UTF-8 bytes; not the private API key',
  algorithm: HMAC_SHA256,
  detection: { headers: [SIGNATURE] },
  read,
  extraChecks: () => [check('idempotency_key', 'skipped', 'deduplicate deliveries on the id in the payload')],
  sign: ({ body, secret, timestamp }) => ({
    [SIGNATURE]: `${timestamp * 1000},${hmac('sha256', secret, body, `${timestamp * 1000}.`).toString('hex')}`
  }),
  demos: [{
    payload: '{"id":"demoReplayVector01","object_type":"subscription","site_id":"demo-site","event_type":"created",' +
      '"event_time":"2023-11-14T22:13:20Z","account_code":"demo-account","uuid":"demo-subscription"}',
    secret: 'recurly-replay-vector-demo-endpoint-key',
    headers: { 'Content-Type': 'application/json' }
  }],
  note: anyFramework('Recurly signs "<ms timestamp>.<body>" with the endpoint\'s secret key',
    'The header is the millisecond timestamp then the signatures, comma-separated; the key is the endpoint\'s, not the API key.')
})
