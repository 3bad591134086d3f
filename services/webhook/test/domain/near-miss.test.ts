import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { HeaderBag } from '../../src/domain/header-bag.js'
import { looseReadings, searchNearMisses } from '../../src/domain/near-miss.js'
import { PROVIDERS } from '../../src/domain/providers/index.js'
import type { ProviderId } from '../../src/domain/providers/index.js'
import type { GenericOptions } from '../../src/domain/types.js'

const BODY = '{"a":1}'
const search = (provider: ProviderId, headers: Record<string, string>, payload: string, secret: string, generic?: GenericOptions, url?: string) => {
  const ctx = { headers: new HeaderBag(headers), payload, secrets: [secret], method: 'POST', generic, url }
  const read = PROVIDERS[provider].read(ctx)
  const key = read.algorithm.key(secret)
  return searchNearMisses({ provider: PROVIDERS[provider], ctx, read, keys: [{ index: 0, secret, ...('key' in key ? { key: key.key } : {}) }] })
}

describe('looseReadings', () => {
  it('reads a value with other prefixes, encodings and algorithms', () => {
    const sha512 = createHmac('sha512', 'k').update('x').digest()
    expect(looseReadings(`sha512=${sha512.toString('hex')}`)).toContainEqual({ digest: sha512, algorithm: 'sha512', encoding: 'hex', prefix: 'sha512=' })
    const sha256 = createHmac('sha256', 'k').update('x').digest()
    expect(looseReadings(sha256.toString('base64url'))).toContainEqual({ digest: sha256, algorithm: 'sha256', encoding: 'url-safe base64', prefix: '' })
    expect(looseReadings('not a digest')).toEqual([])
  })
})

describe('searchNearMisses', () => {
  it('reports a body variant, with its finding and a framework-free hint', () => {
    const signature = `sha256=${createHmac('sha256', 's').update(BODY).digest('hex')}`
    const { hits, tried } = search('github', { 'X-Hub-Signature-256': signature }, `${BODY}\n`, 's')
    expect(hits.map((hit) => hit.code)).toEqual(['trailing_newline_removed'])
    expect(hits[0].hint.framework).toBe('any')
    expect(tried).toBeGreaterThan(5)
  })

  it('reports a signature over the body alone when the provider also signs a timestamp', () => {
    const bare = `v0=${createHmac('sha256', 's').update(BODY).digest('hex')}`
    const { hits } = search('slack', { 'X-Slack-Signature': bare, 'X-Slack-Request-Timestamp': '1700000000' }, BODY, 's')
    expect(hits.map((hit) => hit.code)).toContain('body_only_signed')
  })

  it('reports a Stripe secret used the Standard Webhooks way', () => {
    const secret = `whsec_${Buffer.from('0123456789abcdef01234567').toString('base64')}`
    const v1 = createHmac('sha256', Buffer.from('0123456789abcdef01234567')).update(`1700000000.${BODY}`).digest('hex')
    const { hits } = search('stripe', { 'Stripe-Signature': `t=1700000000,v1=${v1}` }, BODY, secret)
    expect(hits.map((hit) => hit.code)).toEqual(['secret_base64_key'])
    expect(hits[0].check.detail).toContain('standard-webhooks')
  })

  it('finds nothing to try without a signature or signed content', () => {
    expect(search('slack', { 'X-Slack-Signature': 'v0=00' }, BODY, 's')).toEqual({ hits: [], tried: 0, truncated: false })
  })

  it('skips JSON re-layouts of a body over 256 KiB and says so', () => {
    const payload = JSON.stringify({ blob: 'x'.repeat(300 * 1024) }, null, 2)
    const signature = `sha256=${createHmac('sha256', 's').update(payload).digest('hex')}`
    const result = search('github', { 'X-Hub-Signature-256': signature }, JSON.stringify(JSON.parse(payload)), 's')
    expect(result).toMatchObject({ hits: [], truncated: true })
  })

  it('stops at the hashing budget on a 5 MiB body, after the likeliest variants', () => {
    const payload = 'x'.repeat(5 * 1024 * 1024)
    const signature = `sha256=${createHmac('sha256', 's').update(payload).digest('hex')}`
    const result = search('github', { 'X-Hub-Signature-256': signature }, `${payload}\n`, 's')
    expect(result.truncated).toBe(true)
    expect(result.hits.map((hit) => hit.code)).toEqual(['trailing_newline_removed'])
  })

  it('finds no hit for a wrong secret', () => {
    const signature = `sha256=${createHmac('sha256', 'right').update(BODY).digest('hex')}`
    expect(search('github', { 'X-Hub-Signature-256': signature }, BODY, 'wrong').hits).toEqual([])
  })

  it('keeps a provider\'s own content variants within the hashing budget, and tries them before the body\'s', () => {
    const url = 'https://example.com/hook?a=1&b=2&c=3'
    const payload = 'x'.repeat(5 * 1024 * 1024)
    const signature = createHmac('sha256', 's').update(`https://example.com/hook?b=2&a=1&c=3${payload}`).digest('base64')
    const result = search('square', { 'X-Square-HmacSha256-Signature': signature }, payload, 's', undefined, url)
    expect(result.truncated).toBe(true)
    expect(result.tried).toBeLessThan(5)
    const small = search('square', { 'X-Square-HmacSha256-Signature': createHmac('sha256', 's').update('https://example.com/hook?b=2&a=1&c=3{}').digest('base64') }, '{}', 's', undefined, url)
    expect(small.hits.map((hit) => hit.code)).toEqual(['url_query_reordered'])
  })

  // A form of 600,000 one-character parameters took 7 s to verify: its body variants were each parsed and sorted anew,
  // counted against the budget by their bytes alone
  it('spends the budget on a form by its parameters: the variants of a many-parameter form are skipped, and it says so', () => {
    const url = 'https://example.com/sms'
    const twilio = (form: string) => createHmac('sha1', 's').update(url + new URLSearchParams(form).toString().split('&').sort().join('').replaceAll('=', '')).digest('base64')
    const small = 'Body=hi&From=x'
    const smallResult = search('twilio', { 'X-Twilio-Signature': twilio(small) }, `${small}\n`, 's', undefined, url)
    expect(smallResult).toMatchObject({ truncated: false })
    expect(smallResult.hits.map((hit) => hit.code)).toContain('trailing_newline_removed')
    const many = Array.from({ length: 100_000 }, (_, i) => `p${i}=`).join('&')
    const manyResult = search('twilio', { 'X-Twilio-Signature': twilio(many) }, `${many}\n`, 's', undefined, url)
    expect(manyResult).toMatchObject({ hits: [], truncated: true })
  })
})
