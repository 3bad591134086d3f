import { generateKeyPairSync, randomUUID } from 'node:crypto'
import type { Provider, SignatureRead } from './provider.js'
import { HeaderBag } from './header-bag.js'
import type { KeyFormat } from './key-formats.js'
import { refuseTooDeep, signDelivery, type SignedDelivery, type SignRequest } from './sign.js'
import type { GenericOptions } from './types.js'

/** One POST to the endpoint under test, answered by its status and the first bytes of its body. */
export type Send = (delivery: { payload: string, headers: Record<string, string> }, signal: AbortSignal) => Promise<{ status: number, body: Buffer }>

export interface ConformanceRequest {
  payload?: string
  secret?: string
  private_key?: string
  /** The URL the sender signs, for the URL-signing providers; the URL the suite requests unless given. */
  url?: string
  generic?: GenericOptions | null
}

type Expected = '2xx' | '4xx'

interface ConformanceCheck {
  name: string
  expected: Expected
  /** The endpoint's status, or null when it did not answer. */
  status: number | null
  passed: boolean
  /** What a failure says about the endpoint, in the words of the near-miss diagnosis; null when passed. */
  finding: string | null
  /** The first 200 bytes of the answer, as text; nothing more of it is kept. */
  response_start: string | null
}

export interface ConformanceResult {
  grade: 'pass' | 'fail'
  checks: ConformanceCheck[]
}

/** The fixed price of one suite, whatever the endpoint answers: it is up to twelve deliveries. */
export const CONFORMANCE_UNITS = 10
/** Names the service and the suite, so a receiver's logs say where the forged deliveries came from. */
export const CONFORMANCE_USER_AGENT = 'UtilityAPIs-webhook-conformance/0.1 (+https://utility-apis.example/bot)'
export const MAX_REQUESTS = 12
const TOTAL_MS = 30_000
const KEPT_BYTES = 200
const STALE_SECONDS = 3600

interface Planned {
  name: string
  expected: Expected
  delivery: { payload: string, headers: Record<string, string> }
  /** What accepting it (for a 4xx check) or refusing it (for the valid one) says about the endpoint. */
  finding: string
}

/** A character replaced by another of its kind (hex stays hex, base64 stays base64), so the text keeps its shape. */
function changedAt (text: string, index: number): string {
  const at = Math.max(0, Math.min(index, text.length - 1))
  const char = text[at] ?? ''
  const next = /[0-9a-f]/.test(char)
    ? ((parseInt(char, 16) + 1) % 16).toString(16)
    : /[0-9A-F]/.test(char) ? ((parseInt(char, 16) + 1) % 16).toString(16).toUpperCase() : /[A-Za-z]/.test(char) ? (char === 'x' ? 'y' : 'x') : 'x'
  return text.slice(0, at) + next + text.slice(at + 1)
}

/** The payload as JSON.parse reads it, or undefined when it is not JSON. */
function parsed (payload: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(payload) }
  } catch {
    return undefined
  }
}

/**
 * The payload re-serialised as a framework would: parsed, an object's keys reordered, whitespace changed; undefined if
 * it is not a JSON object or array, or if no other spelling of it exists (`{}`).
 */
function reserialised (payload: string): string | undefined {
  const json = parsed(payload)
  if (typeof json?.value !== 'object' || json.value === null) return undefined
  const reordered = Array.isArray(json.value) ? json.value : Object.fromEntries(Object.entries(json.value).reverse())
  const text = JSON.stringify(reordered)
  const other = text === payload ? JSON.stringify(reordered, null, 1) : text
  return other === payload ? undefined : other
}

// A JSON string literal; in JSON text a double quote appears nowhere else
const STRING_LITERAL = /"(?:[^"\\]|\\.)*"/g
// Changes tried inside string literals before falling back: an escape sequence changed may no longer parse
const MOST_TRIES = 16

/**
 * The body changed in one character. A JSON body stays JSON: a character inside a string value is changed (the one
 * nearest the middle), so the receiver's JSON parser takes it and only a signature check can refuse it. A space or
 * a brace changed instead would be refused by any parser (express.json(), a framework's model) before a signature is
 * read, and the check would grade the parser. Another body is changed in its middle.
 */
function tamperedBody (payload: string): string {
  const middle = Math.floor(payload.length / 2)
  if (parsed(payload) === undefined) return changedAt(payload, middle)
  const spans = [...payload.matchAll(STRING_LITERAL)].map((match) => [match.index + 1, match.index + match[0].length - 1])
  const distance = ([start, end]: number[]) => middle < start ? start - middle : middle >= end ? middle - end + 1 : 0
  spans.sort((a, b) => distance(a) - distance(b))
  let tries = 0
  for (const [start, end] of spans) {
    for (const at of fromNearest(Math.max(start, Math.min(middle, end - 1)), start, end)) {
      if (tries === MOST_TRIES) return changedAt(payload, middle)
      if (!/[A-Za-z0-9]/.test(payload[at])) continue
      tries++
      const text = changedAt(payload, at)
      if (parsed(text) !== undefined) return text
    }
  }
  return changedAt(payload, middle)
}

/** The indexes of [start, end): `from` and those after it, then those before it, nearest first. */
function * fromNearest (from: number, start: number, end: number): Generator<number> {
  for (let at = from; at < end; at++) yield at
  for (let at = from - 1; at >= start; at--) yield at
}

/**
 * The URL the fetcher requests for an endpoint: its origin, path and query as the URL parser normalises them (dot
 * segments resolved, an empty query and the fragment dropped), which is what a receiver rebuilds from its request line.
 */
export function requestedUrl (endpointUrl: string): string {
  const url = new URL(endpointUrl)
  return `${url.origin}${url.pathname}${url.search}`
}

const defaultPayload = (now: number): string =>
  JSON.stringify({ id: `evt_${randomUUID()}`, type: 'conformance.test', created: now, data: { object: { note: 'sent by a conformance check' } } }, null, 2)

/** What every delivery of the suite is signed from; an id of our own, to see whether the scheme signs it. */
function baseRequest (request: ConformanceRequest, endpointUrl: string, now: number): SignRequest {
  return {
    payload: request.payload ?? defaultPayload(now),
    ...(request.secret === undefined ? {} : { secret: request.secret }),
    ...(request.private_key === undefined ? {} : { private_key: request.private_key }),
    // Signed as requested: a URL-signing receiver verifies the URL it was called at, not the text the caller typed.
    url: request.url ?? requestedUrl(endpointUrl),
    generic: request.generic,
    timestamp: now,
    id: `conformance-${randomUUID()}`
  }
}

/**
 * The deliveries of the suite, each signed as the provider would, or made wrong in one way. Only `replayed_id` repeats
 * the valid delivery: every other is a new delivery (its own id, and its own event id in the default payload), so a
 * receiver that refuses a duplicate without verifying anything cannot pass them.
 */
function plan (provider: Provider, request: ConformanceRequest, endpointUrl: string, now: number): Planned[] {
  const base = baseRequest(request, endpointUrl, now)
  refuseTooDeep(base.payload, 'the reserialised_body check parses and re-serialises a JSON payload')
  const valid = signDelivery(provider, base, now)
  const anew = (changes: Partial<SignRequest> = {}): SignedDelivery => {
    const { payload, id } = baseRequest(request, endpointUrl, now)
    return signDelivery(provider, { ...base, payload, id, ...changes }, changes.timestamp ?? now)
  }
  const checks: Planned[] = [{
    name: 'valid',
    expected: '2xx',
    delivery: valid,
    finding: 'it refused a valid delivery: it probably verifies a re-serialised body, not the raw one, or with another secret than this one'
  }]
  const push = (name: string, delivery: Planned['delivery'], finding: string, expected: Expected = '4xx'): void => {
    checks.push({ name, expected, delivery, finding })
  }
  // An id in the signed content is one the receiver can deduplicate on. A sender sends an id again when it did not get
  // the answer, and retries what is refused until it gives up or disables the endpoint: the id is an idempotency key
  // (Standard Webhooks), so the repeat is acknowledged. Whether it is processed twice cannot be seen from outside.
  if (valid.signed_content.includes(base.id as string)) {
    push('replayed_id', valid, 'it refused a delivery it had accepted, sent again with the same id as a sender resends one whose answer ' +
      'it lost: senders retry what is refused; process an id once (it is an idempotency key) and answer 2xx to it again', '2xx')
  }
  const bodySigned = provider.signsBodyFields !== true && provider.algorithm.kind !== 'token'
  if (bodySigned) {
    const delivery = anew()
    push('tampered_body', { ...delivery, payload: tamperedBody(delivery.payload) },
      'the endpoint accepted a body that was not signed: it is not verifying the signature over the raw body')
  }
  const other = otherKey(provider, base, valid)
  const forgeries = signatureForgeries(provider, base, other, anew)
  for (const forgery of forgeries.tampered) checks.push(forgery)
  push('other_secret', anew(other),
    'the endpoint accepted a delivery signed with another secret: it is not verifying, or not with the secret it was given')
  // Generic options that sign their timestamp header make generic-hmac replay-protected: the reading of the delivery says so.
  if (readOf(provider, valid, base).replayProtected ?? provider.replayProtected) {
    push('stale_timestamp', anew({ timestamp: now - STALE_SECONDS }),
      'the endpoint accepted a delivery signed an hour ago: it does not check the timestamp, so a captured delivery can be replayed')
  }
  for (const forgery of forgeries.missing) checks.push(forgery)
  const delivery = anew()
  const respelt = bodySigned ? reserialised(delivery.payload) : undefined
  if (respelt !== undefined) {
    push('reserialised_body', { ...delivery, payload: respelt },
      'the endpoint accepted the body re-serialised (keys reordered, whitespace changed): it verifies a parsed copy, not the raw bytes')
  }
  // Last, a new valid delivery: a receiver that accepted the first and then refuses everything (a rate limit, an
  // endpoint gone) would otherwise pass every forged check by refusing it without verifying anything.
  push('valid_again', anew(), 'it refused a second valid delivery after accepting the first: its refusals of the forged deliveries ' +
    'may not come from verifying (a rate limit, or a repeated event refused: answer 2xx to duplicates, senders retry what is refused)', '2xx')
  return checks.slice(0, MAX_REQUESTS)
}

const readOf = (provider: Provider, delivery: SignedDelivery, request: Pick<SignRequest, 'url' | 'generic'>): SignatureRead => provider.read({
  headers: new HeaderBag(delivery.headers), payload: delivery.payload, secrets: [], url: request.url, method: 'POST', generic: request.generic ?? undefined
})

/**
 * The headers the signature is written in: those a delivery signed with another key has otherwise. All of them, so a
 * forged delivery carries no valid signature anywhere (Square sends its legacy HMAC-SHA1 beside the SHA-256 one).
 */
function signatureHeadersOf (provider: Provider, base: SignRequest, other: Pick<SignRequest, 'secret' | 'private_key'>): string[] {
  const now = base.timestamp as number
  const signed = signDelivery(provider, base, now).headers
  const otherwise = signDelivery(provider, { ...base, ...other }, now).headers
  return Object.keys(signed).filter((name) => signed[name] !== otherwise[name])
}

/** A signature forged, and one left out: in its headers, or inside the body for Mailgun and Adyen; each on a new delivery. */
function signatureForgeries (
  provider: Provider, base: SignRequest, other: Pick<SignRequest, 'secret' | 'private_key'>, anew: () => SignedDelivery
): { tampered: Planned[], missing: Planned[] } {
  const forgery = (name: string, delivery: Planned['delivery'], finding: string): Planned => ({ name, expected: '4xx', delivery, finding })
  const tampered: Planned[] = []
  const missing: Planned[] = []
  const signatureHeaders = signatureHeadersOf(provider, base, other)
  const forged = anew()
  const unsigned = anew()
  if (signatureHeaders.length > 0) {
    if (provider.algorithm.kind !== 'token') {
      const headers = { ...forged.headers }
      for (const name of signatureHeaders) headers[name] = changedAt(headers[name], headers[name].length - 4)
      tampered.push(forgery('tampered_signature', { ...forged, headers }, 'the endpoint accepted a signature that does not match: it is not verifying'))
    }
    const headers = Object.fromEntries(Object.entries(unsigned.headers).filter(([name]) => !signatureHeaders.includes(name)))
    missing.push(forgery('missing_signature', { ...unsigned, headers },
      'the endpoint accepted a delivery without a signature: it is not verifying'))
  } else if (provider.signBody !== undefined) {
    const inBody = (delivery: SignedDelivery): string | undefined => bodySignature(delivery.payload, readOf(provider, delivery, base))
    const forgedText = inBody(forged)
    const unsignedText = inBody(unsigned)
    if (forgedText !== undefined) {
      tampered.push(forgery('tampered_signature', { ...forged, payload: forged.payload.replace(forgedText, changedAt(forgedText, forgedText.length - 4)) },
        'the endpoint accepted a signature that does not match: it is not verifying'))
    }
    if (unsignedText !== undefined) {
      missing.push(forgery('missing_signature', { ...unsigned, payload: unsigned.payload.replace(unsignedText, '') },
        'the endpoint accepted a delivery without a signature: it is not verifying'))
    }
  }
  return { tampered, missing }
}

/** The signature as written in the body by a provider that signs inside it (hex or base64), if it is found there once. */
function bodySignature (payload: string, read: SignatureRead): string | undefined {
  const digest = read.candidates[0]?.digest
  if (digest === undefined) return undefined
  return [digest.toString('hex'), digest.toString('base64')].find((text) => payload.split(text).length === 2)
}

/** Another key of the same shape: a secret changed in one character, or a new key pair. */
function otherKey (provider: Provider, base: SignRequest, valid: SignedDelivery): Pick<SignRequest, 'secret' | 'private_key'> {
  if (base.secret !== undefined) return { secret: otherSecret(readOf(provider, valid, base).algorithm.key, base.secret) }
  const type = provider.signingKey?.type === 'ed25519' ? 'ed25519' : 'p256'
  const pair = type === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  return { private_key: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }
}

/**
 * The secret changed in one character, nearest its middle, that gives another key: a change in base64's last
 * character before `=` can fall in bits the decoding drops (`AAE=` and `AAF=` are one key), and a receiver that refused
 * the "other" secret's delivery would have been graded as accepting it.
 */
function otherSecret (format: KeyFormat, secret: string): string {
  const keyOf = (text: string): Buffer | undefined => {
    const read = format(text)
    return 'key' in read && Buffer.isBuffer(read.key) ? read.key : undefined
  }
  const own = keyOf(secret)
  const middle = Math.floor(secret.length / 2)
  for (const at of fromNearest(middle, 0, secret.length)) {
    const other = changedAt(secret, at)
    const key = keyOf(other)
    if (key !== undefined && (own === undefined || !key.equals(own))) return other
  }
  return changedAt(secret, middle)
}

/**
 * 4xx statuses that refuse a request for what it is (its path, method, size, type) or for how often it comes, never
 * for its signature: a forged delivery refused with one of them says nothing about whether the endpoint verifies.
 */
const NOT_ABOUT_THE_SIGNATURE: Record<number, string> = {
  404: 'not found',
  405: 'method not allowed',
  408: 'request timeout',
  413: 'payload too large',
  415: 'unsupported media type',
  429: 'rate limited'
}

function judged (planned: Planned, status: number | null, body: Buffer | null, error?: string): ConformanceCheck {
  const start = body === null ? null : body.subarray(0, KEPT_BYTES).toString('utf8')
  const expected = planned.expected
  const unrelated = expected === '4xx' && status !== null ? NOT_ABOUT_THE_SIGNATURE[status] : undefined
  const passed = status !== null && unrelated === undefined && (expected === '2xx' ? status >= 200 && status < 300 : status >= 400 && status < 500)
  let finding: string | null = null
  if (status === null) finding = error ?? 'no answer'
  else if (unrelated !== undefined) {
    finding = `it answered ${status} (${unrelated}), which says nothing about the signature, so the check could not tell whether it ` +
      'refuses this delivery for its signature: answer 400 or 401 to a signature that does not verify'
  } else if (!passed && expected === '2xx' && status >= 500) {
    // a crash or an outage, not a refused signature: a verifier that refuses answers 4xx
    finding = `it answered ${status} to a valid delivery: it failed (an error or an outage) rather than refusing the signature; its response_start may say why`
  } else if (!passed && expected === '2xx' && status >= 300 && status < 400) {
    finding = `it answered ${status}, a redirect, to a valid delivery: senders do not follow redirects, so register the final URL`
  } else if (!passed && expected === '4xx' && status >= 500) {
    finding = `it answered ${status} to a delivery it should refuse: answer 4xx (400 or 401), so the sender does not retry it as an outage`
  } else if (!passed && expected === '4xx' && status >= 300 && status < 400) {
    finding = `it answered ${status}, a redirect, to a delivery it should refuse: senders do not follow redirects`
  } else if (!passed) finding = planned.finding
  return { name: planned.name, expected, status, passed, finding, response_start: start }
}

/**
 * Sends the suite to the endpoint one delivery at a time, at most 12 requests and 30 s in all, and grades it: a 2xx
 * for the valid deliveries (the first, its repeat and the last) and a 4xx, for the signature, for every other. Only
 * each answer's status and first 200 bytes are kept.
 */
export async function runConformance (
  provider: Provider, request: ConformanceRequest, endpointUrl: string, send: Send, now: number, totalMs = TOTAL_MS
): Promise<ConformanceResult> {
  const planned = plan(provider, request, endpointUrl, now)
  const deadline = AbortSignal.timeout(totalMs)
  const checks: ConformanceCheck[] = []
  for (const item of planned) {
    if (deadline.aborted) {
      checks.push(judged(item, null, null, `not sent: the ${totalMs / 1000} s budget of the suite ran out`))
      continue
    }
    try {
      const answer = await send(item.delivery, deadline)
      checks.push(judged(item, answer.status, answer.body))
    } catch (error) {
      if (isRefusedTarget(error)) throw error
      checks.push(judged(item, null, null, `no answer: ${error instanceof Error ? error.message : 'the request failed'}`))
    }
  }
  return { grade: checks.every((check) => check.passed) ? 'pass' : 'fail', checks }
}

/** A target the fetcher refuses (a non-public address) ends the suite: nothing else would reach it either. */
const REFUSED_TARGET = new Set(['FETCH_ERR_BLOCKED', 'FETCH_ERR_SCHEME', 'FETCH_ERR_CREDENTIALS', 'FETCH_ERR_BAD_URL'])
export const isRefusedTarget = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && REFUSED_TARGET.has(String(error.code))
