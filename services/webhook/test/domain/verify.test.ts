import { describe, expect, it } from 'vitest'
import { PROVIDER_IDS } from '../../src/domain/providers/index.js'
import { REASONS } from '../../src/domain/types.js'
import { verifyWebhook } from '../../src/domain/verify.js'
import { checkNamed } from '../helpers/checks.js'
import { delivery, otherSecret } from '../helpers/deliveries.js'
import { NOW } from '../helpers/sign.js'

const JSON_BODY = '{"id":"evt_1","amount":100}'

// Linear signs its timestamp inside the JSON body, so an arbitrary payload is not one of its deliveries, and GitLab's
// token, Mailgun's signature (timestamp and token), Adyen's (eight fields of each item) and Mandrill's (the decoded form
// parameters) do not cover the body's bytes: their own tests cover these cases.
const NOT_BODY_SIGNED = new Set(['linear', 'gitlab', 'mailgun', 'adyen', 'mailchimp'])
const ANY_BODY_PROVIDERS = PROVIDER_IDS.filter((provider) => !NOT_BODY_SIGNED.has(provider))

describe.each(ANY_BODY_PROVIDERS)('%s, for every provider', (provider) => {
  it('accepts a valid delivery', () => {
    const result = verifyWebhook(delivery(provider, JSON_BODY), NOW)
    expect(result).toMatchObject({ valid: true, reason: 'valid', provider })
    expect(result.matched_signature_header).not.toBeNull()
    expect(checkNamed(result, 'near_miss_search').status).toBe('skipped')
  })

  it.each([
    ['non-ASCII', '{"name":"Zoë Ågren","city":"Zürich","text":"日本語"}'],
    ['emoji', '{"reaction":"🚀🔥👍🏽","flag":"🏳️‍🌈"}'],
    ['an empty payload', ''],
    ['a 1 MiB payload', `{"blob":"${'a1'.repeat(512 * 1024)}"}`]
  ])('verifies %s', (_label, payload) => {
    expect(verifyWebhook(delivery(provider, payload), NOW).valid).toBe(true)
  })

  it('rejects a wrong secret', () => {
    const request = delivery(provider, JSON_BODY)
    const other = otherSecret(provider)
    const result = verifyWebhook({ ...request, secret: other }, NOW)
    expect(result).toMatchObject({ valid: false, reason: 'signature_mismatch', matched_signature_header: null })
    expect(checkNamed(result, 'near_miss_search').status).toBe('failed')
    expect(result.raw_body_hints.map((hint) => hint.framework)).toEqual(expect.arrayContaining(['Express', 'Next.js (app router)', 'Flask', 'Laravel / PHP']))
  })

  it('rejects one changed byte in a 1 MiB payload', () => {
    const payload = `{"blob":"${'a1'.repeat(512 * 1024)}"}`
    const request = delivery(provider, payload)
    expect(verifyWebhook({ ...request, payload: payload.replace('a1"', 'a2"') }, NOW).reason).toBe('signature_mismatch')
  })

  it('finds an emoji payload decoded with the wrong charset', () => {
    const payload = '{"reaction":"🚀 déjà vu"}'
    const mojibake = Buffer.from(payload, 'utf8').toString('latin1')
    const result = verifyWebhook({ ...delivery(provider, payload), payload: mojibake }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_latin1_bytes').status).toBe('warning')
  })

  it('finds a pretty-printed body that was re-serialised compactly', () => {
    const sent = JSON.stringify({ id: 'evt_1', amount: 100, note: 'café' }, null, 2)
    const result = verifyWebhook({ ...delivery(provider, sent), payload: JSON.stringify(JSON.parse(sent)) }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_json_pretty').status).toBe('warning')
  })

  it('finds a trailing newline', () => {
    const result = verifyWebhook({ ...delivery(provider, JSON_BODY), payload: `${JSON_BODY}\n` }, NOW)
    expect(checkNamed(result, 'near_miss_trailing_newline_removed').status).toBe('warning')
  })

  it('finds a body with a byte order mark added', () => {
    const result = verifyWebhook({ ...delivery(provider, JSON_BODY), payload: `\uFEFF${JSON_BODY}` }, NOW)
    expect(checkNamed(result, 'near_miss_bom_removed').status).toBe('warning')
  })

  it('finds a body that reached the code base64-encoded', () => {
    const result = verifyWebhook({ ...delivery(provider, JSON_BODY), payload: Buffer.from(JSON_BODY).toString('base64') }, NOW)
    expect(checkNamed(result, 'near_miss_base64_decoded').status).toBe('warning')
    expect(result.raw_body_hints.map((hint) => hint.framework)).toContain('AWS Lambda / API Gateway')
  })

  it('finds a body that was JSON-encoded a second time', () => {
    const result = verifyWebhook({ ...delivery(provider, JSON_BODY), payload: JSON.stringify(JSON_BODY) }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_json_string_decoded').status).toBe('warning')
    expect(result.raw_body_hints[0].summary).toBe('The signature matches the text inside the JSON string literal the payload is')
  })

  it('says the body was lost, not the secret wrong, when the payload is "[object Object]"', () => {
    const result = verifyWebhook({ ...delivery(provider, JSON_BODY), payload: '[object Object]' }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    const search = checkNamed(result, 'near_miss_search')
    expect(search).toMatchObject({ status: 'failed' })
    expect(search.detail).toContain('the payload is the text "[object Object]"')
    expect(search.detail).not.toContain('most likely not the one')
    expect(result.raw_body_hints[0].summary).toBe('The payload is the text "[object Object]"')
  })

  it('says which provider the headers belong to when the chosen provider\'s header is missing', () => {
    const other = provider === 'stripe' ? 'github' : 'stripe'
    const result = verifyWebhook({ ...delivery(other, JSON_BODY), provider, generic: provider === 'generic-hmac' ? { header_name: 'X-Signature', encoding: 'hex' } : undefined }, NOW)
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'other_provider_headers')).toMatchObject({ status: 'warning', detail: expect.stringContaining(`"provider": "${other}"`) })
    expect(result.raw_body_hints[0].summary).toMatch(new RegExp(`^The headers are ${other === 'stripe' ? 'Stripe' : 'GitHub'}'s, not `))
  })

  it('adds no provider guess when the provider\'s own header is there', () => {
    const result = verifyWebhook({ ...delivery(provider, JSON_BODY), payload: `${JSON_BODY} ` }, NOW)
    expect(result.checks.map((item) => item.name)).not.toContain('other_provider_headers')
  })

  it('finds a secret passed with the quotes of its env file', () => {
    const request = delivery(provider, JSON_BODY)
    const result = verifyWebhook({ ...request, secret: `"${request.secret}"` }, NOW)
    expect(result.reason).toBe('signature_mismatch')
    expect(checkNamed(result, 'near_miss_secret_unquoted').status).toBe('warning')
    expect(checkNamed(result, 'secret_format').detail).toContain('wrapped in quotes')
  })

  it('points at header values copied with their quotes', () => {
    const request = delivery(provider, JSON_BODY)
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, `"${value}"`]))
    const result = verifyWebhook({ ...request, headers }, NOW)
    expect(result.valid).toBe(false)
    expect(checkNamed(result, 'quoted_header_values').status).toBe('warning')
    expect(result.raw_body_hints.map((hint) => hint.summary)).toContain('Header values are wrapped in quotes')
  })

  it('never lets a near miss change the verdict', () => {
    const result = verifyWebhook({ ...delivery(provider, JSON_BODY), payload: `${JSON_BODY}\n` }, NOW)
    expect(result.checks.some((item) => item.name.startsWith('near_miss_') && item.status === 'warning')).toBe(true)
    expect(result).toMatchObject({ valid: false, reason: 'signature_mismatch', matched_signature_header: null })
  })

  it('never echoes the secret or the payload in checks or hints', () => {
    const payload = '{"canary":"payload-canary-5d1f9"}'
    const request = { ...delivery(provider, payload, NOW, `secret-canary-${provider}`), secret: `secret-canary-${provider}-wrong\n` }
    const text = JSON.stringify({ checks: verifyWebhook(request, NOW).checks, hints: verifyWebhook(request, NOW).raw_body_hints })
    expect(text).not.toContain('canary')
  })

  it('returns stable reasons and statuses only', () => {
    const results = [verifyWebhook(delivery(provider, JSON_BODY), NOW), verifyWebhook({ ...delivery(provider, JSON_BODY), headers: {} }, NOW)]
    for (const result of results) {
      expect(REASONS).toContain(result.reason)
      for (const item of result.checks) expect(['passed', 'failed', 'skipped', 'warning']).toContain(item.status)
    }
  })
})

describe('verifyWebhook', () => {
  it('uses the clock when now_epoch_seconds is absent', () => {
    const request = { ...delivery('stripe', JSON_BODY, NOW), now_epoch_seconds: undefined }
    expect(verifyWebhook(request, NOW + 10).valid).toBe(true)
    expect(verifyWebhook(request, NOW + 1000).reason).toBe('timestamp_outside_tolerance')
  })

  it('reports a missing header without a signature comparison', () => {
    const result = verifyWebhook({ ...delivery('shopify', JSON_BODY), headers: {} }, NOW)
    expect(result.reason).toBe('missing_signature_header')
    expect(checkNamed(result, 'signature').status).toBe('skipped')
    expect(checkNamed(result, 'near_miss_search').status).toBe('skipped')
  })
})
