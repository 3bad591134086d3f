import { HeaderBag } from './header-bag.js'
import { check, type Detection, type Provider } from './provider.js'
import { PROVIDERS, type ProviderId } from './providers/index.js'
import type { Check } from './types.js'

export interface ProviderDetection {
  /** The one provider recognised, if exactly one was. */
  provider?: ProviderId
  /** Every provider whose signature header or body shape is present, before telltales narrowed them. */
  candidates: ProviderId[]
  check: Check
}

interface Evidence {
  provider: Provider
  /** The headers (as the provider documents them, lowercase) or body shape that name it. */
  signs: string[]
  telltales: string[]
}

const name = (rule: Detection['headers'][number]): string => typeof rule === 'string' ? rule : rule.name

/** A body-shape test that throws (a body it did not expect) says no rather than failing the request. */
function bodyMatches (detection: Detection, payload: string): boolean {
  try {
    return detection.body?.(payload) === true
  } catch {
    return false
  }
}

function evidence (provider: Provider, detection: Detection, headers: HeaderBag, payload: string): Evidence | undefined {
  const signs = detection.headers
    .filter((rule) => {
      const value = headers.get(name(rule))
      return value !== undefined && (typeof rule === 'string' || rule.value.test(value))
    })
    .map(name)
  if (bodyMatches(detection, payload)) signs.push(`the body shape (${provider.info.signed_content.split(';')[0]})`)
  if (signs.length === 0) return undefined
  return { provider, signs, telltales: (detection.telltales ?? []).filter((telltale) => headers.has(telltale)) }
}

/** The provider a request names, or for `auto` the one detected from the delivery (undefined when none was). */
export interface ResolvedProvider {
  provider?: Provider
  detection?: ProviderDetection
}

/** Resolves the provider of a request once, at its entry; everything after is handed the object. */
export function resolveProvider (request: { provider: string, headers: Record<string, string>, payload: string }, headers?: HeaderBag): ResolvedProvider {
  if (request.provider !== 'auto') return { provider: PROVIDERS[request.provider as ProviderId] }
  const detection = detectProvider(headers ?? new HeaderBag(request.headers), request.payload)
  return { provider: detection.provider === undefined ? undefined : PROVIDERS[detection.provider], detection }
}

const DETECTABLE = Object.values(PROVIDERS).filter((provider) => provider.detection !== undefined)

const describe = (found: Evidence): string => {
  const clues = [...found.signs, ...found.telltales]
  return `${clues.join(', ')} ${clues.length === 1 ? 'gives' : 'give'} away ${found.provider.info.name}`
}

/**
 * Recognises the sender of a delivery: each provider whose signature header (with its value shape) or body shape is
 * present is a candidate; several are narrowed to those whose telltale headers are present too (GitHub's
 * X-GitHub-Event); anything but exactly one left is not detected, and the candidates are named. Never a guess.
 */
export function detectProvider (headers: HeaderBag, payload: string, providers: Provider[] = DETECTABLE): ProviderDetection {
  const found: Evidence[] = []
  for (const provider of providers.filter((candidate) => candidate.detection !== undefined)) {
    const seen = evidence(provider, provider.detection as Detection, headers, payload)
    if (seen !== undefined) found.push(seen)
  }
  const candidates = found.map((entry) => entry.provider.id as ProviderId)
  const narrowed = found.length > 1 && found.some((entry) => entry.telltales.length > 0) ? found.filter((entry) => entry.telltales.length > 0) : found
  if (narrowed.length === 1) {
    const others = found.length > 1 ? ` (also possible from the signature alone: ${candidates.filter((id) => id !== narrowed[0].provider.id).join(', ')})` : ''
    return { provider: narrowed[0].provider.id as ProviderId, candidates, check: check('provider_detection', 'passed', `${describe(narrowed[0])}${others}`) }
  }
  if (narrowed.length === 0) {
    return {
      candidates,
      check: check('provider_detection', 'failed',
        'no provider\'s signature header or body shape is present: pass the headers as received, or name the provider (generic-hmac is never detected)')
    }
  }
  return {
    candidates,
    check: check('provider_detection', 'failed',
      `more than one provider fits, so none is chosen: ${narrowed.map(describe).join('; ')}. Name the provider in the request`)
  }
}
