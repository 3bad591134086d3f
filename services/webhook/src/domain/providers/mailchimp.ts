import { HMAC_SHA1 } from '../algorithms.js'
import { mac } from '../digest.js'
import { anyFramework, defineProvider, type ProviderContext, type SignatureRead } from '../provider.js'
import { idempotencyCheck } from './body-hmac.js'
import { readFramedHeader } from './framing.js'
import { formParamsCost, formParamsOnce, signedFormParams } from './form-params.js'
import { signedUrlVariants, withSignedUrl, type UrlSigning } from './signed-url.js'

const SIGNATURE = 'X-Mandrill-Signature'

const SIGNING: UrlSigning = { bodyPart: formParamsOnce, urlFirst: true, contentCost: formParamsCost }

const read = (ctx: ProviderContext): SignatureRead => withSignedUrl(ctx,
  readFramedHeader(ctx, SIGNATURE, { prefix: '', encoding: 'base64' }, 'Mailchimp Transactional', HMAC_SHA1), 'Mandrill',
  'the webhook URL followed by each POST parameter\'s name and value, names sorted', SIGNING)

// https://mailchimp.com/developer/transactional/guides/track-respond-activity-webhooks/ (authenticating webhook requests)
export const mailchimp = defineProvider({
  id: 'mailchimp',
  name: 'Mailchimp Transactional (Mandrill)',
  scheme: 'hmac-sha1-base64',
  signatureHeaders: [SIGNATURE],
  timestampHeader: null,
  replayProtected: false,
  signedContent: '<webhook URL><name><value>... of the POST parameters (mandrill_events), names sorted; header value base64(HMAC-SHA1); ' +
    'the URL exactly as entered for the webhook',
  secretFormat: 'the webhook\'s authentication key (Settings > Webhooks), used as UTF-8 bytes; not the API key (md-...)',
  signsUrl: true,
  formBodies: true,
  algorithm: HMAC_SHA1,
  detection: { headers: [SIGNATURE.toLowerCase()] },
  read,
  contentVariants: signedUrlVariants(SIGNING),
  extraChecks: (ctx) => [idempotencyCheck(ctx, 'Mandrill', [], 'deduplicate on each event\'s _id in mandrill_events')],
  sign: ({ body, secret, url }) => ({
    [SIGNATURE]: mac('sha1', secret, [url ?? 'https://example.com/mandrill', signedFormParams(body)]).toString('base64')
  }),
  demos: [{
    payload: 'mandrill_events=' + encodeURIComponent('[{"event":"send","_id":"demo-message-0001","ts":1700000000,' +
      '"msg":{"email":"demo@example.com","subject":"Demo"}}]'),
    secret: 'mandrill-replay-vector-demo-webhook-key',
    url: 'https://example.com/webhooks/mandrill',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' }
  }],
  note: anyFramework('Mandrill signs the webhook URL then each form parameter\'s name and value, with HMAC-SHA1',
    'Pass url exactly as the webhook\'s URL and the form body as received (mandrill_events=...); the key is the webhook\'s, not the API key.')
})
