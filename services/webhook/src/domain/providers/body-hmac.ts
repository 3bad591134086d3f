import { HMAC_SHA256, type Algorithm } from '../algorithms.js'
import { mac } from '../digest.js'
import { check, defineProvider, type Demo, type Detection, type Provider, type ProviderContext } from '../provider.js'
import type { Check, RawBodyHint } from '../types.js'
import { describeFraming, readFramedHeader, type Framing } from './framing.js'

/** A provider that signs the raw body alone and puts one framed HMAC into one header. */
export interface BodyHmacSpec<Id extends string = string> {
  id: Id
  name: string
  /** The signature header as the provider documents it. */
  header: string
  framing: Framing
  /** HMAC-SHA256 with the secret's UTF-8 bytes unless given. */
  algorithm?: Algorithm
  secretFormat: string
  /** Headers naming the delivery, in order of preference: with no signed timestamp, the idempotency key. */
  deliveryIds: string[]
  /** Where to deduplicate when no delivery header came (an id inside the payload). */
  idempotencyFallback: string
  /** Facts about the scheme that the providers listing shows after the signed content. */
  facts?: string
  /** Lowercase headers only this sender sends, to tell it from others using the same signature header. */
  telltales?: string[]
  /** False for a header name another provider sends too (GitHub's X-Hub-Signature-256): never auto-detected then. */
  detectable?: boolean
  demo: Demo
  note: RawBodyHint
}

export function idempotencyCheck (ctx: ProviderContext, name: string, deliveryIds: string[], fallback: string): Check {
  const present = deliveryIds.find((header) => ctx.headers.has(header))
  const none = deliveryIds.length === 0 ? 'no delivery id header' : `no ${deliveryIds.join(' or ')} header`
  return present === undefined
    ? check('idempotency_key', 'skipped', `${none}: ${name} signs no timestamp, so ${fallback}`)
    : check('idempotency_key', 'passed', `${present} is present: ${name} signs no timestamp, so deduplicate deliveries on it`)
}

export function bodyHmacProvider<const Id extends string> (spec: BodyHmacSpec<Id>): Provider & { id: Id } {
  const algorithm = spec.algorithm ?? HMAC_SHA256
  const hash = algorithm.hash ?? 'sha256'
  const scheme = `hmac-${hash}-${spec.framing.encoding}`
  // A value shape in the detection: several senders share X-Hub-Signature, with sha1= or sha256= values.
  const detection: Detection = {
    headers: [spec.framing.prefix === '' ? spec.header.toLowerCase() : { name: spec.header.toLowerCase(), value: new RegExp(`^${spec.framing.prefix}`) }],
    ...(spec.telltales === undefined ? {} : { telltales: spec.telltales })
  }
  return defineProvider({
    id: spec.id,
    name: spec.name,
    scheme,
    signatureHeaders: [spec.header],
    timestampHeader: null,
    replayProtected: false,
    signedContent: `the raw body; header value ${describeFraming(spec.framing, algorithm)}${spec.facts === undefined ? '' : `; ${spec.facts}`}`,
    secretFormat: spec.secretFormat,
    algorithm,
    ...(spec.detectable === false ? {} : { detection }),
    read: (ctx) => readFramedHeader(ctx, spec.header, spec.framing, spec.name, algorithm),
    extraChecks: (ctx) => [idempotencyCheck(ctx, spec.name, spec.deliveryIds, spec.idempotencyFallback)],
    sign: ({ body, secret, id }) => ({
      [spec.header]: `${spec.framing.prefix}${mac(hash, secret, [body]).toString(spec.framing.encoding)}`,
      ...(spec.deliveryIds.length === 0 ? {} : { [spec.deliveryIds[0]]: id })
    }),
    demos: [spec.demo],
    note: spec.note
  })
}
