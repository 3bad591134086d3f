import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_REFUSAL_CODES } from '../../src/routes/sign.schemas.js'
import { KEY, testApp } from '../helpers/app.js'

// The 400s of sign and conformance name every code they answer, in the OpenAPI document: each refusal below is
// answered for real and its status and code found in the document, and the list is held to the domain's refusals.

const SIGN = '/v1/webhooks/sign'
const CONFORMANCE = '/v1/webhooks/conformance'
// a receiver that is never reached: every refusal below comes before anything is sent
const ENDPOINT = 'http://127.0.0.1:9/hooks'

let app: FastifyInstance
let document: Record<string, any>
beforeAll(async () => {
  app = await testApp({}, undefined, { fetchPolicy: { allowCidrs: ['127.0.0.1/32'] } })
  document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
})
afterAll(async () => { await app.close() })

const post = async (url: string, payload: object) => await app.inject({ method: 'POST', url, headers: KEY, payload })

/** The answer's status is documented on the operation, and its `code` named in that response's description. */
function expectDocumented (path: string, res: LightMyRequestResponse): void {
  const answer = document.paths[path].post.responses[String(res.statusCode)]
  expect(answer, `${path} answered ${res.statusCode}`).toBeDefined()
  expect(answer.description, `${path} ${res.statusCode}`).toContain(`\`${res.json().code as string}\``)
}

// sign's requests that are refused, by the code of each (discord signs with an Ed25519 key only, adyen inside its JSON body)
const SIGN_REFUSALS: Array<[string, object]> = [
  ['conflicting_keys', { provider: 'github', payload: '{}', secret: 's', generate_test_key: true }],
  ['secret_required', { provider: 'github', payload: '{}' }],
  ['private_key_required', { provider: 'discord', payload: '{}', secret: 's' }],
  ['private_key_not_supported', { provider: 'github', payload: '{}', generate_test_key: true }],
  ['invalid_private_key', { provider: 'discord', payload: '{}', private_key: 'not a key' }],
  ['invalid_secret', { provider: 'standard-webhooks', payload: '{}', secret: 'not base64!!' }],
  ['payload_not_signable', { provider: 'adyen', payload: 'not json', secret: 'ab'.repeat(32) }]
]
// conformance signs its deliveries as sign does (it takes no generate_test_key), and refuses a target that is not public
const CONFORMANCE_REFUSALS: Array<[string, object]> = [
  ['conflicting_keys', { provider: 'github', secret: 's', private_key: 'k' }],
  ['secret_required', { provider: 'github' }],
  ['private_key_required', { provider: 'discord', secret: 's' }],
  ['private_key_not_supported', { provider: 'github', private_key: 'k' }],
  ['invalid_private_key', { provider: 'discord', private_key: 'not a key' }],
  ['invalid_secret', { provider: 'generic-hmac', secret: 'not hex', generic: { header_name: 'X-Sig', key_encoding: 'hex' } }],
  ['payload_not_signable', { provider: 'adyen', secret: 'ab'.repeat(32), payload: 'not json' }],
  ['target_not_allowed', { provider: 'github', secret: 's', endpoint_url: 'http://10.0.0.1/hooks' }]
]

describe('the refusals of sign and conformance in the OpenAPI document', () => {
  it('lists every code the domain refuses a signing with', () => {
    const source = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'domain', 'sign.ts'), 'utf8')
    const raised = new Set([...source.matchAll(/new SignRefusal\('([a-z_]+)'/g)].map((match) => match[1]))
    expect([...raised].sort()).toEqual([...SIGN_REFUSAL_CODES].sort())
    expect(SIGN_REFUSALS.map(([code]) => code).sort()).toEqual([...SIGN_REFUSAL_CODES].sort())
  })

  it.each(SIGN_REFUSALS)('sign answers 400 %s, documented with its code', async (code, body) => {
    const res = await post(SIGN, body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().code).toBe(code)
    expectDocumented(SIGN, res)
  })

  it.each(CONFORMANCE_REFUSALS)('conformance answers 400 %s, documented with its code', async (code, body) => {
    const res = await post(CONFORMANCE, { endpoint_url: ENDPOINT, ...body })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().code).toBe(code)
    expectDocumented(CONFORMANCE, res)
  })
})

// 25 KB of JSON nested 5,000 levels: JSON.stringify, which re-serialises a body a provider signs inside, recursed to
// the stack's limit and the call was a 500
const DEEP = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)

describe('a JSON payload nested deeper than any body of this API may be', () => {
  it.each(['mailgun', 'linear', 'adyen'])('sign refuses it for %s, which writes into the body, as payload_not_signable', async (provider) => {
    const res = await post(SIGN, { provider, payload: DEEP, secret: 'ab'.repeat(32) })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ code: 'payload_not_signable', detail: expect.stringContaining('more than 64 levels') })
  })

  it('sign takes it for a provider that signs the bytes as they are', async () => {
    const res = await post(SIGN, { provider: 'github', payload: DEEP, secret: 's' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().payload).toBe(DEEP)
  })

  it.each(['stripe', 'mailgun'])('conformance refuses it for %s before anything is sent (its reserialised_body check re-serialises it)', async (provider) => {
    const res = await post(CONFORMANCE, { endpoint_url: ENDPOINT, provider, payload: `{"data":${DEEP}}`, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().code).toBe('payload_not_signable')
  })
})
