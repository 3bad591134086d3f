import { HMAC_SHA256, type Algorithm } from '../algorithms.js'
import { mac } from '../digest.js'
import {
  check, defineProvider, prefixed, readHeader, type Demo, type Provider, type ProviderContext, type SignatureRead
} from '../provider.js'
import type { RawBodyHint, TimestampUnit } from '../types.js'
import { describeFraming, readFramedHeader, type Framing } from './framing.js'

/**
 * A provider that sends one framed HMAC in one header and the signed timestamp in another, the signed content being
 * a text made of the timestamp (Zoom's `v0:<ts>:`, Zendesk's `<ts>`, Akeneo's `<ts>.`) followed by the raw body.
 */
export interface TimestampHmacSpec<Id extends string = string> {
  id: Id
  name: string
  header: string
  framing: Framing
  /** HMAC-SHA256 with the secret's UTF-8 bytes unless given. */
  algorithm?: Algorithm
  timestampHeader: string
  /** Seconds unless given. */
  timestampUnit?: TimestampUnit
  /** What comes before the raw body, given the timestamp as sent. */
  before: (timestamp: string) => string
  /** The same as people read it in the listing: `<timestamp>.` */
  beforeText: string
  secretFormat: string
  /** The provider's own replay window or facts about the timestamp, for the listing. */
  facts: string
  idempotency: string
  /** False for a header name too common to name the sender (Airwallex's x-signature): never auto-detected then. */
  detectable?: boolean
  demo: Demo
  note: RawBodyHint
}

/** The timestamp header's value for a delivery signed at `seconds`, in the provider's unit. */
function timestampText (seconds: number, unit: TimestampUnit = 'seconds'): string {
  if (unit === 'milliseconds') return String(seconds * 1000)
  if (unit === 'rfc3339') return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z')
  if (unit === 'iso-utc') return new Date(seconds * 1000).toISOString().slice(0, -1)
  return String(seconds)
}

/**
 * A framed signature header over `<before(timestamp)><raw body>`, the timestamp read from its own header: the signed
 * content is undefined while either header is missing or malformed.
 */
export function readTimestampedHeader (
  ctx: ProviderContext,
  spec: Pick<TimestampHmacSpec, 'header' | 'framing' | 'name' | 'timestampHeader' | 'timestampUnit' | 'before'>,
  algorithm: Algorithm = HMAC_SHA256
): SignatureRead {
  const result = readFramedHeader(ctx, spec.header, spec.framing, spec.name, algorithm)
  const timestamp = readHeader(ctx, spec.timestampHeader.toLowerCase(), spec.timestampHeader, 'timestamp')
  if ('check' in timestamp) {
    result.checks.push(timestamp.check)
    result.reason ??= timestamp.reason === 'missing' ? 'missing_timestamp' : 'invalid_timestamp'
    return { ...result, signed: undefined }
  }
  return {
    ...result,
    timestamp: timestamp.value,
    timestampLabel: spec.timestampHeader,
    timestampUnit: spec.timestampUnit ?? 'seconds',
    signed: result.signed === undefined ? undefined : prefixed(spec.before(timestamp.value))
  }
}

export function timestampHmacProvider<const Id extends string> (spec: TimestampHmacSpec<Id>): Provider & { id: Id } {
  const algorithm = spec.algorithm ?? HMAC_SHA256
  const hash = algorithm.hash ?? 'sha256'
  return defineProvider({
    id: spec.id,
    name: spec.name,
    scheme: `hmac-${hash}-${spec.framing.encoding}`,
    signatureHeaders: [spec.header],
    timestampHeader: spec.timestampHeader,
    replayProtected: true,
    signedContent: `${spec.beforeText}<raw body>; header value ${describeFraming(spec.framing, algorithm)}; ${spec.facts}`,
    secretFormat: spec.secretFormat,
    algorithm,
    ...(spec.detectable === false
      ? {}
      : { detection: { headers: [spec.header.toLowerCase()], telltales: [spec.timestampHeader.toLowerCase()] } }),
    read: (ctx) => readTimestampedHeader(ctx, spec, algorithm),
    extraChecks: () => [check('idempotency_key', 'skipped', spec.idempotency)],
    sign: ({ body, secret, timestamp }) => {
      const text = timestampText(timestamp, spec.timestampUnit)
      return {
        [spec.timestampHeader]: text,
        [spec.header]: `${spec.framing.prefix}${mac(hash, secret, [spec.before(text), body]).toString(spec.framing.encoding)}`
      }
    },
    demos: [spec.demo],
    note: spec.note
  })
}
