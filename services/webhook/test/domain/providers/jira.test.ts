import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { githubSignature, NOW } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'jira',
  secret: 'jira-admin-webhook-secret',
  body: () => '{"timestamp":1700000000000,"webhookEvent":"jira:issue_created","issue":{"id":"10001","key":"PROJ-1","fields":{"summary":"Résumé"}}}',
  headers: (body, secret) => ({ 'X-Hub-Signature': githubSignature(secret, body), 'X-Atlassian-Webhook-Identifier': '1234567890' }),
  signatureHeader: 'X-Hub-Signature',
  timestamped: false
}

describe('jira', () => {
  providerBasics(spec)

  it('names X-Atlassian-Webhook-Identifier as the idempotency key', () => {
    expect(checkNamed(verifyWebhook(request(spec), NOW), 'idempotency_key').detail).toContain('X-Atlassian-Webhook-Identifier is present')
  })

  it('finds a body whose non-ASCII characters were decoded with the wrong charset', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, payload: Buffer.from(signed.payload, 'utf8').toString('latin1') }, NOW)
    expect(checkNamed(result, 'near_miss_latin1_bytes').status).toBe('warning')
  })

  it('recognises an Atlassian API token given as the secret', () => {
    const result = verifyWebhook({ ...request(spec), secret: 'ATATT3xFfGF0ExampleToken' }, NOW)
    expect(checkNamed(result, 'secret_format').detail).toContain('an Atlassian API token')
  })
})
