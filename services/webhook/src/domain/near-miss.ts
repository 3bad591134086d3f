import { createHash } from 'node:crypto'
import { bodyVariants, JSON_LAYOUT_LIMIT, type Cause } from './body-variants.js'
import { DIGEST_BYTES, decodeBase64Loose, decodeHex, digestsEqual, mac, type HmacAlgorithm, type Parts } from './digest.js'
import type { Key } from './key-formats.js'
import type { Expectation } from './algorithms.js'
import { check, type Candidate, type Provider, type ProviderContext, type SignatureRead, type SignedContent } from './provider.js'
import { secretVariants } from './secret-variants.js'
import type { Check, RawBodyHint } from './types.js'

export interface NearMissHit {
  code: string
  cause: Cause | 'secret' | 'framing'
  check: Check
  hint: RawBodyHint
}

/** One entry of the request's secrets, as a key of the read's algorithm when it can be one. */
export interface SecretKey {
  index: number
  secret: string
  key?: Key
}

export interface NearMissInput {
  provider: Provider
  ctx: ProviderContext
  read: SignatureRead
  keys: SecretKey[]
}

export interface NearMissResult {
  hits: NearMissHit[]
  tried: number
  /** Some body variants were not tried: a JSON body over JSON_LAYOUT_LIMIT, or the hashing budget ran out. */
  truncated: boolean
}

// Bytes of body variants hashed per request at most: every variant of a 2 MiB body, the likeliest ones of a 5 MiB
// body, so that one diagnosis never holds the event loop for long.
const HASH_BUDGET_BYTES = 24 * 1024 * 1024

interface LooseReading {
  digest: Buffer
  algorithm: HmacAlgorithm
  encoding: string
  prefix: string
}

const ALGORITHM_BY_LENGTH = new Map(Object.entries(DIGEST_BYTES).map(([name, bytes]) => [bytes, name as HmacAlgorithm]))
// A short label before "=", ":" or "," (sha256=, v1=, v1,): a digest body never contains those characters early.
const LABEL = /^([A-Za-z0-9_.-]{1,24})[=:,]/

/** Every reading of a signature text that failed the strict framing: other prefixes, encodings and algorithms. */
export function looseReadings (text: string): LooseReading[] {
  const label = LABEL.exec(text)
  const framings = [{ prefix: '', rest: text }]
  if (label !== null && label[0].length < text.length) framings.push({ prefix: label[0], rest: text.slice(label[0].length) })
  const readings: LooseReading[] = []
  for (const { prefix, rest } of framings) {
    const hex = decodeHex(rest)
    const base64 = decodeBase64Loose(rest)
    const decoded = [
      ...(hex === undefined ? [] : [{ digest: hex, encoding: 'hex' }]),
      ...(base64 === undefined ? [] : [{ digest: base64.bytes, encoding: base64.variant === 'padded' ? 'base64' : `${base64.variant} base64` }])
    ]
    for (const { digest, encoding } of decoded) {
      const algorithm = ALGORITHM_BY_LENGTH.get(digest.length)
      if (algorithm !== undefined) readings.push({ digest, algorithm, encoding, prefix })
    }
  }
  return readings
}

function framingAdvice (input: NearMissInput, reading: LooseReading): string {
  const { provider, ctx } = input
  if (provider.configurable !== undefined) return provider.configurable.framingAdvice(ctx.generic, reading)
  return `${provider.info.name} sends ${provider.info.signed_content.split('; ').slice(1).join('; ')}: ` +
    'the header was produced or rewritten by something other than the provider (a proxy, a test script, a re-signing gateway)'
}

function hit (code: string, cause: NearMissHit['cause'], detail: string, summary: string, advice: string): NearMissHit {
  return { code, cause, check: check(`near_miss_${code}`, 'warning', detail), hint: { framework: 'any', summary, detail: advice } }
}

const sha256 = (bytes: Buffer): Buffer => createHash('sha256').update(bytes).digest()

/** One search in progress: the request's facts, derived once, and what it has found and spent so far. */
interface Search {
  input: NearMissInput
  signed: SignedContent
  /** The secrets that are keys of the read's algorithm. */
  keys: Array<Required<SecretKey>>
  body: Buffer
  hits: NearMissHit[]
  tried: number
  truncated: boolean
  /** Bytes of variants hashed so far, against HASH_BUDGET_BYTES. */
  hashed: number
  /** Whether a body is the one the signed content binds by its hash (always, where none is bound). */
  bound: (bytes: Buffer) => boolean
  /** Which signature the content matches with which key: "X-Hub-Signature-256, secrets[2]". */
  matching: (content: Parts, key: Key, index: number, bodyBytes?: Buffer) => string | undefined
  /** The label of a matching candidate, with the index of its secret when there are several. */
  label: (candidate: Candidate, index: number) => string
}

function startSearch (input: NearMissInput, signed: SignedContent): Search {
  const { read, ctx } = input
  const body = Buffer.from(ctx.payload, 'utf8')
  const several = input.keys.length > 1
  const bound = (bytes: Buffer): boolean => read.bodySha256 === undefined || digestsEqual(sha256(bytes), read.bodySha256.expected)
  const label = (candidate: Candidate, index: number): string => several ? `${candidate.label}, secrets[${index}]` : candidate.label
  const matching = (content: Parts, key: Key, index: number, bodyBytes: Buffer = body): string | undefined => {
    if (read.candidates.length === 0 || !bound(bodyBytes)) return undefined
    const expectation = read.algorithm.expect(key, content)
    const found = read.candidates.find((candidate) => expectation.matches(candidate.digest))
    return found === undefined ? undefined : label(found, index)
  }
  const keys = input.keys.filter((entry): entry is Required<SecretKey> => entry.key !== undefined)
  return { input, signed, keys, body, hits: [], tried: 0, truncated: false, hashed: body.length, bound, matching, label }
}

/**
 * Counts a variant's work against the budget, in bytes hashed (a variant's bytes once per key, and its building where
 * that costs more): false, and the search marked truncated, once the budget is spent.
 */
function spend (search: Search, bytes: number): boolean {
  search.hashed += bytes
  if (search.hashed <= HASH_BUDGET_BYTES) return true
  search.truncated = true
  return false
}

const matchHit = (code: string, cause: NearMissHit['cause'], found: string, variant: { finding: string, explanation: string }): NearMissHit =>
  hit(code, cause, `the signature (${found}) matches ${variant.finding}: ${variant.explanation}`, `The signature matches ${variant.finding}`,
    variant.explanation)

/** The provider's own variants of the signed content (a URL rebuilt behind a proxy), as likely as a changed body. */
function searchContentVariants (search: Search): void {
  const { provider, ctx, read } = search.input
  for (const variant of provider.contentVariants?.(ctx, read) ?? []) {
    if (!spend(search, variant.content.reduce((sum, part) => sum + part.length, 0) * search.keys.length)) break
    search.tried++
    const found = firstMatch(search.keys, (key) => search.matching(variant.content, key.key, key.index))
    if (found !== undefined) search.hits.push(matchHit(variant.code, variant.cause, found, variant))
  }
}

/** The body changed one way at a time; a variant whose signed content was seen already (an equal MAC) is skipped. */
function searchBodyVariants (search: Search): void {
  const { read, ctx } = search.input
  const { keys, signed } = search
  // Where the body is bound by its hash the signed content does not change with it: the body's own hash tells repeats apart
  const expectations = (bytes: Buffer): { id: string, all: Expectation[] } => {
    const all = keys.map((entry) => read.algorithm.expect(entry.key, signed(bytes)))
    return { all, id: read.bodySha256 === undefined && all[0].id !== undefined ? all[0].id : sha256(bytes).toString('hex') }
  }
  const seen = new Set([expectations(search.body).id])
  for (const variant of bodyVariants(ctx.payload)) {
    // Building the signed content from a variant may cost more than hashing it (a form's parameters, parsed and sorted)
    if (!spend(search, variant.bytes.length * keys.length + (read.contentCost?.(variant.bytes) ?? 0))) break
    search.tried++
    const { id, all } = expectations(variant.bytes)
    if (seen.has(id)) continue
    seen.add(id)
    if (!search.bound(variant.bytes)) continue
    const found = firstMatch(all, (expectation, i) => {
      const candidate = read.candidates.find((entry) => expectation.matches(entry.digest))
      return candidate === undefined ? undefined : search.label(candidate, keys[i].index)
    })
    if (found !== undefined) search.hits.push(matchHit(variant.code, variant.cause, found, variant))
  }
}

/** A signature over the body alone, where the provider signs an id or a timestamp with it. */
function searchBodyOnly (search: Search): void {
  const { provider, read } = search.input
  if (search.signed(search.body).length <= 1) return
  search.tried++
  const found = firstMatch(search.keys, (key) => search.matching([search.body], key.key, key.index))
  if (found === undefined) return
  const what = read.algorithm.kind === 'mac' ? 'an HMAC' : 'a signature'
  const detail = `the signature (${found}) is ${what} of the body alone, without the id or timestamp part the provider signs with it`
  search.hits.push(hit('body_only_signed', 'framing', detail, 'The signature covers the body alone',
    `${detail}: the signing code (a test script or a custom sender) must sign ${provider.info.signed_content.split(';')[0]}`))
}

/** The keys a mistaken handling of each secret gives (whitespace, quotes, whsec_, decoding). */
function searchSecrets (search: Search): void {
  const { provider, read } = search.input
  const content = search.signed(search.body)
  for (const entry of search.input.keys) {
    for (const variant of secretVariants(provider, entry.secret, read.algorithm)) {
      search.tried++
      const found = search.matching(content, variant.key, entry.index)
      if (found !== undefined) {
        search.hits.push(hit(variant.code, 'secret', `the signature (${found}) matches with ${variant.finding}: ${variant.explanation}`,
          `The signature matches with ${variant.finding}`, variant.explanation))
      }
    }
  }
}

/** Header values that failed the strict framing, read with another prefix, encoding or algorithm. */
function searchFraming (search: Search): void {
  const { read } = search.input
  const content = search.signed(search.body)
  for (const text of read.loose) {
    for (const reading of looseReadings(text)) {
      search.tried++
      const key = search.keys.find((entry) => digestsEqual(reading.digest, mac(reading.algorithm, entry.key as Buffer, content)))
      if (key === undefined) continue
      const framing = [
        `read as ${reading.encoding}`,
        reading.prefix === '' ? '' : `after "${reading.prefix}"`,
        `with HMAC-${reading.algorithm.toUpperCase()}`
      ].filter((part) => part !== '').join(' ')
      const advice = framingAdvice(search.input, reading)
      const which = search.input.keys.length > 1 ? ` with secrets[${key.index}]` : ''
      search.hits.push(hit(`signature_${reading.algorithm}_${reading.encoding.split(' ')[0].replace('-', '_')}`, 'framing',
        `the ${read.header ?? 'signature'} value is the right signature${which} ${framing}: ${advice}`,
        `The signature is right but framed differently: ${framing}`, advice))
    }
  }
}

/**
 * Tries what usually went wrong, one change at a time: the body (bytes changed on the way), the signed content (the
 * provider's own variants: a URL, a field order), the key (secret handling) and the framing of the header (prefix,
 * encoding, algorithm). Reports every variant that matches; the caller never lets a hit change the verdict.
 */
export function searchNearMisses (input: NearMissInput): NearMissResult {
  const { read, ctx } = input
  const signed = read.signed
  if (signed === undefined || read.candidates.length + read.loose.length === 0) return { hits: [], tried: 0, truncated: false }
  const search = startSearch(input, signed)
  if (search.keys.length > 0 && read.candidates.length > 0 && read.algorithm.kind !== 'token') {
    search.truncated = ctx.payload.length > JSON_LAYOUT_LIMIT && /^\s*[[{]/.test(ctx.payload)
    // The provider's variants first, on the same budget as the body's
    searchContentVariants(search)
    searchBodyVariants(search)
    searchBodyOnly(search)
  }
  if (read.candidates.length > 0) searchSecrets(search)
  if (read.algorithm.hash !== undefined && search.bound(search.body)) searchFraming(search)
  return { hits: search.hits, tried: search.tried, truncated: search.truncated }
}

function firstMatch<T> (items: T[], test: (item: T, index: number) => string | undefined): string | undefined {
  for (const [index, item] of items.entries()) {
    const found = test(item, index)
    if (found !== undefined) return found
  }
  return undefined
}
