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

const KNOWN = new Set<string>(PROVIDER_IDS)

/** Whether a name is a provider's id. */
export const isProviderId = (name: string): name is ProviderId => KNOWN.has(name)
