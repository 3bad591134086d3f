import { check } from './provider.js'
import { PROVIDERS } from './providers/index.js'
import type { Check, ProviderId } from './types.js'

// Credentials people paste instead of the signing secret. Only these public type prefixes are ever named in a
// detail, never any part of the secret itself.
const WRONG_CREDENTIALS: Array<{ prefix: string, what: string }> = [
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
  { prefix: 'ghs_', what: 'a GitHub App installation token' }
]

/**
 * A value inside the quotes it was stored or copied with (`"whsec_..."`), or undefined when it has none: `docker run
 * --env-file`, most secret stores and JSON logs keep quotes as part of the value.
 */
export function unquoted (value: string): string | undefined {
  const quoted = /^(["'])(.+)\1$/s.exec(value.trim())
  return quoted === null ? undefined : quoted[2]
}

/** What kind of credential a secret is when it is not a signing secret at all (`a Stripe secret API key`). */
export function wrongCredential (secret: string): { prefix: string, what: string } | undefined {
  const trimmed = unquoted(secret) ?? secret.trim()
  return WRONG_CREDENTIALS.find((shape) => trimmed.startsWith(shape.prefix))
}

function describeWhitespace (secret: string): string | undefined {
  if (secret.trim() === secret) return undefined
  const end = /\r\n$/.test(secret) ? 'ends with CRLF' : /\n$/.test(secret) ? 'ends with a newline' : /\s$/.test(secret) ? 'ends with whitespace' : ''
  const start = /^\s/.test(secret) ? 'starts with whitespace' : ''
  const where = [start, end].filter((part) => part !== '').join(' and ')
  return `the secret ${where} (typical of an env file, echo, or a file read); the whitespace is part of the key as given`
}

function providerSpecific (provider: ProviderId, secret: string): string[] {
  const findings: string[] = []
  const whsec = secret.startsWith('whsec_')
  if (whsec && ['github', 'slack', 'shopify'].includes(provider)) {
    findings.push('it starts with whsec_, the shape of a Stripe or Standard Webhooks secret, not of this provider')
  }
  if (provider === 'stripe' && !whsec) {
    findings.push('Stripe endpoint secrets start with whsec_, and the whole string, prefix included, is the key')
  }
  if (provider === 'slack' && !/^[0-9a-f]{32}$/.test(secret)) {
    findings.push(/^[A-Za-z0-9]{24}$/.test(secret)
      ? 'it looks like the legacy verification token (24 characters); requests are signed with the Signing Secret'
      : 'Slack signing secrets are 32 lowercase hex characters')
  }
  return findings
}

function keyUse (provider: ProviderId, secret: string): string {
  if (provider === 'standard-webhooks') {
    const key = PROVIDERS[provider].key(secret)
    return `the part after whsec_ is base64-decoded to a ${key?.length ?? 0}-byte key`
  }
  if (provider === 'stripe') return 'used verbatim as the key, whsec_ included'
  return 'used verbatim as the key (UTF-8 bytes)'
}

/**
 * Describes how the secret is used and flags shapes that are the wrong credential. Findings are warnings only when
 * the signature did not match: a secret that produced the matching signature is by definition the right one.
 */
export function secretFormatCheck (provider: ProviderId, secret: string, signatureMatched: boolean): Check {
  if (provider === 'standard-webhooks') {
    const key = PROVIDERS[provider].key(secret)
    if (key === undefined) {
      const quotes = unquoted(secret) === undefined ? '' : ' (it is wrapped in quotes, and they are part of the secret as given)'
      return check('secret_format', 'failed', `the secret is not base64 after the optional whsec_ prefix, so it cannot be a Standard Webhooks key${quotes}`)
    }
    if (!signatureMatched && (key.length < 24 || key.length > 64)) {
      return check('secret_format', 'warning', `${keyUse(provider, secret)}; Standard Webhooks keys are 24 to 64 bytes`)
    }
  }
  if (signatureMatched) return check('secret_format', 'passed', `${keyUse(provider, secret)}; it produced the matching signature`)

  const bare = unquoted(secret)
  const trimmed = bare ?? secret.trim()
  const wrong = wrongCredential(secret)
  const findings = [
    describeWhitespace(secret),
    bare === undefined ? undefined : 'the secret is wrapped in quotes, and they are part of the key as given (docker run --env-file and secret stores keep them)',
    wrong === undefined ? undefined : `it starts with ${wrong.prefix}, which is ${wrong.what}, not a webhook signing secret`,
    ...(wrong === undefined ? providerSpecific(provider, trimmed) : [])
  ].filter((finding): finding is string => finding !== undefined)
  return findings.length === 0
    ? check('secret_format', 'passed', `${keyUse(provider, secret)}; its shape fits this provider`)
    : check('secret_format', 'warning', `${findings.join('; ')}. Expected: ${PROVIDERS[provider].info.secret_format}`)
}
