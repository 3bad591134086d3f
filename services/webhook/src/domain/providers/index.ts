import type { Provider } from '../provider.js'
import type { ProviderId } from '../types.js'
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

export const PROVIDERS: Record<ProviderId, Provider> = {
  github,
  slack,
  stripe,
  shopify,
  'generic-hmac': genericHmac,
  'standard-webhooks': standardWebhooks,
  paddle,
  linear,
  zoom,
  bitbucket,
  jira,
  razorpay,
  'coinbase-commerce': coinbaseCommerce,
  typeform,
  calendly,
  mux,
  sentry,
  twitch,
  woocommerce,
  intercom,
  vercel,
  gitlab,
  discord,
  sendgrid,
  twilio,
  square,
  hubspot,
  plaid,
  mailgun,
  adyen
}
