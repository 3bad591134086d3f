import { HMAC_SHA1 } from '../algorithms.js'
import { mac } from '../digest.js'
import { anyFramework, defineProvider, type ProviderContext, type SignatureRead } from '../provider.js'
import { idempotencyCheck } from './body-hmac.js'
import { readFramedHeader } from './framing.js'
import { signedUrlVariants, withSignedUrl, type UrlSigning } from './signed-url.js'

const SIGNATURE = 'X-Trello-Webhook'

const SIGNING: UrlSigning = { bodyPart: () => (body) => body, urlFirst: false }

const read = (ctx: ProviderContext): SignatureRead => withSignedUrl(ctx,
  readFramedHeader(ctx, SIGNATURE, { prefix: '', encoding: 'base64' }, 'Trello', HMAC_SHA1), 'Trello',
  'the raw body followed by the webhook\'s callbackURL', SIGNING)

// https://developer.atlassian.com/cloud/trello/guides/rest-api/webhooks/ (webhook signatures)
export const trello = defineProvider({
  id: 'trello',
  name: 'Trello',
  scheme: 'hmac-sha1-base64',
  signatureHeaders: [SIGNATURE],
  timestampHeader: null,
  replayProtected: false,
  signedContent: '<raw body><callbackURL>; header value base64(HMAC-SHA1); the callbackURL exactly as given when the webhook was ' +
    'created; the HEAD request Trello sends on creation carries no signature',
  secretFormat: 'the application\'s OAuth secret (Power-Up admin > API key > Secret), used as UTF-8 bytes; not the API key or a user token',
  signsUrl: true,
  algorithm: HMAC_SHA1,
  detection: { headers: [SIGNATURE.toLowerCase()] },
  read,
  contentVariants: signedUrlVariants(SIGNING),
  extraChecks: (ctx) => [idempotencyCheck(ctx, 'Trello', [], 'deduplicate deliveries on action.id in the payload')],
  sign: ({ body, secret, url }) => ({ [SIGNATURE]: mac('sha1', secret, [body, url ?? 'https://example.com/trello']).toString('base64') }),
  demos: [{
    payload: '{"action":{"id":"5f0000000000000000000001","type":"updateCard","date":"2023-11-14T22:13:20.000Z",' +
      '"data":{"card":{"id":"5f0000000000000000000002","name":"Demo card"}}},"model":{"id":"5f0000000000000000000003","name":"Demo board"}}',
    secret: 'trello-replay-vector-demo-oauth-secret',
    url: 'https://example.com/webhooks/trello',
    headers: { 'Content-Type': 'application/json' }
  }],
  note: anyFramework('Trello signs the raw body followed by the callbackURL, with HMAC-SHA1',
    'Pass url exactly as the callbackURL given when the webhook was created; the key is the application\'s OAuth secret, not the API key.')
})
