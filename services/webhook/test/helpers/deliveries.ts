import { createHash, createHmac, generateKeyPairSync, sign } from 'node:crypto'
import type { ProviderId } from '../../src/domain/providers/index.js'
import type { GenericOptions } from '../../src/domain/types.js'
import type { VerifyRequest } from '../../src/domain/verify.js'
import {
  githubSha1, githubSignature, hmacBase64, hmacSha1Hex, hmacHex, NOW, rfc3339, shopifySignature, slackSignature, standardSignature, stripeHeader, timestampedList,
  twitchSignature, zoomSignature, stripeV1, mailgunSignature, adyenSignature, discordSignature, sendgridSignature, TEST_KEYS, twilioSignature, squareSignature, hubspotSignature, plaidToken, jwkOf, ed25519PublicHex, spkiBase64
} from './sign.js'

export const SECRETS: Record<ProviderId, string> = {
  github: 'github-webhook-secret',
  slack: '8f742231b10e8888abcd99aaabbb85a5',
  stripe: 'whsec_suite_secret_0123456789',
  shopify: 'shopify-client-secret',
  'generic-hmac': 'generic-secret',
  'standard-webhooks': 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  paddle: 'pdl_ntfset_01hv8x0suite0secret_key0123456789',
  linear: 'lin_wh_suite_signing_secret_0123456789',
  zoom: 'zoom-secret-token-0123456789',
  bitbucket: 'bitbucket-webhook-secret',
  jira: 'jira-webhook-secret',
  razorpay: 'razorpay-webhook-secret',
  'coinbase-commerce': 'coinbase-shared-secret',
  typeform: 'typeform-webhook-secret',
  calendly: 'calendly-signing-key',
  mux: 'mux-signing-secret',
  sentry: 'sentry-client-secret',
  twitch: 'twitch-eventsub-secret',
  woocommerce: 'woocommerce-webhook-secret',
  intercom: 'intercom-client-secret',
  vercel: 'vercel-webhook-secret',
  gitlab: 'gitlab-secret-token',
  // Public keys: the deliveries below are signed with the private keys of the suite's key pairs.
  discord: ed25519PublicHex(TEST_KEYS.ed25519.publicKey),
  sendgrid: spkiBase64(TEST_KEYS.p256.publicKey),
  twilio: '0123456789abcdef0123456789abcdef',
  square: 'square-signature-key',
  hubspot: 'hubspot-client-secret',
  plaid: jwkOf(TEST_KEYS.p256.publicKey),
  mailgun: 'mailgun-http-webhook-signing-key',
  adyen: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
  asana: 'asana-x-hook-secret',
  'commerce-layer': 'commerce-layer-shared-secret',
  'customer-io': 'customer-io-signing-key',
  docusign: 'docusign-connect-key',
  fastspring: 'fastspring-hmac-secret',
  nylas: 'nylas-webhook-secret',
  persona: 'wbhsec_persona-suite-secret',
  picqer: 'picqer-hook-secret',
  smartcar: 'smartcar-management-token',
  tally: 'tally-signing-secret',
  twitter: 'twitter-consumer-secret',
  xero: 'xero-webhooks-key',
  zendesk: 'zendesk-signing-secret',
  akeneo: 'akeneo-subscription-secret',
  airwallex: 'airwallex-webhook-secret',
  nuvemshop: 'nuvemshop-client-secret',
  tebex: 'tebex-webhook-secret',
  tiktok: 'tiktok-client-secret',
  sanity: 'sanity-webhook-secret',
  workos: 'workos-webhook-secret',
  orb: 'orb-signing-secret',
  'hookdeck-outpost': 'outpost-signing-secret',
  gocardless: 'gocardless-endpoint-secret',
  facebook: 'facebook-app-secret',
  linkedin: 'linkedin-client-secret',
  telnyx: Buffer.from(ed25519PublicHex(TEST_KEYS.ed25519.publicKey), 'hex').toString('base64'),
  trello: 'trello-oauth-secret',
  recurly: 'recurly-endpoint-key',
  front: 'front-signing-key',
  mailchimp: 'mandrill-webhook-key'
}

/** The URL each URL-signing provider called in the suite's deliveries. */
export const URLS = {
  twilio: 'https://example.com/webhooks/twilio?tenant=7',
  square: 'https://example.com/webhooks/square',
  hubspot: 'https://example.com/webhooks/hubspot?portal=62515',
  trello: 'https://example.com/webhooks/trello?board=5f00',
  mailchimp: 'https://example.com/webhooks/mandrill'
}

/** A secret that did not sign the delivery, of the shape the provider expects. */
export function otherSecret (provider: ProviderId): string {
  if (provider === 'standard-webhooks') return 'whsec_' + Buffer.from('a different key of 24 bytes').toString('base64')
  if (provider === 'discord') return ed25519PublicHex(generateKeyPairSync('ed25519').publicKey)
  if (provider === 'telnyx') return Buffer.from(ed25519PublicHex(generateKeyPairSync('ed25519').publicKey), 'hex').toString('base64')
  if (provider === 'sendgrid') return spkiBase64(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey)
  if (provider === 'adyen') return 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90'
  if (provider === 'plaid') return jwkOf(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey)
  return `${SECRETS[provider]}-rotated`
}

/** An RFC 3339 date in whole seconds (Zendesk's timestamp header). */
export const isoSeconds = (seconds: number): string => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z')

/** Telnyx's construction: Ed25519 over "<timestamp>|<body>", base64, with the suite's key pair. */
const telnyxSignature = (timestamp: number, body: string): string =>
  sign(null, Buffer.from(`${timestamp}|${body}`), TEST_KEYS.ed25519.privateKey).toString('base64')

export const GENERIC: GenericOptions = { header_name: 'X-Webhook-Signature', encoding: 'base64', prefix: 'sha256=' }

/** The payload as JSON: as it is when it parses, else as a string. */
const embedded = (payload: string): string => {
  try {
    JSON.parse(payload)
    return payload
  } catch {
    return JSON.stringify(payload)
  }
}
export const MAILGUN_TOKEN = '0d2bf3a9c6e1f4b7a8d5c2e9f6b3a0d7c4e1f8b5a2d9c6e3f0'
/** Adyen's signed fields of the suite's notification item: pspReference ... success (originalReference absent). */
const ADYEN_FIELDS = ['8815329842815468', '', 'SuiteMerchantECOM', 'order-7421', 2599, 'EUR', 'AUTHORISATION', 'true'] as const

/** A request as the provider would deliver it, signed by the documented construction (not by the code under test). */
export function delivery (provider: ProviderId, payload: string, timestamp = NOW, secret = SECRETS[provider]): VerifyRequest {
  const base = { provider, payload, secret, now_epoch_seconds: NOW }
  switch (provider) {
    case 'github': return { ...base, headers: { 'X-Hub-Signature-256': githubSignature(secret, payload) } }
    case 'slack': return { ...base, headers: { 'X-Slack-Request-Timestamp': String(timestamp), 'X-Slack-Signature': slackSignature(secret, timestamp, payload) } }
    case 'stripe': return { ...base, headers: { 'Stripe-Signature': stripeHeader(secret, timestamp, payload) } }
    case 'shopify': return { ...base, headers: { 'X-Shopify-Hmac-Sha256': shopifySignature(secret, payload) } }
    case 'generic-hmac': return { ...base, generic: GENERIC, headers: { 'X-Webhook-Signature': `sha256=${hmacBase64(secret, payload)}` } }
    case 'standard-webhooks': return {
      ...base,
      headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': standardSignature(secret, 'msg_1', timestamp, payload) }
    }
    case 'paddle': return { ...base, headers: { 'Paddle-Signature': timestampedList(secret, timestamp, payload, true) } }
    case 'linear': {
      // Linear's signed time is a field of its JSON body: an object payload is delivered with it, anything else as given.
      const body = /^\{./s.test(payload) ? `{"webhookTimestamp":${timestamp * 1000},${payload.slice(1)}` : payload
      return { ...base, payload: body, headers: { 'Linear-Signature': hmacHex(secret, body) } }
    }
    case 'zoom': return { ...base, headers: { 'x-zm-request-timestamp': String(timestamp), 'x-zm-signature': zoomSignature(secret, timestamp, payload) } }
    case 'bitbucket': return { ...base, headers: { 'X-Hub-Signature': githubSignature(secret, payload), 'X-Event-Key': 'repo:push' } }
    case 'jira': return { ...base, headers: { 'X-Hub-Signature': githubSignature(secret, payload) } }
    case 'razorpay': return { ...base, headers: { 'X-Razorpay-Signature': hmacHex(secret, payload) } }
    case 'coinbase-commerce': return { ...base, headers: { 'X-CC-Webhook-Signature': hmacHex(secret, payload) } }
    case 'typeform': return { ...base, headers: { 'Typeform-Signature': `sha256=${hmacBase64(secret, payload)}` } }
    case 'calendly': return { ...base, headers: { 'Calendly-Webhook-Signature': timestampedList(secret, timestamp, payload) } }
    case 'mux': return { ...base, headers: { 'Mux-Signature': timestampedList(secret, timestamp, payload) } }
    case 'sentry': return { ...base, headers: { 'Sentry-Hook-Signature': hmacHex(secret, payload), 'Sentry-Hook-Resource': 'issue' } }
    case 'twitch': {
      const headers = { 'Twitch-Eventsub-Message-Id': 'msg-1', 'Twitch-Eventsub-Message-Timestamp': rfc3339(timestamp) }
      return { ...base, headers: { ...headers, 'Twitch-Eventsub-Message-Signature': twitchSignature(secret, 'msg-1', rfc3339(timestamp), payload) } }
    }
    case 'woocommerce': return { ...base, headers: { 'X-WC-Webhook-Signature': hmacBase64(secret, payload) } }
    case 'intercom': return { ...base, headers: { 'X-Hub-Signature': githubSha1(secret, payload) } }
    case 'vercel': return { ...base, headers: { 'x-vercel-signature': hmacSha1Hex(secret, payload) } }
    case 'gitlab': return { ...base, headers: { 'X-Gitlab-Token': secret, 'X-Gitlab-Event': 'Push Hook' } }
    case 'discord': return { ...base, headers: { 'X-Signature-Ed25519': discordSignature(timestamp, payload), 'X-Signature-Timestamp': String(timestamp) } }
    // A body that is not a form is signed through the bodySHA256 query parameter, and any payload can be one.
    case 'twilio': {
      const url = `${URLS.twilio}&bodySHA256=${createHash('sha256').update(payload).digest('hex')}`
      return { ...base, url, headers: { 'X-Twilio-Signature': twilioSignature(secret, url, '') } }
    }
    case 'square': return { ...base, url: URLS.square, headers: { 'X-Square-HmacSha256-Signature': squareSignature(secret, URLS.square, payload) } }
    case 'hubspot': {
      const millis = String(timestamp * 1000)
      return {
        ...base,
        url: URLS.hubspot,
        headers: { 'X-HubSpot-Signature-v3': hubspotSignature(secret, 'POST', URLS.hubspot, payload, millis), 'X-HubSpot-Request-Timestamp': millis }
      }
    }
    // Mailgun signs only fields of its signature object, so the payload travels as the event data beside it.
    case 'mailgun': {
      const signature = { timestamp: String(timestamp), token: MAILGUN_TOKEN, signature: mailgunSignature(secret, String(timestamp), MAILGUN_TOKEN) }
      return { ...base, payload: `{"signature":${JSON.stringify(signature)},"event-data":${embedded(payload)}}`, headers: { 'Content-Type': 'application/json' } }
    }
    // Adyen signs eight fields of the item, so the payload travels in an unsigned field (reason) beside them.
    case 'adyen': {
      const [pspReference, , merchantAccountCode, merchantReference, value, currency, eventCode, success] = ADYEN_FIELDS
      const item = {
        pspReference,
        merchantAccountCode,
        merchantReference,
        amount: { value, currency },
        eventCode,
        success,
        reason: payload,
        additionalData: { hmacSignature: adyenSignature(secret, [...ADYEN_FIELDS]) }
      }
      return { ...base, payload: JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] }), headers: { 'Content-Type': 'application/json' } }
    }
    case 'plaid': return { ...base, headers: { 'Plaid-Verification': plaidToken(payload, timestamp) } }
    case 'sendgrid': return {
      ...base,
      headers: { 'X-Twilio-Email-Event-Webhook-Signature': sendgridSignature(timestamp, payload), 'X-Twilio-Email-Event-Webhook-Timestamp': String(timestamp) }
    }
    case 'asana': return { ...base, headers: { 'X-Hook-Signature': hmacHex(secret, payload) } }
    case 'commerce-layer': return { ...base, headers: { 'X-CommerceLayer-Signature': hmacBase64(secret, payload), 'X-CommerceLayer-Topic': 'orders.place' } }
    case 'customer-io': return {
      ...base, headers: { 'X-CIO-Timestamp': String(timestamp), 'X-CIO-Signature': hmacHex(secret, `v0:${timestamp}:${payload}`) }
    }
    case 'docusign': return { ...base, headers: { 'X-DocuSign-Signature-1': hmacBase64(secret, payload), 'X-Authorization-Digest': 'HMACSHA256' } }
    case 'fastspring': return { ...base, headers: { 'X-FS-Signature': hmacBase64(secret, payload) } }
    case 'nylas': return { ...base, headers: { 'X-Nylas-Signature': hmacHex(secret, payload) } }
    case 'persona': return { ...base, headers: { 'Persona-Signature': timestampedList(secret, timestamp, payload) } }
    case 'picqer': return { ...base, headers: { 'X-Picqer-Signature': hmacBase64(secret, payload) } }
    case 'smartcar': return { ...base, headers: { 'SC-Signature': hmacHex(secret, payload) } }
    case 'tally': return { ...base, headers: { 'Tally-Signature': hmacBase64(secret, payload) } }
    case 'twitter': return { ...base, headers: { 'x-twitter-webhooks-signature': `sha256=${hmacBase64(secret, payload)}` } }
    case 'xero': return { ...base, headers: { 'x-xero-signature': hmacBase64(secret, payload) } }
    case 'zendesk': {
      const iso = isoSeconds(timestamp)
      return { ...base, headers: { 'X-Zendesk-Webhook-Signature-Timestamp': iso, 'X-Zendesk-Webhook-Signature': hmacBase64(secret, iso + payload) } }
    }
    case 'akeneo': return {
      ...base, headers: { 'X-Akeneo-Request-Timestamp': String(timestamp), 'X-Akeneo-Request-Signature': hmacHex(secret, `${timestamp}.${payload}`) }
    }
    case 'airwallex': return { ...base, headers: { 'x-timestamp': String(timestamp * 1000), 'x-signature': hmacHex(secret, `${timestamp * 1000}${payload}`) } }
    case 'nuvemshop': return { ...base, headers: { 'x-linkedstore-hmac-sha256': hmacHex(secret, payload) } }
    case 'tebex': return { ...base, headers: { 'X-Signature': hmacHex(secret, createHash('sha256').update(payload).digest('hex')) } }
    case 'tiktok': return { ...base, headers: { 'TikTok-Signature': `t=${timestamp},s=${stripeV1(secret, timestamp, payload)}` } }
    case 'sanity': {
      const millis = timestamp * 1000
      const v1 = createHmac('sha256', secret).update(`${millis}.${payload}`).digest('base64url')
      return { ...base, headers: { 'sanity-webhook-signature': `t=${millis},v1=${v1}` } }
    }
    case 'workos': return { ...base, headers: { 'WorkOS-Signature': `t=${timestamp * 1000}, v1=${stripeV1(secret, timestamp * 1000, payload)}` } }
    case 'orb': {
      const iso = new Date(timestamp * 1000).toISOString().slice(0, -1)
      return { ...base, headers: { 'X-Orb-Timestamp': iso, 'X-Orb-Signature': `v1=${hmacHex(secret, `v1:${iso}:${payload}`)}` } }
    }
    case 'hookdeck-outpost': return { ...base, headers: { 'X-Outpost-Signature': `t=${timestamp},v0=${stripeV1(secret, timestamp, payload)}` } }
    case 'gocardless': return { ...base, headers: { 'Webhook-Signature': hmacHex(secret, payload) } }
    case 'facebook': return { ...base, headers: { 'X-Hub-Signature-256': githubSignature(secret, payload) } }
    case 'linkedin': return { ...base, headers: { 'X-LI-Signature': hmacHex(secret, `hmacsha256=${payload}`) } }
    case 'telnyx': return {
      ...base, headers: { 'telnyx-timestamp': String(timestamp), 'telnyx-signature-ed25519': telnyxSignature(timestamp, payload) }
    }
    case 'trello': return { ...base, url: URLS.trello, headers: { 'X-Trello-Webhook': createHmac('sha1', secret).update(payload + URLS.trello).digest('base64') } }
    case 'recurly': return { ...base, headers: { 'recurly-signature': `${timestamp * 1000},${stripeV1(secret, timestamp * 1000, payload)}` } }
    case 'front': return {
      ...base, headers: { 'X-Front-Request-Timestamp': String(timestamp * 1000), 'X-Front-Signature': hmacBase64(secret, `${timestamp * 1000}:${payload}`) }
    }
    // Mandrill posts a form: the payload travels as its mandrill_events parameter, signed after the URL by name and value.
    case 'mailchimp': return {
      ...base,
      url: URLS.mailchimp,
      payload: `mandrill_events=${encodeURIComponent(payload)}`,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Mandrill-Signature': createHmac('sha1', secret).update(`${URLS.mailchimp}mandrill_events${payload}`).digest('base64')
      }
    }
  }
}
