import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// Sentry serialises with simplejson: compact separators, non-ASCII escaped as \uXXXX. Its docs verify
// JSON.stringify(req.body), which gives the same bytes only while the payload is ASCII: the raw body is what counts.
export const sentry = bodyHmacProvider({
  id: 'sentry',
  name: 'Sentry',
  header: 'Sentry-Hook-Signature',
  framing: { prefix: '', encoding: 'hex' },
  secretFormat: 'the integration\'s Client Secret (Settings > Developer Settings > your integration), used as UTF-8 bytes; ' +
    'not an auth token (sntrys_, sntryu_) or the DSN',
  deliveryIds: ['Request-ID'],
  idempotencyFallback: 'deduplicate deliveries on the resource id in the payload',
  facts: 'the body is compact JSON with non-ASCII escaped as \\uXXXX, so re-serialising it breaks the signature; Sentry-Hook-Timestamp is not signed',
  demo: {
    // As Sentry sends it: compact, with non-ASCII escaped; JSON.stringify of the parsed body would not match.
    payload: '{"action":"created","installation":{"uuid":"7a485448-a9e2-4c85-8a3c-4f44175783c9"},' +
      '"data":{"issue":{"id":"1","title":"Caf\\u00e9 crashed"}},"actor":{"type":"application","id":"sentry","name":"Sentry"}}',
    secret: 'sentry-replay-vector-demo-client-secret',
    headers: { 'Content-Type': 'application/json', 'Sentry-Hook-Resource': 'issue' }
  },
  note: anyFramework('Sentry escapes non-ASCII characters in its JSON',
    'Sentry\'s documented JSON.stringify(req.body) matches only ASCII payloads: an error message with é or … is sent as \\u00e9, ' +
    'which JSON.stringify writes back as é. Verify the raw body.')
})
