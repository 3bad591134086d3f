import { HMAC_SHA256 } from '../algorithms.js'
import { decodeHex, hmac } from '../digest.js'
import {
  check, defineProvider, prefixed, readHeader, type Candidate, type Demo, type Provider, type ProviderContext, type SignatureRead
} from '../provider.js'
import type { RawBodyHint } from '../types.js'
import { headerFailure } from './framing.js'

/**
 * A provider whose one header lists a timestamp and hex HMAC-SHA256 signatures (`t=...,v1=...`, Paddle's
 * `ts=...;h1=...`) over `<timestamp><join><raw body>`. Several signature entries may come (during a secret rotation);
 * any may match. Keys are compared exactly, as the official libraries split without trimming.
 */
export interface SignedListSpec<Id extends string = string> {
  id: Id
  name: string
  header: string
  separator: ',' | ';'
  timestampKey: string
  signatureKey: string
  /** Between the timestamp and the body in the signed content. */
  join: string
  secretFormat: string
  /** The provider's own replay window and what its library does, for the providers listing. */
  toleranceNote: string
  idempotency: string
  demo: Demo
  note: RawBodyHint
}

interface ListEntries {
  timestamps: string[]
  signatures: string[]
  other: number
}

export function parseSignedList (value: string, spec: Pick<SignedListSpec, 'separator' | 'timestampKey' | 'signatureKey'>): ListEntries {
  const entries: ListEntries = { timestamps: [], signatures: [], other: 0 }
  for (const item of value.split(spec.separator)) {
    const at = item.indexOf('=')
    const key = at < 0 ? '' : item.slice(0, at)
    if (key === spec.timestampKey) entries.timestamps.push(item.slice(at + 1))
    else if (key === spec.signatureKey) entries.signatures.push(item.slice(at + 1))
    else if (item !== '') entries.other++
  }
  return entries
}

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`

function read (ctx: ProviderContext, spec: SignedListSpec): SignatureRead {
  const name = spec.header.toLowerCase()
  const found = readHeader(ctx, name, spec.header)
  if ('check' in found) return headerFailure(found, HMAC_SHA256)
  const entries = parseSignedList(found.value, spec)
  const candidates: Candidate[] = []
  const loose: string[] = []
  entries.signatures.forEach((text, index) => {
    const digest = decodeHex(text)
    if (digest?.length === 32) candidates.push({ label: `${spec.signatureKey} entry ${index + 1} of ${entries.signatures.length}`, digest })
    else loose.push(text)
  })
  const result: SignatureRead = { checks: [], header: name, candidates, loose, algorithm: HMAC_SHA256 }
  const notes = [
    plural(entries.signatures.length, `${spec.signatureKey} entry`, `${spec.signatureKey} entries`),
    entries.other > 0 ? `${plural(entries.other, 'other item', 'other items')} ignored (keys are compared exactly, without trimming)` : ''
  ].filter((note) => note !== '').join(', ')
  const form = `${spec.timestampKey}=<unix seconds>${spec.separator}${spec.signatureKey}=<64 hex digits>`
  if (entries.signatures.length === 0) {
    result.reason = 'missing_signature_header'
    result.checks.push(check('signature_header', 'failed', `${spec.header} has no ${spec.signatureKey}= signature (${notes}); ${spec.name} sends ${form}`))
  } else if (candidates.length === 0) {
    result.reason = 'malformed_signature_header'
    result.checks.push(check('signature_header', 'failed', `${spec.header} found, but no ${spec.signatureKey} entry is 64 hex digits (${notes})`))
  } else {
    result.checks.push(check('signature_header', 'passed', `${spec.header} found: ${notes}`))
  }

  const distinct = new Set(entries.timestamps)
  if (distinct.size === 1) {
    result.timestamp = entries.timestamps[0]
    result.timestampLabel = `the ${spec.timestampKey}= entry of ${spec.header}`
    result.signed = prefixed(`${result.timestamp}${spec.join}`)
  } else {
    result.reason ??= distinct.size > 1 ? 'invalid_timestamp' : 'missing_timestamp'
    result.checks.push(check('timestamp', 'failed', distinct.size > 1
      ? `${spec.header} has several different ${spec.timestampKey}= entries`
      : `${spec.header} has no ${spec.timestampKey}= entry; ${spec.name} sends ${form}`))
  }
  return result
}

export function signedListProvider<const Id extends string> (spec: SignedListSpec<Id>): Provider & { id: Id } {
  const form = `${spec.timestampKey}=<unix seconds>${spec.separator}${spec.signatureKey}=<hex HMAC-SHA256>`
  return defineProvider({
    id: spec.id,
    name: spec.name,
    scheme: 'hmac-sha256-hex',
    signatureHeaders: [spec.header],
    timestampHeader: `${spec.header} (${spec.timestampKey}=)`,
    replayProtected: true,
    signedContent: `<${spec.timestampKey}>${spec.join}<raw body>; header value ${form}[${spec.separator}${spec.signatureKey}=...]; ` +
      `any ${spec.signatureKey} entry may match; ${spec.toleranceNote}`,
    secretFormat: spec.secretFormat,
    algorithm: HMAC_SHA256,
    detection: { headers: [spec.header.toLowerCase()] },
    read: (ctx) => read(ctx, spec),
    extraChecks: () => [check('idempotency_key', 'skipped', spec.idempotency)],
    sign: ({ body, secret, timestamp }) => ({
      [spec.header]: `${spec.timestampKey}=${timestamp}${spec.separator}${spec.signatureKey}=` +
        hmac('sha256', secret, body, `${timestamp}${spec.join}`).toString('hex')
    }),
    demos: [spec.demo],
    note: spec.note
  })
}
