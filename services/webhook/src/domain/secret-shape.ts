import type { Algorithm } from './algorithms.js'
import { privateKeyShape } from './key-formats.js'
import { check, type Provider } from './provider.js'
import { unquoted } from './quoted.js'
import type { Check } from './types.js'

export { unquoted } from './quoted.js'

// Credentials people paste instead of the signing secret. Only these public type prefixes are ever named in a
// detail, never any part of the secret itself.
const WRONG_CREDENTIALS: Array<{ prefix: string, what: string, shape?: RegExp }> = [
  { prefix: 'sk_', what: 'a Stripe secret API key' },
  { prefix: 'pk_', what: 'a Stripe publishable key' },
  { prefix: 'rk_', what: 'a Stripe restricted API key' },
  { prefix: 'xoxb-', what: 'a Slack bot token' },
  { prefix: 'xoxp-', what: 'a Slack user token' },
  { prefix: 'xapp-', what: 'a Slack app-level token' },
  { prefix: 'xoxe', what: 'a Slack refresh or configuration token' },
  { prefix: 'shpat_', what: 'a Shopify Admin API access token' },
  { prefix: 'shpca_', what: 'a Shopify custom app access token' },
  { prefix: 'shppa_', what: 'a Shopify private app password' },
  { prefix: 'ghp_', what: 'a GitHub personal access token' },
  { prefix: 'github_pat_', what: 'a GitHub fine-grained access token' },
  { prefix: 'gho_', what: 'a GitHub OAuth token' },
  { prefix: 'ghs_', what: 'a GitHub App installation token' },
  { prefix: 'pdl_live_apikey_', what: 'a Paddle live API key' },
  { prefix: 'pdl_sdbx_apikey_', what: 'a Paddle sandbox API key' },
  { prefix: 'lin_api_', what: 'a Linear API key' },
  { prefix: 'lin_oauth_', what: 'a Linear OAuth token' },
  { prefix: 'rzp_live_', what: 'a Razorpay live API key id' },
  { prefix: 'rzp_test_', what: 'a Razorpay test API key id' },
  { prefix: 'sntrys_', what: 'a Sentry organization auth token' },
  { prefix: 'sntryu_', what: 'a Sentry user auth token' },
  { prefix: 'tfp_', what: 'a Typeform personal access token' },
  { prefix: 'ck_', what: 'a WooCommerce REST API consumer key' },
  { prefix: 'cs_', what: 'a WooCommerce REST API consumer secret' },
  { prefix: 'ATATT', what: 'an Atlassian API token' },
  { prefix: 'ATBB', what: 'a Bitbucket app password' },
  { prefix: 'glpat-', what: 'a GitLab personal access token' },
  { prefix: 'eyJ', what: 'a JSON Web Token (an OAuth or personal access token)' },
  { prefix: 'SG.', what: 'a SendGrid API key' },
  { prefix: 'AC', what: 'a Twilio Account SID (the Auth Token signs)', shape: /^AC[0-9a-f]{32}$/ },
  { prefix: 'SK', what: 'a Twilio API key SID (the Auth Token signs)', shape: /^SK[0-9a-f]{32}$/ },
  { prefix: 'EAAA', what: 'a Square access token' },
  { prefix: 'pat-', what: 'a HubSpot private app access token' },
  { prefix: 'access-sandbox-', what: 'a Plaid access token' },
  { prefix: 'access-production-', what: 'a Plaid access token' },
  { prefix: 'sk-', what: 'an OpenAI API key' },
  { prefix: 're_', what: 'a Resend API key' }
]

/** What kind of credential a secret is when it is not a signing secret at all (`a Stripe secret API key`). */
export function wrongCredential (secret: string): { prefix: string, what: string } | undefined {
  const trimmed = unquoted(secret) ?? secret.trim()
  return WRONG_CREDENTIALS.find((credential) => trimmed.startsWith(credential.prefix) && (credential.shape?.test(trimmed) ?? true))
}

function describeWhitespace (secret: string): string | undefined {
  if (secret.trim() === secret) return undefined
  const end = /\r\n$/.test(secret) ? 'ends with CRLF' : /\n$/.test(secret) ? 'ends with a newline' : /\s$/.test(secret) ? 'ends with whitespace' : ''
  const start = /^\s/.test(secret) ? 'starts with whitespace' : ''
  const where = [start, end].filter((part) => part !== '').join(' and ')
  return `the secret ${where} (typical of an env file, echo, or a file read); the whitespace is part of the key as given`
}

// A whsec_ secret is Stripe's or Standard Webhooks' shape (and that of the senders built on Standard Webhooks).
function providerSpecific (provider: Provider, secret: string): string[] {
  const findings: string[] = []
  if (secret.startsWith('whsec_') && !provider.whsecSecrets) {
    findings.push('it starts with whsec_, the shape of a Stripe or Standard Webhooks secret, not of this provider')
  }
  return [...findings, ...provider.secretFindings?.(secret) ?? []]
}

/**
 * Describes how the secret is used and flags shapes that are the wrong credential. Findings are warnings only when
 * the signature did not match: a secret that produced the matching signature is by definition the right one. A
 * private key is recognised and never used.
 */
export function secretFormatCheck (
  provider: Provider, secret: string, signatureMatched: boolean, algorithm: Algorithm = provider.algorithm
): Check {
  const key = algorithm.key(secret)
  if ('key' in key && signatureMatched) return check('secret_format', 'passed', `${key.use}; it produced the matching signature`)

  const bare = unquoted(secret)
  const trimmed = bare ?? secret.trim()
  const wrong = wrongCredential(secret)
  const privateKey = privateKeyShape(secret)
  const findings = [
    describeWhitespace(secret),
    bare === undefined
      ? undefined
      : 'the secret is wrapped in quotes, and they are part of the key as given ' +
      '(docker run --env-file and secret stores keep them)',
    wrong === undefined ? undefined : `it starts with ${wrong.prefix}, which is ${wrong.what}, not a webhook signing secret`,
    privateKey === undefined || 'problem' in key ? undefined : `it is ${privateKey}, not a webhook signing secret`,
    ...(wrong === undefined && privateKey === undefined ? providerSpecific(provider, trimmed) : [])
  ].filter((finding): finding is string => finding !== undefined)
  if ('problem' in key) {
    return check('secret_format', key.privateKey === true ? 'warning' : 'failed', [key.problem, ...findings].join('; '))
  }
  return findings.length === 0
    ? check('secret_format', 'passed', `${key.use}; its shape fits this provider`)
    : check('secret_format', 'warning', `${findings.join('; ')}. Expected: ${provider.info.secret_format}`)
}
