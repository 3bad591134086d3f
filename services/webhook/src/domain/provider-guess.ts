import type { HeaderBag } from './header-bag.js'
import { check } from './provider.js'
import { PROVIDERS } from './providers/index.js'
import type { Check, ProviderId, RawBodyHint } from './types.js'

/** A provider whose own signature header the request carries, though another provider was chosen. */
export interface OtherProvider {
  provider: ProviderId
  name: string
  /** The header as the provider documents it. */
  header: string
}

// Every provider's signature headers except generic-hmac's, whose name is the caller's: a header only one sender uses
// is as good as its name on the delivery. GitHub's legacy sha1 header counts too (GitHub sends it beside sha256).
const TELLTALES = Object.values(PROVIDERS)
  .filter((provider) => provider.id !== 'generic-hmac')
  .map((provider) => ({
    provider: provider.id,
    name: provider.info.name,
    headers: provider.id === 'github' ? [...provider.info.signature_headers, 'X-Hub-Signature'] : provider.info.signature_headers
  }))

/**
 * The providers whose signature header is present when the chosen provider's is missing: the commonest cause of
 * missing_signature_header after a stripped header is a wrong `provider` in the request.
 */
export function otherProviders (headers: HeaderBag, chosen: ProviderId): OtherProvider[] {
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
