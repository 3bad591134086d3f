import type { Provider } from '../provider.js'
import { adyen } from './adyen.js'
import { airwallex } from './airwallex.js'
import { akeneo } from './akeneo.js'
import { asana } from './asana.js'
import { bitbucket } from './bitbucket.js'
import { calendly } from './calendly.js'
import { coinbaseCommerce } from './coinbase-commerce.js'
import { commerceLayer } from './commerce-layer.js'
import { customerIo } from './customer-io.js'
import { discord } from './discord.js'
import { docusign } from './docusign.js'
import { facebook } from './facebook.js'
import { fastspring } from './fastspring.js'
import { front } from './front.js'
import { genericHmac } from './generic-hmac.js'
import { github } from './github.js'
import { gitlab } from './gitlab.js'
import { gocardless } from './gocardless.js'
import { hookdeckOutpost } from './hookdeck-outpost.js'
import { hubspot } from './hubspot.js'
import { intercom } from './intercom.js'
import { jira } from './jira.js'
import { linear } from './linear.js'
import { linkedin } from './linkedin.js'
import { mailchimp } from './mailchimp.js'
import { mailgun } from './mailgun.js'
import { mux } from './mux.js'
import { nuvemshop } from './nuvemshop.js'
import { nylas } from './nylas.js'
import { orb } from './orb.js'
import { paddle } from './paddle.js'
import { persona } from './persona.js'
import { picqer } from './picqer.js'
import { plaid } from './plaid.js'
import { razorpay } from './razorpay.js'
import { recurly } from './recurly.js'
import { sanity } from './sanity.js'
import { sendgrid } from './sendgrid.js'
import { sentry } from './sentry.js'
import { shopify } from './shopify.js'
import { slack } from './slack.js'
import { smartcar } from './smartcar.js'
import { square } from './square.js'
import { standardWebhooks } from './standard-webhooks.js'
import { stripe } from './stripe.js'
import { tally } from './tally.js'
import { tebex } from './tebex.js'
import { telnyx } from './telnyx.js'
import { tiktok } from './tiktok.js'
import { trello } from './trello.js'
import { twilio } from './twilio.js'
import { twitch } from './twitch.js'
import { twitter } from './twitter.js'
import { typeform } from './typeform.js'
import { vercel } from './vercel.js'
import { woocommerce } from './woocommerce.js'
import { workos } from './workos.js'
import { xero } from './xero.js'
import { zendesk } from './zendesk.js'
import { zoom } from './zoom.js'

// Every provider, in the order GET /v1/webhooks/providers lists them. Adding one is adding its module here.
const ALL = [
  github, slack, stripe, shopify, genericHmac, standardWebhooks, paddle, linear, zoom, bitbucket, jira, razorpay,
  coinbaseCommerce, typeform, calendly, mux, sentry, twitch, woocommerce, intercom, vercel, gitlab, discord, sendgrid,
  twilio, square, hubspot, plaid, mailgun, adyen,
  asana, commerceLayer, customerIo, docusign, fastspring, nylas, persona, picqer, smartcar, tally, twitter, xero, zendesk,
  akeneo, airwallex, nuvemshop, tebex, tiktok, sanity, workos, orb,
  hookdeckOutpost, gocardless, facebook, linkedin, telnyx, trello, recurly, front, mailchimp
] as const

export type ProviderId = typeof ALL[number]['id']

export const PROVIDER_IDS = ALL.map((provider) => provider.id) as ReadonlyArray<ProviderId>

export const PROVIDERS = Object.fromEntries(ALL.map((provider) => [provider.id, provider])) as Record<ProviderId, Provider>

/** The providers a fact of their specs holds for, in the registry's order. */
const providersWhere = (holds: (provider: Provider) => boolean): ProviderId[] => ALL.filter((provider) => holds(provider)).map((provider) => provider.id)

/**
 * The groups of providers that prose names (route descriptions, READMEs): made here from the specs, so a list in a
 * description cannot leave a provider out, and the README's lists are tested against these.
 */
export const PROVIDER_GROUPS = {
  /** Sign with a private key only (Ed25519, ECDSA P-256): the verify secret is a public key. */
  publicKey: providersWhere((provider) => provider.signingKey !== undefined && provider.algorithm.kind !== 'mac'),
  /** Sign with a secret, and under a second scheme with a private key (Standard Webhooks v1a). */
  alsoPublicKey: providersWhere((provider) => provider.signingKey !== undefined && provider.algorithm.kind === 'mac'),
  /** Sign the URL they called: `url` is required. */
  signsUrl: providersWhere((provider) => provider.info.requires_url),
  /** Sign the HTTP method. */
  signsMethod: providersWhere((provider) => provider.signsMethod),
  /** Write into the body they send (a signature, a timestamp): sign's `payload` is not the one given. */
  writesBody: providersWhere((provider) => provider.signBody !== undefined),
  /** Sign fields of a JSON body, not its bytes: the signature is inside the body. */
  signsBodyFields: providersWhere((provider) => provider.signsBodyFields === true)
} as const satisfies Record<string, ProviderId[]>

export type ProviderGroup = keyof typeof PROVIDER_GROUPS
