import { createHash } from 'node:crypto'
import type { Algorithm } from './algorithms.js'
import { digestsEqual, fingerprint } from './digest.js'
import { HeaderBag } from './header-bag.js'
import { headerFindings } from './header-findings.js'
import type { Key } from './key-formats.js'
import { searchNearMisses, type NearMissHit, type NearMissResult, type SecretKey } from './near-miss.js'
import { resolveProvider, type ProviderDetection, type ResolvedProvider } from './detect.js'
import { check, httpMethod, type Provider, type ProviderContext, type SignatureRead } from './provider.js'
import { lostBody, lostBodySummary, NOT_DETECTED, rawBodyHints, type LostBody } from './raw-body-hints.js'
import { secretFormatCheck, wrongCredential } from './secret-shape.js'
import { checkTimestamp } from './timestamp.js'
import type { ProviderId } from './providers/index.js'
import { replayTestVectors, type ReplayTestVector } from './replay-vectors.js'
import { DEFAULT_TOLERANCE_SECONDS, REASONS, type Check, type GenericOptions, type RawBodyHint, type Reason } from './types.js'

/** A provider, or `auto` to detect it from the headers and body shape. */
type ProviderChoice = ProviderId | 'auto'

export interface VerifyRequest {
  provider: ProviderChoice
  payload: string
  headers: Record<string, string>
  /** Exactly one of secret and secrets (the route enforces it). */
  secret?: string
  secrets?: string[]
  url?: string
  method?: string
  tolerance_seconds?: number
  now_epoch_seconds?: number | null
  generic?: GenericOptions | null
}

export interface VerifyResult {
  valid: boolean
  /** The provider verified with: the one requested, the one detected, or `auto` when none was. */
  provider: ProviderChoice
  reason: Reason
  signature_scheme: string
  replay_protected: boolean
  matched_signature_header: string | null
  matched_secret_index: number | null
  checks: Check[]
  raw_body_hints: RawBodyHint[]
  replay_test_vectors: ReplayTestVector[]
}

function timestampChecks (provider: Provider, read: SignatureRead, now: number, tolerance: number): { checks: Check[], reason?: Reason } {
  // a timestamp read without being signed (generic-hmac's timestamp_header alone) is still compared, as its caller asked
  if (!(read.replayProtected ?? provider.replayProtected) && read.timestamp === undefined) {
    return {
      checks: [check('timestamp', 'skipped', `${provider.info.name} signs no timestamp, so there is no ` +
      'replay protection: deduplicate deliveries on their id')]
    }
  }
  if (read.timestamp === undefined) return { checks: [check('timestamp_tolerance', 'skipped', 'no timestamp to compare with the clock')] }
  return checkTimestamp(read.timestamp, read.timestampLabel ?? 'the timestamp', now, tolerance, read.timestampUnit)
}

interface SignatureOutcome {
  check: Check
  /** The index of the matching candidate, or -1. */
  matched: number
  /** The index of the secret that produced it. */
  secret?: number
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest()

/** Compares the signatures with each secret in turn: one MAC (or signature check) per secret at most. */
function signatureCheck (read: SignatureRead, keys: SecretKey[], payload: string): SignatureOutcome {
  if (read.candidates.length === 0) {
    return { matched: -1, check: check('signature', 'skipped', 'no well-formed signature to compare') }
  }
  if (read.signed === undefined) {
    return { matched: -1, check: check('signature', 'skipped', 'the signed content cannot be rebuilt without the missing id or timestamp') }
  }
  const usable = keys.filter((entry) => entry.key !== undefined)
  if (usable.length === 0) {
    const which = keys.length > 1 ? 'none of the secrets' : 'the secret'
    return { matched: -1, check: check('signature', 'failed', `${which} cannot be turned into this provider's key, so no signature can match`) }
  }
  const { algorithm, candidates } = read
  const contents = [
    { label: '', content: read.signed(payload) },
    ...(read.alternatives ?? []).map((form) => ({ label: ` (${form.label})`, content: form.signed(payload) }))
  ]
  const fingerprints: string[] = []
  const several = keys.length > 1
  for (const entry of usable) {
    let matched = -1
    let form = ''
    for (const { label, content } of contents) {
      const expectation = algorithm.expect(entry.key as Key, content)
      matched = candidates.findIndex((candidate) => expectation.matches(candidate.digest))
      form = label
      if (matched >= 0) break
      // Only the provider's own signed content is shown: the alternatives are its other spellings.
      if (label === '' && expectation.fingerprint !== undefined) {
        fingerprints.push(several ? `${expectation.fingerprint} (secrets[${entry.index}])` : expectation.fingerprint)
      }
    }
    if (matched < 0) continue
    const label = `${candidates[matched].label}${several ? ` with secrets[${entry.index}]` : ''}${form}`
    const among = candidates.length > 1 ? ` (of ${candidates.length} well-formed signatures)` : ''
    const what = algorithm.kind === 'mac'
      ? `matches the ${algorithm.name} of the payload`
      : algorithm.kind === 'token' ? 'equals the secret' : `is a valid ${algorithm.name} signature`
    const bound = read.bodySha256
    if (bound !== undefined && !digestsEqual(sha256(payload), bound.expected)) {
      return {
        matched: -1,
        check: check('signature', 'failed', `${label} ${what}, but the payload's SHA-256 differs from ${bound.label}: the body is not the one that was signed`)
      }
    }
    return { matched, secret: entry.index, check: check('signature', 'passed', `${label} ${what}${among}`) }
  }
  const received = candidates.length > 1 ? 's start' : ' starts'
  const detail = fingerprints.length === 0
    ? `no signature verifies with ${several ? 'any of the keys' : 'this key'} over this payload`
    : `no signature matches: with ${several ? 'these secrets' : 'this secret'} and payload the expected ` +
      `digest${fingerprints.length > 1 ? 's start' : ' starts'} ${fingerprints.join(', ')}, ` +
      `the received one${received} ${candidates.map((candidate) => fingerprint(candidate.digest)).join(', ')}`
  return { matched: -1, check: check('signature', 'failed', detail) }
}

/**
 * A rotation seen from either side: with several secrets, which one matched (the sender signs with it, and a secret no
 * delivery matches any more can go); with one secret, a header carrying several signatures that it matches none of.
 */
function rotationCheck (count: number, signatures: number, outcome: SignatureOutcome): Check | undefined {
  if (count === 1) {
    if (signatures < 2 || outcome.secret !== undefined || outcome.check.status !== 'failed') return undefined
    return check('secret_rotation', 'warning',
      `the header carries ${signatures} signatures, one per secret the sender signs with during a rotation, and this secret matches none: ` +
      'pass the secrets you have, old and new, as secrets')
  }
  if (outcome.secret === undefined) {
    return check('secret_rotation', 'failed', `none of the ${count} secrets produced a matching signature (each was tried once)`)
  }
  if (outcome.secret === 0) return check('secret_rotation', 'passed', `secrets[0] matched (of ${count}); the others were not needed`)
  return check('secret_rotation', 'warning',
    `secrets[${outcome.secret}] matched (of ${count}), not the ones before it: the sender still signs with that secret; ` +
    'keep it in the list until deliveries match an earlier one')
}

/** The secret_format check: one secret's, or each secret's by its index. */
function secretsFormatCheck (provider: Provider, secrets: string[], outcome: SignatureOutcome, algorithm: Algorithm): Check {
  if (secrets.length === 1) return secretFormatCheck(provider, secrets[0], outcome.secret === 0, algorithm)
  const each = secrets.map((secret, index) => secretFormatCheck(provider, secret, outcome.secret === index, algorithm))
  const status = outcome.secret !== undefined
    ? 'passed'
    : each.some((item) => item.status === 'failed') ? 'failed' : each.some((item) => item.status === 'warning') ? 'warning' : 'passed'
  return check('secret_format', status, each.map((item, index) => `secrets[${index}]: ${item.detail}`).join(' | '))
}

function uniqueHits (hits: NearMissHit[]): NearMissHit[] {
  const seen = new Set<string>()
  return hits.filter((hit) => !seen.has(hit.code) && seen.add(hit.code) !== undefined)
}

function searchCheck ({ hits, tried, truncated }: NearMissResult, lost: LostBody | undefined): Check {
  const partial = truncated ? ' (the body is large: JSON re-layouts are tried up to 256 KiB and body variants up to a hashing budget)' : ''
  if (hits.length > 0) {
    return check('near_miss_search', 'warning', `${hits.length} of ${tried} variants would have matched (listed as ` +
      `near_miss_* checks); the verdict stays invalid${partial}`)
  }
  if (lost !== undefined) {
    return check('near_miss_search', 'failed',
      `none of ${tried} variants matched: ${lostBodySummary(lost).replace(/^The/, 'the')}, so the body the sender ` +
        'signed was lost before it reached the verification (see raw_body_hints); the secret may well be right')
  }
  return check('near_miss_search', 'failed',
    `none of ${tried} variants of the body, the secret and the header framing matched: the secret is most likely ` +
      `not the one that signed this payload${partial}`)
}

function notDetected (detection: ProviderDetection): VerifyResult {
  return {
    valid: false,
    provider: 'auto',
    reason: 'provider_not_detected',
    signature_scheme: 'unknown',
    replay_protected: false,
    matched_signature_header: null,
    matched_secret_index: null,
    checks: [detection.check],
    raw_body_hints: [NOT_DETECTED],
    replay_test_vectors: []
  }
}

/**
 * Verifies one webhook delivery and explains the verdict. `clock` is the current time in epoch seconds; the request's
 * now_epoch_seconds overrides it. The payload is hashed as its exact UTF-8 bytes and never normalised. `resolved` is
 * the provider the caller resolved already (the route, which needs it first), else it is resolved here, once.
 */
export function verifyWebhook (request: VerifyRequest, clock: number, resolved?: ResolvedProvider): VerifyResult {
  const headers = new HeaderBag(request.headers)
  const { provider, detection } = resolved ?? resolveProvider(request, headers)
  if (provider === undefined) return notDetected(detection as ProviderDetection)
  const generic = request.generic ?? undefined
  const secrets = request.secrets ?? (request.secret === undefined ? [] : [request.secret])
  const ctx: ProviderContext = {
    headers,
    payload: request.payload,
    secrets,
    url: request.url,
    method: httpMethod(request.method),
    generic
  }
  const read = provider.read(ctx)
  const reasons = new Set<Reason>(read.reason === undefined ? [] : [read.reason])
  const checks = [...(detection === undefined ? [] : [detection.check]), ...read.checks]
  const fromHeaders = headerFindings(ctx.headers, provider, read.reason, generic)
  checks.push(...fromHeaders.checks)

  const timestamp = timestampChecks(provider, read, request.now_epoch_seconds ?? clock, request.tolerance_seconds ?? DEFAULT_TOLERANCE_SECONDS)
  checks.push(...timestamp.checks)
  if (timestamp.reason !== undefined) reasons.add(timestamp.reason)

  const keys: SecretKey[] = secrets.map((secret, index) => {
    const result = read.algorithm.key(secret)
    return 'key' in result ? { index, secret, key: result.key } : { index, secret }
  })
  const signature = signatureCheck(read, keys, request.payload)
  checks.push(signature.check)
  if (signature.check.status === 'failed') reasons.add('signature_mismatch')
  const rotation = rotationCheck(secrets.length, read.candidates.length, signature)
  if (rotation !== undefined) checks.push(rotation)

  let hits: NearMissHit[] = []
  // Only a signature that did not match needs to know whether the body was lost on the way.
  const lost = signature.matched < 0 ? lostBody(request.payload) : undefined
  const searchable = signature.matched < 0 && read.signed !== undefined && (read.candidates.length > 0 || read.loose.length > 0)
  if (searchable) {
    const search = searchNearMisses({ provider, ctx, read, keys })
    hits = uniqueHits(search.hits)
    checks.push(searchCheck({ ...search, hits }, lost), ...hits.map((hit) => hit.check))
  } else {
    checks.push(check('near_miss_search', 'skipped', signature.matched >= 0 ? 'the signature matched' : 'no signature and signed content to compare'))
  }

  const secretFormat = secretsFormatCheck(provider, secrets, signature, read.algorithm)
  checks.push(secretFormat, ...provider.extraChecks(ctx, read))

  // Valid means a signature matched: whatever a read left unsaid, nothing else can make a delivery valid.
  if (signature.matched < 0 && reasons.size === 0) reasons.add('signature_mismatch')
  const reason = REASONS.find((candidate) => reasons.has(candidate)) ?? 'valid'
  return {
    valid: reason === 'valid',
    provider: provider.id as ProviderId,
    reason,
    signature_scheme: read.scheme ?? provider.scheme(generic),
    replay_protected: read.replayProtected ?? provider.replayProtected,
    matched_signature_header: signature.matched >= 0 ? read.header ?? null : null,
    matched_secret_index: signature.secret ?? null,
    checks,
    raw_body_hints: [...fromHeaders.hints, ...rawBodyHints({
      provider,
      reason,
      hits,
      lost,
      secretWarning: secretFormat.status === 'warning' ? secretFormat.detail : undefined,
      wrongCredential: signature.matched < 0 && secrets.some((secret) => wrongCredential(secret) !== undefined),
      stale: reasons.has('timestamp_outside_tolerance')
    })],
    replay_test_vectors: replayTestVectors(provider, generic)
  }
}
