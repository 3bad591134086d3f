// Prose that names providers (route descriptions, the service's OpenAPI description) is written from the registry's
// groups, so a provider added to a group is named wherever the group is.
import { PROVIDER_GROUPS, PROVIDERS, type ProviderGroup } from '../domain/providers/index.js'

/** A list as a sentence says it: `a`, `a and b`, `a, b and c`. */
function spoken (items: readonly string[], conjunction: 'and' | 'or'): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`
}

/** The ids of a group as prose: `twilio, square, hubspot, trello and mailchimp`. */
export const providersIn = (group: ProviderGroup, conjunction: 'and' | 'or' = 'and'): string => spoken(PROVIDER_GROUPS[group], conjunction)

/** Every provider's name, in the registry's order. */
export const providerNames = (): string => spoken(Object.values(PROVIDERS).map((provider) => provider.info.name), 'and')
