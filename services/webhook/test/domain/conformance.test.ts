import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { MAX_REQUESTS, requestedUrl, runConformance, type Send } from '../../src/domain/conformance.js'
import { PROVIDERS } from '../../src/domain/providers/index.js'
import { verifyWebhook } from '../../src/domain/verify.js'
import { delivery, SECRETS, URLS } from '../helpers/deliveries.js'

const NOW = 1_800_000_000
const ENDPOINT = 'https://hooks.example.com/in'

/** A receiver made of this service's verifier: 204 when valid, else 401; it records what it was sent. */
function verifierReceiver (provider: keyof typeof PROVIDERS, secret: string, url?: string): { send: Send, sent: string[] } {
  const sent: string[] = []
  const send: Send = async ({ payload, headers }) => {
    sent.push(payload)
    const verdict = verifyWebhook({ provider, payload, headers, secret, url, now_epoch_seconds: NOW }, NOW)
    return { status: verdict.valid ? 204 : 401, body: Buffer.from(verdict.reason) }
  }
  return { send, sent }
}

describe('runConformance', () => {
  it.each(['github', 'stripe', 'twitch', 'twilio', 'mailgun', 'gitlab'] as const)('plans a suite that fits %s, and a verifier passes it', async (provider) => {
    const url = (URLS as Record<string, string>)[provider]
    const payload = PROVIDERS[provider].signsBodyFields === true ? delivery(provider, '{"a":1}').payload : undefined
    const receiver = verifierReceiver(provider, SECRETS[provider], url)
    const result = await runConformance(PROVIDERS[provider], { secret: SECRETS[provider], url, payload }, ENDPOINT, receiver.send, NOW)
    const names = result.checks.map((check) => check.name)
    expect(names.length).toBeLessThanOrEqual(MAX_REQUESTS)
    expect(receiver.sent.length).toBe(names.length)
    expect(names[0]).toBe('valid')
    expect(names.includes('stale_timestamp')).toBe(PROVIDERS[provider].replayProtected)
    expect(names.includes('tampered_body')).toBe(provider !== 'mailgun' && provider !== 'gitlab')
    // The verifier answers 2xx to a valid delivery sent again, as a sender that resends an id expects
    expect(result.checks.filter((check) => !check.passed)).toEqual([])
    expect(names.includes('replayed_id')).toBe(provider === 'twitch' || provider === 'mailgun')
  })

  // `AAE=` changed in its middle character was `AAF=`: the same key (base64's last character before `=` carries bits
  // the decoding drops), so a receiver that verified was graded as accepting a delivery "signed with another secret"
  it.each(['AAE=', 'whsec_AAE=', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'])('passes a verifying receiver on other_secret with the secret %s', async (secret) => {
    const receiver = verifierReceiver('standard-webhooks', secret)
    const result = await runConformance(PROVIDERS['standard-webhooks'], { secret }, ENDPOINT, receiver.send, NOW)
    expect(result.checks.find((check) => check.name === 'other_secret')?.passed).toBe(true)
  })

  it('plans stale and replayed deliveries for generic-hmac when its options sign a timestamp and an id', async () => {
    const generic = { header_name: 'X-Signature', timestamp_header: 'X-Timestamp', id_header: 'X-Id', signed_content: '{id}.{timestamp}.{body}' }
    const send: Send = async ({ payload, headers }) => {
      const verdict = verifyWebhook({ provider: 'generic-hmac', payload, headers, secret: 'generic-secret', generic, now_epoch_seconds: NOW }, NOW)
      return { status: verdict.valid ? 204 : 401, body: Buffer.alloc(0) }
    }
    const result = await runConformance(PROVIDERS['generic-hmac'], { secret: 'generic-secret', generic }, ENDPOINT, send, NOW)
    expect(result.checks.map((check) => [check.name, check.passed])).toEqual([
      ['valid', true], ['replayed_id', true], ['tampered_body', true], ['tampered_signature', true], ['other_secret', true],
      ['stale_timestamp', true], ['missing_signature', true], ['reserialised_body', true], ['valid_again', true]
    ])
  })

  it.each(['standard-webhooks', 'stripe', 'twitch'] as const)('fails a %s receiver that refuses a repeated id or event but verifies nothing', async (provider) => {
    // refuses any delivery carrying a header value or a body `id` it has seen before, and accepts every other
    const seen = new Set<string>()
    const send: Send = async ({ payload, headers }) => {
      let eventId: unknown
      try { eventId = (JSON.parse(payload) as { id?: unknown }).id } catch { eventId = undefined }
      const marks = [...Object.entries(headers).filter(([name]) => /id|token/i.test(name)).map(([, value]) => value), String(eventId)]
      const repeated = marks.some((mark) => mark !== 'undefined' && seen.has(mark))
      for (const mark of marks) seen.add(mark)
      return { status: repeated ? 409 : 200, body: Buffer.alloc(0) }
    }
    const url = (URLS as Record<string, string>)[provider]
    const payload = PROVIDERS[provider].signsBodyFields === true ? delivery(provider, '{"a":1}').payload : undefined
    const result = await runConformance(PROVIDERS[provider], { secret: SECRETS[provider], url, payload }, ENDPOINT, send, NOW)
    expect(result.grade).toBe('fail')
    const refused = result.checks.filter((check) => check.status === 409).map((check) => check.name)
    expect(refused).toEqual(result.checks.some((check) => check.name === 'replayed_id') ? ['replayed_id'] : [])
  })

  it('fails a receiver that refuses a valid delivery sent again with its id, which a sender would retry until it gave up', async () => {
    const seen = new Set<string>()
    const send: Send = async ({ payload, headers }) => {
      const verdict = verifyWebhook({ provider: 'standard-webhooks', payload, headers, secret: SECRETS['standard-webhooks'], now_epoch_seconds: NOW }, NOW)
      const id = headers['webhook-id']
      const repeated = seen.has(id)
      seen.add(id)
      return { status: !verdict.valid ? 401 : repeated ? 409 : 204, body: Buffer.alloc(0) }
    }
    const result = await runConformance(PROVIDERS['standard-webhooks'], { secret: SECRETS['standard-webhooks'] }, ENDPOINT, send, NOW)
    expect(result.checks.filter((check) => !check.passed).map((check) => [check.name, check.expected, check.status])).toEqual([['replayed_id', '2xx', 409]])
    expect(result.checks[1].finding).toMatch(/^it refused a delivery it had accepted, sent again with the same id .* answer 2xx to it again$/)
  })

  // A receiver that parses JSON before anything else refuses a body that is not JSON, whatever its signature
  const parsesOnly: Send = async ({ payload }) => {
    try {
      JSON.parse(payload)
      return { status: 200, body: Buffer.alloc(0) }
    } catch {
      return { status: 400, body: Buffer.from('invalid JSON') }
    }
  }

  it.each([undefined, '{"id":"evt_1","data":{"note":"x\\n\\u00e9"}}', '[{"id":"evt_1","type":"a.b"},{"id":"evt_2"}]', '{"a":[1,2,{"b":"\\"\\\\"}]}'])(
    'tampers a JSON body (%s) so that it stays JSON: only a signature check refuses it, never the parser', async (payload) => {
      const result = await runConformance(PROVIDERS['standard-webhooks'], { secret: SECRETS['standard-webhooks'], payload }, ENDPOINT, parsesOnly, NOW)
      expect(result.checks.find((check) => check.name === 'tampered_body')).toMatchObject({ status: 200, passed: false })
      expect(result.checks.find((check) => check.name === 'reserialised_body')).toMatchObject({ status: 200, passed: false })
    })

  it('sends no reserialised_body for a JSON body that has no other spelling, which a verifier would take as the signed one', async () => {
    const receiver = verifierReceiver('standard-webhooks', SECRETS['standard-webhooks'])
    const result = await runConformance(PROVIDERS['standard-webhooks'], { secret: SECRETS['standard-webhooks'], payload: '{}' }, ENDPOINT, receiver.send, NOW)
    expect(result.checks.map((check) => check.name)).not.toContain('reserialised_body')
    expect(result.grade).toBe('pass')
  })

  it('forges or leaves out every signature Square sends: a receiver that verifies its legacy HMAC-SHA1 refuses them all', async () => {
    const send: Send = async ({ payload, headers }) => {
      const legacy = createHmac('sha1', SECRETS.square).update(URLS.square + payload).digest('base64')
      return { status: headers['X-Square-Signature'] === legacy ? 204 : 401, body: Buffer.alloc(0) }
    }
    const result = await runConformance(PROVIDERS.square, { secret: SECRETS.square, url: URLS.square }, ENDPOINT, send, NOW)
    expect(result.checks.filter((check) => !check.passed)).toEqual([])
    expect(result.checks.map((check) => check.name)).toEqual(expect.arrayContaining(['tampered_signature', 'missing_signature']))
  })

  // A rate limiter, or an endpoint gone after the first request, refuses every forged delivery without verifying it.
  it.each([429, 404, 405, 408, 413, 415])('fails a receiver that accepts its first delivery and answers %i to the rest', async (status) => {
    let calls = 0
    const send: Send = async () => ({ status: ++calls === 1 ? 200 : status, body: Buffer.alloc(0) })
    const result = await runConformance(PROVIDERS['standard-webhooks'], { secret: SECRETS['standard-webhooks'] }, ENDPOINT, send, NOW)
    expect(result.grade).toBe('fail')
    expect(result.checks[0]).toMatchObject({ name: 'valid', passed: true })
    expect(result.checks.at(-1)).toMatchObject({ name: 'valid_again', expected: '2xx', status, passed: false })
    expect(result.checks.at(-1)?.finding).toMatch(/refused a second valid delivery/)
    const forged = result.checks.filter((check) => check.expected === '4xx')
    expect(forged.map((check) => check.name)).toEqual(result.checks.slice(2, -1).map((check) => check.name))
    for (const check of forged) {
      expect(check, check.name).toMatchObject({ expected: '4xx', status, passed: false })
      expect(check.finding, check.name).toMatch(new RegExp(`^it answered ${status} \\([a-z ]+\\), which says nothing about the signature, so the check could not tell`))
    }
  })

  it('counts a 400 or 401 (or 403, 409, 422) to a forged delivery as refusing it', async () => {
    for (const status of [400, 401, 403, 409, 422]) {
      let calls = 0
      const send: Send = async ({ payload, headers }) => {
        const valid = verifyWebhook({ provider: 'github', payload, headers, secret: SECRETS.github, now_epoch_seconds: NOW }, NOW).valid
        calls++
        return { status: valid ? 204 : status, body: Buffer.alloc(0) }
      }
      const result = await runConformance(PROVIDERS.github, { secret: SECRETS.github }, ENDPOINT, send, NOW)
      expect(result.grade, String(status)).toBe('pass')
      expect(calls).toBe(result.checks.length)
    }
  })

  // The fetcher requests the parsed URL: dot segments resolved, an empty query and the fragment dropped.
  it.each(['https://hooks.example.com/x/../in', 'https://hooks.example.com/in#frag', 'https://hooks.example.com/in?', 'https://HOOKS.example.com:443/in'])(
    'signs the URL the suite requests for a URL-signing provider, not the text of endpoint_url %s', async (endpoint) => {
      expect(requestedUrl(endpoint)).toBe(ENDPOINT)
      const receiver = verifierReceiver('twilio', SECRETS.twilio, ENDPOINT)
      const result = await runConformance(PROVIDERS.twilio, { secret: SECRETS.twilio, payload: 'Body=hi&From=%2B1555' }, endpoint, receiver.send, NOW)
      expect(result.checks.filter((check) => !check.passed)).toEqual([])
      expect(result.grade).toBe('pass')
    })

  it('signs the url given, when one is, as it is', async () => {
    const signed = 'https://proxy.example.com/x/../in'
    const receiver = verifierReceiver('twilio', SECRETS.twilio, signed)
    const result = await runConformance(PROVIDERS.twilio, { secret: SECRETS.twilio, url: signed, payload: 'a=1' }, ENDPOINT, receiver.send, NOW)
    expect(result.grade).toBe('pass')
  })

  it('stops at its time budget: what was not sent is failed as such', async () => {
    const slow: Send = async (item, signal) => await new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve({ status: 204, body: Buffer.alloc(0) }), 300)
      signal.addEventListener('abort', () => { clearTimeout(timer); reject(new Error('The fetch took longer than its deadline')) })
    })
    const result = await runConformance(PROVIDERS.github, { secret: 'a-secret' }, ENDPOINT, slow, NOW, 100)
    expect(result.grade).toBe('fail')
    expect(result.checks[0]).toMatchObject({ name: 'valid', status: null, passed: false, finding: 'no answer: The fetch took longer than its deadline' })
    expect(result.checks.slice(1).map((check) => check.finding)).toEqual(result.checks.slice(1).map(() => 'not sent: the 0.1 s budget of the suite ran out'))
  })
})
