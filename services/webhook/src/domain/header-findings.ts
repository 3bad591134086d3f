import type { HeaderBag } from './header-bag.js'
import { check, type Provider, type SignatureRead } from './provider.js'
import { PROVIDERS } from './providers/index.js'
import { unquoted } from './secret-shape.js'
import type { Check, GenericOptions, RawBodyHint } from './types.js'

// What the headers themselves say when the provider could not read its signature from them: the delivery is another
// provider's, or its values were copied with the quotes of the log or JSON they came from.

/** A provider whose own signature header the request carries, though another provider was chosen. */
export interface OtherProvider {
  provider: string
  name: string
  /** The header as the provider documents it. */
  header: string
}

// Every provider's signature headers (and legacy ones, GitHub's sha1 header sent beside sha256), except a configurable
// provider's, whose name is the caller's: a header only one sender uses is as good as its name on the delivery.
const TELLTALES = Object.values(PROVIDERS)
  .filter((provider) => provider.namingHeaders.length > 0)
  .map((provider) => ({ provider: provider.id, name: provider.info.name, headers: provider.namingHeaders }))

/**
 * The providers whose signature header is present when the chosen provider's is missing: besides a header stripped on
 * the way, a wrong `provider` in the request is what missing_signature_header usually means.
 */
export function otherProviders (headers: HeaderBag, chosen: string): OtherProvider[] {
  const found: OtherProvider[] = []
  for (const telltale of TELLTALES) {
    if (telltale.provider === chosen) continue
    const header = telltale.headers.find((name) => headers.has(name))
    if (header !== undefined) found.push({ provider: telltale.provider, name: telltale.name, header })
  }
  return found
}

const list = (others: OtherProvider[], part: (other: OtherProvider) => string): string => others.map(part).join(' or ')

export function otherProviderCheck (others: OtherProvider[]): Check {
  return check('other_provider_headers', 'warning',
    `the headers carry ${list(others, (other) => `${other.header} (${other.name})`)}: this delivery looks like ` +
    `${list(others, (other) => `${other.name}'s`)}; verify it with ${list(others, (other) => `"provider": "${other.provider}"`)}`)
}

export function otherProviderHint (others: OtherProvider[], chosen: string): RawBodyHint {
  return {
    framework: 'any',
    summary: `The headers are ${list(others, (other) => `${other.name}'s`)}, not ${chosen}'s`,
    detail: `They carry ${list(others, (other) => other.header)} and not ${chosen}'s signature header: verify with ` +
      `${list(others, (other) => `"provider": "${other.provider}"`)} and that provider's signing secret.`
  }
}

// The headers whose values are signed or parsed: quotes elsewhere (an ETag) are legitimate and none of our business.
const SIGNING_HEADERS = new Set([
  ...TELLTALES.flatMap((telltale) => telltale.headers),
  'X-Slack-Request-Timestamp', 'webhook-id', 'webhook-timestamp', 'svix-id', 'svix-timestamp'
].map((name) => name.toLowerCase()))

const QUOTES_HINT: RawBodyHint = {
  framework: 'any',
  summary: 'Header values are wrapped in quotes',
  detail: 'Pass each header value exactly as received, without the quotes of the log, JSON or shell command it was copied from.'
}

/** Checks and leading hints from the headers, for a signature the provider could not read from them. */
export function headerFindings (
  headers: HeaderBag, provider: Provider, reason: SignatureRead['reason'], generic?: GenericOptions
): { checks: Check[], hints: RawBodyHint[] } {
  const findings: { checks: Check[], hints: RawBodyHint[] } = { checks: [], hints: [] }
  if (reason === undefined) return findings
  const others = reason === 'missing_signature_header' ? otherProviders(headers, provider.id) : []
  if (others.length > 0) {
    findings.checks.push(otherProviderCheck(others))
    findings.hints.push(otherProviderHint(others, provider.info.name))
  }
  const genericName = (generic?.header_name ?? 'X-Signature').toLowerCase()
  const quoted = headers.namesWhere((name, value) => (SIGNING_HEADERS.has(name) || name === genericName) && unquoted(value) !== undefined)
  if (quoted.length > 0) {
    findings.checks.push(check('quoted_header_values', 'warning',
      `${quoted.join(', ')} ${quoted.length === 1 ? 'is' : 'are'} wrapped in quotes, which are then part of the value: pass header values exactly as received`))
    findings.hints.push(QUOTES_HINT)
  }
  return findings
}
