import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { providerBasics, request, type SuiteSpec } from '../../helpers/provider-suite.js'
import { githubSha1, githubSignature, NOW } from '../../helpers/sign.js'

const spec: SuiteSpec = {
  provider: 'bitbucket',
  secret: 'bitbucket-webhook-secret-1',
  body: () => '{"push":{"changes":[{"new":{"name":"main","type":"branch"}}]},"repository":{"full_name":"team/repo"}}',
  headers: (body, secret) => ({ 'X-Hub-Signature': githubSignature(secret, body), 'X-Event-Key': 'repo:push', 'X-Request-UUID': 'f2f5a0d3-1c4b' }),
  signatureHeader: 'X-Hub-Signature',
  timestamped: false
}

describe('bitbucket', () => {
  providerBasics(spec)

  it('names X-Request-UUID as the idempotency key', () => {
    expect(checkNamed(verifyWebhook(request(spec), NOW), 'idempotency_key'))
      .toMatchObject({ status: 'passed', detail: expect.stringContaining('X-Request-UUID') })
  })

  it('reads a sha1 value as malformed and names the algorithm that would match', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { 'X-Hub-Signature': githubSha1(spec.secret, signed.payload) } }, NOW)
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('it carries a sha1 value; Bitbucket signs with sha256')
    expect(checkNamed(result, 'near_miss_signature_sha1_hex').status).toBe('warning')
  })

  it('reads a bare hex digest as a missing prefix', () => {
    const signed = request(spec)
    const result = verifyWebhook({ ...signed, headers: { 'X-Hub-Signature': githubSignature(spec.secret, signed.payload).slice(7) } }, NOW)
    expect(checkNamed(result, 'signature_header').detail).toContain('the sha256= prefix is missing')
  })

  it('recognises an app password given as the secret', () => {
    const result = verifyWebhook({ ...request(spec), secret: 'ATBB3xYzExampleAppPassword' }, NOW)
    expect(checkNamed(result, 'secret_format').detail).toContain('a Bitbucket app password')
  })
})
