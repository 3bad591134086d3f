import { HMAC_SHA256 } from '../algorithms.js'
import { decodeHex, hmac } from '../digest.js'
import {
  check, defineProvider, prefixed, readHeader, type Candidate, type Demo, type Provider, type ProviderContext, type SignatureRead
} from '../provider.js'
import type { RawBodyHint, TimestampUnit } from '../types.js'
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
  /** Seconds unless given (WorkOS and Sanity send milliseconds). */
  timestampUnit?: TimestampUnit
  /** Items are trimmed before their key is read, as the sender's own library does (WorkOS writes `t=..., v1=...`). */
  trimItems?: boolean
  /** Between whole lists, when a rotation sends several (Persona: two `t=...,v1=...` lists separated by a space). */
  listSeparator?: string
  /** Hex unless given; Sanity writes unpadded base64url. */
  encoding?: 'hex' | 'base64url'
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

export function parseSignedList (
  value: string, spec: Pick<SignedListSpec, 'separator' | 'timestampKey' | 'signatureKey' | 'trimItems' | 'listSeparator'>
): ListEntries {
  const entries: ListEntries = { timestamps: [], signatures: [], other: 0 }
  const lists = spec.listSeparator === undefined ? [value] : value.split(spec.listSeparator)
  for (const raw of lists.flatMap((list) => list.split(spec.separator))) {
    const item = spec.trimItems === true ? raw.trim() : raw
    const at = item.indexOf('=')
    const key = at < 0 ? '' : item.slice(0, at)
    if (key === spec.timestampKey) entries.timestamps.push(item.slice(at + 1))
    else if (key === spec.signatureKey) entries.signatures.push(item.slice(at + 1))
    else if (item !== '') entries.other++
  }
  return entries
}

const BASE64URL_DIGEST = /^[A-Za-z0-9_-]{43}$/

/** The 32-byte digest of an entry in the list's encoding, else undefined. */
function decodeEntry (text: string, encoding: 'hex' | 'base64url'): Buffer | undefined {
  if (encoding === 'base64url') return BASE64URL_DIGEST.test(text) ? Buffer.from(text, 'base64url') : undefined
  const digest = decodeHex(text)
  return digest?.length === 32 ? digest : undefined
}

const digestForm = (encoding: 'hex' | 'base64url'): string => encoding === 'hex' ? '64 hex digits' : '43 base64url characters'
const timeForm = (unit: TimestampUnit | undefined): string => unit === 'milliseconds' ? 'unix milliseconds' : 'unix seconds'

const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`

function read (ctx: ProviderContext, spec: SignedListSpec): SignatureRead {
  const name = spec.header.toLowerCase()
  const found = readHeader(ctx, name, spec.header)
  if ('check' in found) return headerFailure(found, HMAC_SHA256)
  const entries = parseSignedList(found.value, spec)
  const candidates: Candidate[] = []
  const loose: string[] = []
  entries.signatures.forEach((text, index) => {
    const digest = decodeEntry(text, spec.encoding ?? 'hex')
    if (digest !== undefined) candidates.push({ label: `${spec.signatureKey} entry ${index + 1} of ${entries.signatures.length}`, digest })
    else loose.push(text)
  })
  const result: SignatureRead = { checks: [], header: name, candidates, loose, algorithm: HMAC_SHA256 }
  const notes = [
    plural(entries.signatures.length, `${spec.signatureKey} entry`, `${spec.signatureKey} entries`),
    entries.other > 0 ? `${plural(entries.other, 'other item', 'other items')} ignored (keys are compared exactly, without trimming)` : ''
  ].filter((note) => note !== '').join(', ')
  const form = `${spec.timestampKey}=<${timeForm(spec.timestampUnit)}>${spec.separator}${spec.signatureKey}=<${digestForm(spec.encoding ?? 'hex')}>`
  if (entries.signatures.length === 0) {
    result.reason = 'missing_signature_header'
    result.checks.push(check('signature_header', 'failed', `${spec.header} has no ${spec.signatureKey}= signature (${notes}); ${spec.name} sends ${form}`))
  } else if (candidates.length === 0) {
    result.reason = 'malformed_signature_header'
    const digest = digestForm(spec.encoding ?? 'hex')
    result.checks.push(check('signature_header', 'failed', `${spec.header} found, but no ${spec.signatureKey} entry is ${digest} (${notes})`))
  } else {
    result.checks.push(check('signature_header', 'passed', `${spec.header} found: ${notes}`))
  }

  const distinct = new Set(entries.timestamps)
  if (distinct.size === 1) {
    result.timestamp = entries.timestamps[0]
    result.timestampLabel = `the ${spec.timestampKey}= entry of ${spec.header}`
    result.timestampUnit = spec.timestampUnit ?? 'seconds'
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
  const encoding = spec.encoding ?? 'hex'
  const form = `${spec.timestampKey}=<${timeForm(spec.timestampUnit)}>${spec.separator}${spec.signatureKey}=<${encoding} HMAC-SHA256>`
  const stamp = (seconds: number): string => String(spec.timestampUnit === 'milliseconds' ? seconds * 1000 : seconds)
  return defineProvider({
    id: spec.id,
    name: spec.name,
    scheme: `hmac-sha256-${encoding}`,
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
      [spec.header]: `${spec.timestampKey}=${stamp(timestamp)}${spec.separator}${spec.signatureKey}=` +
        hmac('sha256', secret, body, `${stamp(timestamp)}${spec.join}`).toString(encoding)
    }),
    demos: [spec.demo],
    note: spec.note
  })
}
