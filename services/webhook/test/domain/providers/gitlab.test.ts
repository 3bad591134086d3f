import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { NOW } from '../../helpers/sign.js'

const SECRET = 'gitlab-webhook-secret-token'
const BODY = '{"object_kind":"push","ref":"refs/heads/main","project":{"path_with_namespace":"group/repo"}}'
const verify = (headers: Record<string, string>, secret = SECRET, payload = BODY) =>
  verifyWebhook({ provider: 'gitlab', payload, secret, headers }, NOW)

describe('gitlab', () => {
  it('accepts the token equal to the secret, header name in any case', () => {
    const result = verify({ 'X-Gitlab-Token': SECRET, 'X-Gitlab-Event': 'Push Hook', 'Idempotency-Key': 'a1b2' })
    expect(result).toMatchObject({ valid: true, signature_scheme: 'token', matched_signature_header: 'x-gitlab-token' })
    expect(checkNamed(result, 'signature').detail).toContain('equals the secret')
    expect(checkNamed(result, 'idempotency_key').detail).toContain('Idempotency-Key')
    expect(verify({ 'x-gitlab-token': SECRET }).valid).toBe(true)
    expect(verify({ 'X-GITLAB-TOKEN': SECRET }).valid).toBe(true)
  })

  it('refuses another token, one changed character, or a prefix of the secret', () => {
    expect(verify({ 'X-Gitlab-Token': 'another-token' }).reason).toBe('signature_mismatch')
    expect(verify({ 'X-Gitlab-Token': SECRET.replace('t', 'T') }).reason).toBe('signature_mismatch')
    expect(verify({ 'X-Gitlab-Token': SECRET.slice(0, -1) }).reason).toBe('signature_mismatch')
  })

  it('says the body is not authenticated: any body passes with the right token', () => {
    const result = verify({ 'X-Gitlab-Token': SECRET }, SECRET, '{"tampered":true}')
    expect(result.valid).toBe(true)
    expect(checkNamed(result, 'body_integrity').status).toBe('warning')
  })

  it('reports a missing or empty token header', () => {
    expect(verify({ 'X-Gitlab-Event': 'Push Hook' }).reason).toBe('missing_signature_header')
    expect(verify({ 'X-Gitlab-Token': '' }).reason).toBe('malformed_signature_header')
  })

  it('finds the secret saved with a trailing newline', () => {
    const result = verify({ 'X-Gitlab-Token': SECRET }, `${SECRET}\n`)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_secret_trimmed').status).toBe('warning')
  })

  it('recognises a personal access token given as the secret', () => {
    const result = verify({ 'X-Gitlab-Token': SECRET }, 'glpat-xxxxxxxxxxxxxxxxxxxx')
    expect(checkNamed(result, 'secret_format').detail).toContain('a GitLab personal access token')
  })
})
