import * as crypto from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { verifyWebhook } from '../../src/domain/verify.js'
import { checkNamed } from '../helpers/checks.js'
import { githubSignature, NOW, stripeHeader } from '../helpers/sign.js'

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>()
  return { ...original, createHmac: vi.fn(original.createHmac) }
})

const BODY = '{"action":"opened"}'
const SECRETS = Array.from({ length: 10 }, (_, i) => `rotated-secret-${i}`)

describe('verification with several secrets', () => {
  afterEach(() => { vi.mocked(crypto.createHmac).mockClear() })

  it.each(SECRETS.map((_, i) => i))('finds the secret at index %i with one MAC per secret tried', (index) => {
    const headers = { 'X-Hub-Signature-256': githubSignature(SECRETS[index], BODY) }
    vi.mocked(crypto.createHmac).mockClear()
    const result = verifyWebhook({ provider: 'github', payload: BODY, headers, secrets: SECRETS }, NOW)
    expect(result).toMatchObject({ valid: true, matched_secret_index: index })
    expect(vi.mocked(crypto.createHmac).mock.calls.length).toBe(index + 1)
    expect(checkNamed(result, 'secret_rotation').status).toBe(index === 0 ? 'passed' : 'warning')
    expect(checkNamed(result, 'signature').detail).toContain(`secrets[${index}]`)
  })

  it('reports none matching, each secret by its index and never its text', () => {
    const headers = { 'X-Hub-Signature-256': githubSignature('the-secret-nobody-passed', BODY) }
    const result = verifyWebhook({ provider: 'github', payload: BODY, headers, secrets: SECRETS.slice(0, 3) }, NOW)
    expect(result).toMatchObject({ valid: false, reason: 'signature_mismatch', matched_secret_index: null })
    expect(checkNamed(result, 'secret_rotation')).toMatchObject({ status: 'failed', detail: expect.stringContaining('none of the 3 secrets') })
    expect(checkNamed(result, 'secret_format').detail).toContain('secrets[2]:')
    expect(JSON.stringify(result)).not.toContain('rotated-secret')
  })

  it('gives index 0 for a single secret, and no rotation check', () => {
    const result = verifyWebhook({ provider: 'github', payload: BODY, headers: { 'X-Hub-Signature-256': githubSignature('one', BODY) }, secret: 'one' }, NOW)
    expect(result.matched_secret_index).toBe(0)
    expect(result.checks.map((check) => check.name)).not.toContain('secret_rotation')
  })

  it('names the secret of a near miss', () => {
    const headers = { 'Stripe-Signature': stripeHeader('whsec_new', NOW, BODY) }
    const result = verifyWebhook({ provider: 'stripe', payload: `${BODY}\n`, headers, secrets: ['whsec_old', 'whsec_new'], now_epoch_seconds: NOW }, NOW)
    expect(checkNamed(result, 'near_miss_trailing_newline_removed').detail).toContain('secrets[1]')
  })
})

describe('a rotation seen from the header', () => {
  it('says a header with several signatures, none of this secret\'s, comes from a rotation', () => {
    const header = `t=${NOW},v1=${stripeHeader('whsec_old', NOW, BODY).split('v1=')[1]},v1=${stripeHeader('whsec_new', NOW, BODY).split('v1=')[1]}`
    const result = verifyWebhook({ provider: 'stripe', payload: BODY, headers: { 'Stripe-Signature': header }, secret: 'whsec_other', now_epoch_seconds: NOW }, NOW)
    expect(checkNamed(result, 'secret_rotation')).toMatchObject({ status: 'warning', detail: expect.stringContaining('carries 2 signatures') })
    const matched = verifyWebhook({ provider: 'stripe', payload: BODY, headers: { 'Stripe-Signature': header }, secret: 'whsec_new', now_epoch_seconds: NOW }, NOW)
    expect(matched.valid).toBe(true)
    expect(matched.checks.map((check) => check.name)).not.toContain('secret_rotation')
  })
})
