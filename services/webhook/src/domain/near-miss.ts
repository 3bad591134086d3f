import { bodyVariants, JSON_LAYOUT_LIMIT, type Cause } from './body-variants.js'
import { DIGEST_BYTES, decodeBase64Loose, decodeHex, digestsEqual, hmac, type HmacAlgorithm } from './digest.js'
import { check, type Provider, type SignatureRead } from './provider.js'
import { secretVariants } from './secret-variants.js'
import type { Check, GenericOptions, RawBodyHint } from './types.js'

export interface NearMissHit {
  code: string
  cause: Cause | 'secret' | 'framing'
  check: Check
  hint: RawBodyHint
}

export interface NearMissInput {
  provider: Provider
  read: SignatureRead
  payload: string
  secret: string
  key: Buffer | undefined
  generic?: GenericOptions
}

export interface NearMissResult {
  hits: NearMissHit[]
  tried: number
  /** Some body variants were not tried: a JSON body over JSON_LAYOUT_LIMIT, or the hashing budget ran out. */
  truncated: boolean
}

// Bytes of body variants hashed per request at most: every variant of a 2 MiB body, the likeliest ones of a 5 MiB
// body, so that one diagnosis never holds the event loop for long.
export const HASH_BUDGET_BYTES = 24 * 1024 * 1024

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
  if (input.provider.id !== 'generic-hmac') {
    return `${input.provider.info.name} sends ${input.provider.info.signed_content.split('; ').slice(1).join('; ')}: ` +
      'the header was produced or rewritten by something other than the provider (a proxy, a test script, a re-signing gateway)'
  }
  if (reading.algorithm !== 'sha256' || reading.encoding.startsWith('url-safe')) {
    return 'generic-hmac verifies HMAC-SHA256 in hex or standard base64 only'
  }
  const encoding = reading.encoding === 'hex' ? 'hex' : 'base64'
  const prefix = reading.prefix === '' ? '' : `, "prefix": ${JSON.stringify(reading.prefix)}`
  return `verify with "generic": {"header_name": ${JSON.stringify(input.generic?.header_name ?? '')}, "encoding": "${encoding}"${prefix}}`
}

function hit (code: string, cause: NearMissHit['cause'], detail: string, summary: string, advice: string): NearMissHit {
  return { code, cause, check: check(`near_miss_${code}`, 'warning', detail), hint: { framework: 'any', summary, detail: advice } }
}

/**
 * Tries what usually went wrong, one change at a time: the body (bytes changed on the way), the key (secret
 * handling) and the framing of the header (prefix, encoding, algorithm). Reports every variant that matches; the
 * caller never lets a hit change the verdict.
 */
export function searchNearMisses (input: NearMissInput): NearMissResult {
  const { provider, read, key } = input
  const prefix = read.signedPrefix
  const hits: NearMissHit[] = []
  let tried = 0
  let truncated = false
  if (prefix === undefined) return { hits, tried, truncated }
  const body = Buffer.from(input.payload, 'utf8')
  const matchIndex = (digest: Buffer): number => read.candidates.findIndex((candidate) => digestsEqual(candidate.digest, digest))
  const label = (index: number): string => read.candidates[index].label

  if (key !== undefined && read.candidates.length > 0) {
    // An HMAC already seen means the variant's bytes equal the original's or an earlier variant's: skip it.
    const seen = new Set([hmac('sha256', key, body, prefix).toString('hex')])
    let hashed = body.length
    truncated = input.payload.length > JSON_LAYOUT_LIMIT && /^\s*[[{]/.test(input.payload)
    for (const variant of bodyVariants(input.payload)) {
      hashed += variant.bytes.length
      if (hashed > HASH_BUDGET_BYTES) {
        truncated = true
        break
      }
      tried++
      const digest = hmac('sha256', key, variant.bytes, prefix)
      if (seen.has(digest.toString('hex'))) continue
      seen.add(digest.toString('hex'))
      const index = matchIndex(digest)
      if (index >= 0) {
        hits.push(hit(variant.code, variant.cause, `the signature (${label(index)}) matches ${variant.finding}: ${variant.explanation}`,
          `The signature matches ${variant.finding}`, variant.explanation))
      }
    }
    if (prefix !== '') {
      tried++
      const index = matchIndex(hmac('sha256', key, body))
      if (index >= 0) {
        const detail = `the signature (${label(index)}) is an HMAC of the body alone, without the id or timestamp part the provider signs before it`
        hits.push(hit('body_only_signed', 'framing', detail, 'The signature covers the body alone',
          `${detail}: the signing code (a test script or a custom sender) must sign ${provider.info.signed_content.split(';')[0]}`))
      }
    }
  }

  if (read.candidates.length > 0) {
    for (const variant of secretVariants(provider.id, input.secret)) {
      tried++
      const index = matchIndex(hmac('sha256', variant.key, body, prefix))
      if (index >= 0) {
        hits.push(hit(variant.code, 'secret', `the signature (${label(index)}) matches with ${variant.finding}: ${variant.explanation}`,
          `The signature matches with ${variant.finding}`, variant.explanation))
      }
    }
  }

  if (key !== undefined) {
    for (const text of read.loose) {
      for (const reading of looseReadings(text)) {
        tried++
        if (!digestsEqual(reading.digest, hmac(reading.algorithm, key, body, prefix))) continue
        const framing = [
          `read as ${reading.encoding}`,
          reading.prefix === '' ? '' : `after "${reading.prefix}"`,
          `with HMAC-${reading.algorithm.toUpperCase()}`
        ].filter((part) => part !== '').join(' ')
        const advice = framingAdvice(input, reading)
        hits.push(hit(`signature_${reading.algorithm}_${reading.encoding.split(' ')[0].replace('-', '_')}`, 'framing',
          `the ${read.header ?? 'signature'} value is the right signature ${framing}: ${advice}`,
          `The signature is right but framed differently: ${framing}`, advice))
      }
    }
  }
  return { hits, tried, truncated }
}
