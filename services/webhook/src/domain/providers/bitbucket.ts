import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// Bitbucket Cloud and Data Center both send X-Hub-Signature: sha256=<hex> (WebSub's method=signature form).
export const bitbucket = bodyHmacProvider({
  id: 'bitbucket',
  name: 'Bitbucket',
  header: 'X-Hub-Signature',
  framing: { prefix: 'sha256=', encoding: 'hex' },
  secretFormat: 'the secret set on the webhook (Repository settings > Webhooks), used as UTF-8 bytes; not an app password (ATBB) or an access token',
  deliveryIds: ['X-Request-UUID', 'X-Request-Id'],
  idempotencyFallback: 'deduplicate deliveries on X-Request-UUID (Cloud) or X-Request-Id (Data Center) when you receive it',
  facts: 'Cloud and Data Center alike; X-Event-Key names the event',
  telltales: ['x-event-key', 'x-request-uuid', 'x-hook-uuid'],
  demo: {
    payload: '{"push":{"changes":[]},"repository":{"full_name":"demo/repo","type":"repository"}}',
    secret: 'bitbucket-replay-vector-demo-secret',
    headers: { 'Content-Type': 'application/json', 'X-Event-Key': 'repo:push' },
    id: 'f2f5a0d3-1c4b-4a0e-9f3e-6a1d2c3b4e5f'
  },
  note: anyFramework('Bitbucket signs the body exactly as sent',
    'Verify the raw bytes before any JSON parser runs; the secret is the one saved on the webhook, not an app password.')
})
