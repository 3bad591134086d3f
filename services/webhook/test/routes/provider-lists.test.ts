import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PROVIDER_IDS, PROVIDERS } from '../../src/domain/providers/index.js'
import { testApp } from '../helpers/app.js'

let app: FastifyInstance
let document: { info: { description: string }, paths: Record<string, Record<string, { description: string }>>, components: { schemas: Record<string, unknown> } }
/** A named body schema of the document, as text. */
const schema = (name: string): string => JSON.stringify(document.components.schemas[name])
beforeAll(async () => {
  app = await testApp()
  document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json()
})
afterAll(async () => { await app.close() })

// What a reader of the API reference sees: the lists of providers in prose are the registry's
describe('provider lists in the OpenAPI document', () => {
  it('names all providers in the service description, and their number', () => {
    const { description } = document.info
    expect(description).toContain(`signatures of ${PROVIDER_IDS.length} providers`)
    for (const provider of Object.values(PROVIDERS)) expect(description).toContain(provider.info.name)
  })

  it('lists every public-key provider and every URL signer in the sign route, telnyx, trello and mailchimp among them', () => {
    const sign = document.paths['/v1/webhooks/sign'].post
    expect(sign.description).toContain('public-key providers (discord, sendgrid, plaid and telnyx; standard-webhooks also signs')
    expect(sign.description).toContain('twilio, square, hubspot, trello and mailchimp need `url`; hubspot signs the method')
    expect(sign.description).toContain('for linear, mailgun and adyen, the payload with what they')
    const body = schema('SignRequest')
    expect(body).toContain('For public-key providers (discord, sendgrid, plaid and telnyx; standard-webhooks for its public-key scheme)')
    expect(body).toContain('required by twilio, square, hubspot, trello and mailchimp, which sign it')
  })

  it('lists the URL signers in verify and conformance', () => {
    const verify = document.paths['/v1/webhooks/verify'].post
    expect(verify.description).toContain('`url`:\n  twilio, square, hubspot, trello and mailchimp; the method: hubspot')
    expect(schema('WebhookVerifyRequest')).toContain('Required by twilio, square, hubspot, trello and mailchimp, which sign it.')
    expect(schema('ConformanceRequest')).toContain('For twilio, square, hubspot, trello and mailchimp:')
  })
})
