import { TOKEN } from '../algorithms.js'
import { defineProvider, anyFramework, bodyOnly, check, readHeader, type ProviderContext, type SignatureRead } from '../provider.js'
import { headerFailure } from './framing.js'

const TOKEN_HEADER = 'x-gitlab-token'

// GitLab signs nothing: it sends the webhook's secret token as is, which is compared in constant time.
function read (ctx: ProviderContext): SignatureRead {
  const found = readHeader(ctx, TOKEN_HEADER, 'X-Gitlab-Token')
  if ('check' in found) return headerFailure(found, TOKEN)
  if (found.value === '') {
    return {
      reason: 'malformed_signature_header',
      checks: [check('signature_header', 'failed', 'X-Gitlab-Token is empty: GitLab sends the secret token set on the webhook')],
      header: TOKEN_HEADER,
      candidates: [],
      loose: [],
      algorithm: TOKEN
    }
  }
  return {
    checks: [check('signature_header', 'passed', 'X-Gitlab-Token found: a shared token, compared with the secret in constant time')],
    header: TOKEN_HEADER,
    candidates: [{ label: 'X-Gitlab-Token', digest: Buffer.from(found.value, 'utf8') }],
    loose: [],
    algorithm: TOKEN,
    signed: bodyOnly
  }
}

export const gitlab = defineProvider({
  id: 'gitlab',
  replayProtected: false,
  name: 'GitLab',
  scheme: 'token',
  signatureHeaders: ['X-Gitlab-Token'],
  timestampHeader: null,
  signedContent: 'nothing: X-Gitlab-Token carries the webhook\'s secret token as is, compared in constant time; the body is not authenticated',
  secretFormat: 'the Secret token set on the webhook (Settings > Webhooks), compared as UTF-8 text; not a personal access token (glpat-)',
  algorithm: TOKEN,
  detection: { headers: [TOKEN_HEADER], telltales: ['x-gitlab-event', 'x-gitlab-event-uuid'] },
  read,
  extraChecks: (ctx) => {
    const id = ['idempotency-key', 'x-gitlab-event-uuid'].find((name) => ctx.headers.has(name))
    return [
      check('body_integrity', 'warning', 'GitLab sends a token, not a signature: it proves the sender knows the ' +
        'secret but not that the body is unchanged; use HTTPS'),
      id === undefined
        ? check('idempotency_key', 'skipped', 'no Idempotency-Key or X-Gitlab-Event-UUID header: GitLab signs no ' +
          'timestamp, so deduplicate on them when you receive them')
        : check('idempotency_key', 'passed', `${id === 'idempotency-key' ? 'Idempotency-Key' : 'X-Gitlab-Event-UUID'} is present: deduplicate deliveries on it`)
    ]
  },
  sign: ({ secret, id }) => ({ 'X-Gitlab-Token': secret, 'X-Gitlab-Event-UUID': id }),
  demos: [{
    payload: '{"object_kind":"push","event_name":"push","ref":"refs/heads/main","project":{"path_with_namespace":"demo/repo"}}',
    secret: 'gitlab-replay-vector-demo-token',
    headers: { 'Content-Type': 'application/json', 'X-Gitlab-Event': 'Push Hook' }
  }],
  note: anyFramework('GitLab sends its secret token as is',
    'X-Gitlab-Token must equal the Secret token saved on the webhook, character for character; a personal access token (glpat-) is another credential.')
})
