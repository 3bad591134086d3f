import type { Provider } from '../provider.js'
import { adyen } from './adyen.js'
import { bitbucket } from './bitbucket.js'
import { calendly } from './calendly.js'
import { coinbaseCommerce } from './coinbase-commerce.js'
import { discord } from './discord.js'
import { genericHmac } from './generic-hmac.js'
import { github } from './github.js'
import { gitlab } from './gitlab.js'
import { hubspot } from './hubspot.js'
import { intercom } from './intercom.js'
import { jira } from './jira.js'
import { linear } from './linear.js'
import { mailgun } from './mailgun.js'
import { mux } from './mux.js'
import { paddle } from './paddle.js'
import { plaid } from './plaid.js'
import { razorpay } from './razorpay.js'
import { sendgrid } from './sendgrid.js'
import { sentry } from './sentry.js'
import { shopify } from './shopify.js'
import { slack } from './slack.js'
import { square } from './square.js'
import { standardWebhooks } from './standard-webhooks.js'
import { stripe } from './stripe.js'
import { twilio } from './twilio.js'
import { twitch } from './twitch.js'
import { typeform } from './typeform.js'
import { vercel } from './vercel.js'
import { woocommerce } from './woocommerce.js'
import { zoom } from './zoom.js'

// Every provider, in the order GET /v1/webhooks/providers lists them. Adding one is adding its module here.
const ALL = [
  github, slack, stripe, shopify, genericHmac, standardWebhooks, paddle, linear, zoom, bitbucket, jira, razorpay,
  coinbaseCommerce, typeform, calendly, mux, sentry, twitch, woocommerce, intercom, vercel, gitlab, discord, sendgrid,
  twilio, square, hubspot, plaid, mailgun, adyen
] as const

export type ProviderId = typeof ALL[number]['id']

export const PROVIDER_IDS = ALL.map((provider) => provider.id) as ReadonlyArray<ProviderId>

export const PROVIDERS = Object.fromEntries(ALL.map((provider) => [provider.id, provider])) as Record<ProviderId, Provider>

const KNOWN = new Set<string>(PROVIDER_IDS)

/** Whether a name is a provider's id. */
export const isProviderId = (name: string): name is ProviderId => KNOWN.has(name)
