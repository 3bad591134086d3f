import { anyFramework } from '../provider.js'
import { bodyHmacProvider } from './body-hmac.js'

// Only admin webhooks saved with a secret are signed; webhooks registered by Connect or OAuth apps carry a JWT instead.
export const jira = bodyHmacProvider({
  id: 'jira',
  name: 'Jira',
  header: 'X-Hub-Signature',
  framing: { prefix: 'sha256=', encoding: 'hex' },
  secretFormat: 'the secret of the admin webhook (System > WebHooks), used as UTF-8 bytes; not an Atlassian API token (ATATT)',
  deliveryIds: ['X-Atlassian-Webhook-Identifier'],
  idempotencyFallback: 'deduplicate deliveries on X-Atlassian-Webhook-Identifier when you receive it',
  facts: 'only admin webhooks saved with a secret are signed (apps\' dynamic webhooks carry a JWT instead)',
  telltales: ['x-atlassian-webhook-identifier'],
  demo: {
    payload: '{"timestamp":1700000000000,"webhookEvent":"jira:issue_created","issue":{"id":"10001","key":"DEMO-1","fields":{"summary":"Demo issue"}}}',
    secret: 'jira-replay-vector-demo-secret',
    headers: { 'Content-Type': 'application/json' },
    id: '1700000000001'
  },
  note: anyFramework('Jira signs the body of admin webhooks only',
    'Only webhooks created by an admin with a secret are signed; webhooks registered by Connect or OAuth apps carry a JWT in Authorization instead.')
})
