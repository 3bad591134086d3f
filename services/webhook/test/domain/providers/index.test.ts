import { describe, expect, it } from 'vitest'
import { PROVIDER_GROUPS, PROVIDER_IDS, PROVIDERS } from '../../../src/domain/providers/index.js'
import { replayTestVectors } from '../../../src/domain/replay-vectors.js'
import { verifyWebhook, type VerifyRequest } from '../../../src/domain/verify.js'
import { GENERIC } from '../../helpers/deliveries.js'

/** Each provider's first replay vector, as verify takes it: a known-good delivery. */
const known = PROVIDER_IDS.map((id) => {
  const provider = PROVIDERS[id]
  const vector = replayTestVectors(provider, provider.configurable === undefined ? undefined : GENERIC)[0]
  return { id, request: { ...vector, provider: id } as VerifyRequest, now: vector.now_epoch_seconds ?? 1700000000 }
})

// The groups name providers in prose (route descriptions, READMEs): a group is only as true as the fact it is made of
describe('PROVIDER_GROUPS', () => {
  it('holds every provider in the registry\'s order, and the public-key ones as telnyx among them', () => {
    for (const ids of Object.values(PROVIDER_GROUPS)) expect(ids).toEqual(PROVIDER_IDS.filter((id) => ids.includes(id)))
    expect(PROVIDER_GROUPS.publicKey).toEqual(['discord', 'sendgrid', 'plaid', 'telnyx'])
    expect(PROVIDER_GROUPS.alsoPublicKey).toEqual(['standard-webhooks'])
    expect(PROVIDER_GROUPS.signsUrl).toEqual(['twilio', 'square', 'hubspot', 'trello', 'mailchimp'])
  })

  it('signsUrl: exactly the providers whose known-good delivery fails without its url', () => {
    const failing = known.filter(({ request, now }) => {
      const { url: _url, ...withoutUrl } = request
      return !verifyWebhook(withoutUrl, now).valid
    })
    expect(known.every(({ request, now }) => verifyWebhook(request, now).valid)).toBe(true)
    expect(failing.map(({ id }) => id)).toEqual(PROVIDER_GROUPS.signsUrl)
  })

  it('signsMethod: exactly the providers whose known-good delivery fails under another method', () => {
    const failing = known.filter(({ request, now }) => !verifyWebhook({ ...request, method: 'PUT' }, now).valid)
    expect(failing.map(({ id }) => id)).toEqual(PROVIDER_GROUPS.signsMethod)
    expect(PROVIDER_GROUPS.signsMethod).toEqual(['hubspot'])
  })

  it('publicKey: exactly the providers that sign with a private key only; alsoPublicKey: those that sign with a secret too', () => {
    const kinds = (id: typeof PROVIDER_IDS[number]) => PROVIDERS[id].signingKey === undefined ? 'secret' : PROVIDERS[id].algorithm.kind
    expect(PROVIDER_IDS.filter((id) => kinds(id) === 'signature')).toEqual(PROVIDER_GROUPS.publicKey)
    expect(PROVIDER_IDS.filter((id) => kinds(id) === 'mac')).toEqual(PROVIDER_GROUPS.alsoPublicKey)
  })
})
