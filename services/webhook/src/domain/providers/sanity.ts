import { anyFramework } from '../provider.js'
import { signedListProvider } from './signed-list.js'

// https://www.sanity.io/docs/webhooks and @sanity/webhook (isValidSignature): t in milliseconds, v1 in base64url
export const sanity = signedListProvider({
  id: 'sanity',
  name: 'Sanity',
  header: 'sanity-webhook-signature',
  separator: ',',
  timestampKey: 't',
  signatureKey: 'v1',
  join: '.',
  timestampUnit: 'milliseconds',
  trimItems: true,
  encoding: 'base64url',
  secretFormat: 'the secret set on the GROQ-powered webhook (sanity.io/manage > API > Webhooks), used as UTF-8 bytes; ' +
    'not an API token (sk...)',
  toleranceNote: 't is in milliseconds and v1 is unpadded base64url, as @sanity/webhook writes them',
  idempotency: 'deduplicate on the idempotency-key header Sanity sends, or the document _id and _rev in the payload',
  demo: {
    payload: '{"_id":"demo-post-0001","_type":"post","_rev":"demoRevision01","title":"Demo post"}',
    secret: 'sanity-replay-vector-demo-webhook-secret',
    headers: { 'Content-Type': 'application/json' }
  },
  note: anyFramework('Sanity signs "<t>.<body>" with the webhook secret, as t=<ms>,v1=<base64url>',
    'The body is the GROQ projection as sent; t is in milliseconds and the digest is base64url without padding.')
})
