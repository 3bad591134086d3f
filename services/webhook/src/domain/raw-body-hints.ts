import { FRAMEWORK_HINTS, hintApplies } from './framework-hints.js'
import type { NearMissHit } from './near-miss.js'
import { anyFramework as any, type Provider } from './provider.js'
import type { RawBodyHint, Reason } from './types.js'

export const NOT_DETECTED = any('The sender was not recognised from the headers',
  'Pass every header as received (proxies can strip them), or name the provider in the request; with several candidates, name the one that sent it.')

const NO_MATCH = any('No variant of the body, the secret or the header framing matched',
  'The secret is most likely not the one that signed this delivery (another endpoint, test versus live mode, a ' +
    'rotated secret), or the body was changed in a way that cannot be undone (a proxy, a mapping template). The ' +
    'frameworks below commonly alter the body before it is verified.')

/** A payload that is not the body at all but what a program printed in its place: the signed bytes are gone. */
export type LostBody = 'empty' | 'object-text' | 'undefined-text'

const LOST_BODY: Record<LostBody, RawBodyHint> = {
  empty: any('The payload is empty',
    'The body was probably consumed or never read: a parser read the stream first, or a form post left the raw ' +
      'data empty. Read the raw bytes before any parser runs.'),
  'object-text': any('The payload is the text "[object Object]"',
    'Your code turned the parsed body object into a string (String(req.body), a template literal, a string ' +
      'concatenation or a logger) and passed that: the bytes the sender signed are gone. Capture the raw body ' +
      'before any JSON parser runs and pass those bytes.'),
  'undefined-text': any('The payload is the text "undefined"',
    'The raw body your code passed was never set (req.rawBody without the middleware or verify callback that fills ' +
      'it), and a string conversion wrote "undefined". Capture the raw body before any parser runs and pass those ' +
      'bytes.')
}

const STAND_INS = new Map<string, LostBody>([['[object Object]', 'object-text'], ['undefined', 'undefined-text']])

/** Whether the payload is empty or a stand-in for a body that was lost before verification. */
export function lostBody (payload: string): LostBody | undefined {
  if (payload === '') return 'empty'
  return payload.length > 64 ? undefined : STAND_INS.get(payload.trim())
}

/** The finding for a lost body, for the near-miss check. */
export const lostBodySummary = (lost: LostBody): string => LOST_BODY[lost].summary

const HEADER_LOST = any('A signing header did not reach the verifier, or was not copied into headers',
  'Copy every request header as received; proxies and API gateways can strip or rename unknown headers, and some ' +
    'platforms lowercase names (matching here is case-insensitive).')

const BAD_TIMESTAMP = any('The timestamp is not whole Unix seconds',
  'Pass the timestamp header exactly as received: providers send whole seconds, never milliseconds, decimals or dates.')

const CLOCK = any('The timestamp is outside the tolerance window',
  'A captured or replayed delivery (a CLI resend, a request inspector, a manual curl) is older than the tolerance: ' +
    'to test it, pass now_epoch_seconds equal to the delivery time. For live traffic keep the clocks in sync (NTP) ' +
    'and reject stale deliveries.')

function uniqueBySummary (hints: RawBodyHint[]): RawBodyHint[] {
  const seen = new Set<string>()
  return hints.filter((hint) => !seen.has(hint.summary) && seen.add(hint.summary) !== undefined)
}

function frameworks (provider: Provider, keep: (causes: string[]) => boolean): RawBodyHint[] {
  if (provider.signsBodyFields === true) return []
  return FRAMEWORK_HINTS
    .filter((hint) => hintApplies(hint, provider) && keep(hint.causes))
    .map(({ framework, summary, detail }) => ({ framework, summary, detail }))
}

export interface HintInput {
  provider: Provider
  reason: Reason
  hits: NearMissHit[]
  /** The payload is empty or a stand-in for a lost body. */
  lost?: LostBody
  /** The secret_format check's warning (wrong shape, whitespace), when there is one. */
  secretWarning?: string
  /** The secret is another kind of credential (an API key, a bot token): it cannot match whatever the body. */
  wrongCredential?: boolean
  /** The timestamp is outside the tolerance as well. */
  stale?: boolean
}

/** Hints for what the caller sees: near-miss findings first, then the frameworks that cause them. */
export function rawBodyHints ({ provider, reason, hits, lost, secretWarning, wrongCredential = false, stale = false }: HintInput): RawBodyHint[] {
  const found = hits.map((hit) => hit.hint)
  const clock = stale ? [CLOCK] : []
  const secret = secretWarning === undefined ? [] : [any('The secret may not be this provider\'s signing secret', secretWarning)]
  switch (reason) {
    case 'valid':
      return []
    case 'signature_mismatch': {
      const causes = new Set<string>(hits.map((hit) => hit.cause))
      const relevant = frameworks(provider, (list) => list.some((cause) => causes.has(cause)))
      if (hits.length > 0) return uniqueBySummary([...found, ...relevant, provider.note, ...clock])
      // Another kind of credential cannot match whatever the body: the framework list would only distract.
      if (wrongCredential) return [...secret, provider.note, ...clock]
      if (lost !== undefined) return [...secret, LOST_BODY[lost], ...frameworks(provider, (list) => list.includes('consumed')), ...clock]
      return [...secret, NO_MATCH, provider.note, ...frameworks(provider, () => true), ...clock]
    }
    case 'malformed_signature_header':
      return uniqueBySummary([...found, HEADER_LOST])
    case 'missing_signature_header':
      return [provider.missingHeaderNote ?? HEADER_LOST]
    case 'missing_timestamp':
      return [HEADER_LOST]
    case 'invalid_timestamp':
      return [BAD_TIMESTAMP]
    case 'timestamp_outside_tolerance':
      return [CLOCK]
    case 'provider_not_detected':
      return [NOT_DETECTED]
  }
}
