import { HMAC_SHA1 } from '../algorithms.js'
import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

export const vercel = bodyHmacProvider({
  id: 'vercel',
  name: 'Vercel',
  header: 'x-vercel-signature',
  framing: { prefix: '', encoding: 'hex' },
  algorithm: HMAC_SHA1,
  secretFormat: 'the webhook\'s secret shown when it was created (account or team Settings > Webhooks), or the integration\'s client secret ' +
    'for integration webhooks; used as UTF-8 bytes; not an access token',
  deliveryIds: [],
  idempotencyFallback: 'deduplicate deliveries on the event id (id) in the payload',
  facts: 'HMAC-SHA1',
  demo: {
    payload: '{"id":"demo_evt_GkUYiCZrTJ2LDEcDCtGf0XH8","type":"deployment.succeeded","createdAt":1700000000000,' +
      '"payload":{"deployment":{"id":"dpl_demo","url":"demo.vercel.app"}}}',
    secret: 'vercel-replay-vector-demo-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Vercel signs the body with HMAC-SHA1',
    'Account and team webhooks are signed with the secret shown once at creation; integration webhooks with the integration\'s client secret.')
})
