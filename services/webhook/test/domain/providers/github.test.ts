import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../../src/domain/verify.js'
import { checkNamed } from '../../helpers/checks.js'
import { githubSha1, githubSignature, NOW } from '../../helpers/sign.js'

const SECRET = 'gh-secret-for-tests'
const BODY = '{"action":"opened","number":42,"pull_request":{"title":"Fix the thing"}}'
const verify = (headers: Record<string, string>, payload = BODY, secret = SECRET) =>
  verifyWebhook({ provider: 'github', payload, secret, headers }, NOW)

describe('github', () => {
  it('verifies the example published in the GitHub docs', () => {
    const result = verifyWebhook({
      provider: 'github',
      payload: 'Hello, World!',
      secret: "It's a Secret to Everybody",
      headers: { 'X-Hub-Signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17' }
    }, NOW)
    expect(result).toMatchObject({ valid: true, reason: 'valid', signature_scheme: 'hmac-sha256-hex', replay_protected: false, matched_signature_header: 'x-hub-signature-256' })
    expect(checkNamed(result, 'signature').status).toBe('passed')
    expect(checkNamed(result, 'timestamp').status).toBe('skipped')
  })

  it('accepts a valid signature and reports no raw-body hints', () => {
    const result = verify({ 'X-Hub-Signature-256': githubSignature(SECRET, BODY) })
    expect(result.valid).toBe(true)
    expect(result.raw_body_hints).toEqual([])
  })

  it.each([
    ['x-hub-signature-256'], ['X-HUB-SIGNATURE-256'], ['x-Hub-Signature-256']
  ])('matches the header name %s case-insensitively', (name) => {
    expect(verify({ [name]: githubSignature(SECRET, BODY) }).valid).toBe(true)
  })

  it('rejects a wrong secret with signature_mismatch', () => {
    const result = verify({ 'X-Hub-Signature-256': githubSignature('another-secret', BODY) })
    expect(result).toMatchObject({ valid: false, reason: 'signature_mismatch', matched_signature_header: null })
    expect(checkNamed(result, 'near_miss_search').status).toBe('failed')
  })

  it('rejects a payload with one changed byte', () => {
    const tampered = BODY.replace('42', '43')
    expect(verify({ 'X-Hub-Signature-256': githubSignature(SECRET, BODY) }, tampered).reason).toBe('signature_mismatch')
  })

  it('accepts uppercase hex digits because hex is compared case-insensitively', () => {
    const signature = githubSignature(SECRET, BODY).replace(/^sha256=/, '')
    expect(verify({ 'X-Hub-Signature-256': `sha256=${signature.toUpperCase()}` }).valid).toBe(true)
  })

  it('treats a bare hex value without sha256= as malformed, and says the digest itself is right', () => {
    const bare = githubSignature(SECRET, BODY).replace(/^sha256=/, '')
    const result = verify({ 'X-Hub-Signature-256': bare })
    expect(result.reason).toBe('malformed_signature_header')
    expect(checkNamed(result, 'signature_header').detail).toContain('sha256= prefix is missing')
    expect(checkNamed(result, 'near_miss_signature_sha256_hex').status).toBe('warning')
  })

  it('refuses a delivery with only the legacy sha1 header, and reports that the sha1 value matches', () => {
    const result = verify({ 'X-Hub-Signature': githubSha1(SECRET, BODY) })
    expect(result).toMatchObject({ valid: false, reason: 'missing_signature_header' })
    expect(checkNamed(result, 'signature_header').detail).toContain('only the legacy sha1')
    expect(checkNamed(result, 'legacy_sha1_signature')).toMatchObject({ status: 'warning' })
    expect(checkNamed(result, 'legacy_sha1_signature').detail).toContain('matches')
  })

  it('never falls back to a matching sha1 when the sha256 header is wrong', () => {
    const result = verify({ 'X-Hub-Signature-256': githubSignature('wrong', BODY), 'X-Hub-Signature': githubSha1(SECRET, BODY) })
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'legacy_sha1_signature').detail).toContain('never used as a fallback')
  })

  it('reports a missing signature header', () => {
    const result = verify({ 'X-GitHub-Event': 'push' })
    expect(result.reason).toBe('missing_signature_header')
    expect(result.raw_body_hints[0].summary).toContain('X-Hub-Signature-256')
  })

  it('reports the same header given twice with different values as malformed', () => {
    const result = verify({ 'X-Hub-Signature-256': githubSignature(SECRET, BODY), 'x-hub-signature-256': githubSignature('x', BODY) })
    expect(result.reason).toBe('malformed_signature_header')
  })

  it('finds a trailing newline added to the payload', () => {
    const result = verify({ 'X-Hub-Signature-256': githubSignature(SECRET, BODY) }, `${BODY}\n`)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_trailing_newline_removed').status).toBe('warning')
    expect(result.raw_body_hints[0]).toMatchObject({ framework: 'any', summary: 'The signature matches the payload without its trailing newline' })
  })

  it('finds a body re-serialised by a framework and names the frameworks that do it', () => {
    const sent = JSON.stringify(JSON.parse(BODY), null, 2)
    const result = verify({ 'X-Hub-Signature-256': githubSignature(SECRET, sent) })
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_json_pretty').status).toBe('warning')
    expect(result.raw_body_hints.map((hint) => hint.framework)).toEqual(expect.arrayContaining(['Express', 'Fastify', 'Django', 'Go net/http']))
  })

  it('finds a form-encoded delivery verified against the JSON inside it', () => {
    const form = `payload=${encodeURIComponent(BODY).replace(/%20/g, '+')}`
    const result = verify({ 'X-Hub-Signature-256': githubSignature(SECRET, form) }, BODY)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_form_encoded_json').detail).toContain('application/x-www-form-urlencoded')
  })

  it('reports the delivery id as the idempotency key', () => {
    const result = verify({ 'X-Hub-Signature-256': githubSignature(SECRET, BODY), 'X-GitHub-Delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958' })
    expect(checkNamed(result, 'idempotency_key').status).toBe('passed')
  })
})
