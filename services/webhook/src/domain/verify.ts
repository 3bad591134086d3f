import { digestsEqual, fingerprint, hmac } from './digest.js'
import { HeaderBag } from './header-bag.js'
import { headerFindings } from './header-findings.js'
import { searchNearMisses, type NearMissHit, type NearMissResult } from './near-miss.js'
import { check, type Provider, type ProviderContext, type SignatureRead } from './provider.js'
import { PROVIDERS } from './providers/index.js'
import { lostBody, lostBodySummary, rawBodyHints, type LostBody } from './raw-body-hints.js'
import { replayTestVectors } from './replay-vectors.js'
import { secretFormatCheck, wrongCredential } from './secret-shape.js'
import { checkTimestamp } from './timestamp.js'
import { DEFAULT_TOLERANCE_SECONDS, REASONS, type Check, type Reason, type VerifyRequest, type VerifyResult } from './types.js'

function timestampChecks (provider: Provider, read: SignatureRead, now: number, tolerance: number): { checks: Check[], reason?: Reason } {
  if (!provider.replayProtected) {
    return { checks: [check('timestamp', 'skipped', `${provider.info.name} signs no timestamp, so there is no replay protection: deduplicate deliveries on their id`)] }
  }
  if (read.timestamp === undefined) return { checks: [check('timestamp_tolerance', 'skipped', 'no timestamp to compare with the clock')] }
  return checkTimestamp(read.timestamp, read.timestampLabel ?? 'the timestamp', now, tolerance)
}

function signatureCheck (read: SignatureRead, key: Buffer | undefined, payload: string): { check: Check, matched: number } {
  if (read.candidates.length === 0) {
    return { matched: -1, check: check('signature', 'skipped', 'no well-formed signature to compare') }
  }
  if (read.signedPrefix === undefined) {
    return { matched: -1, check: check('signature', 'skipped', 'the signed content cannot be rebuilt without the missing id or timestamp') }
  }
  if (key === undefined) {
    return { matched: -1, check: check('signature', 'failed', 'the secret cannot be turned into this provider\'s key, so no signature can match') }
  }
  const expected = hmac('sha256', key, payload, read.signedPrefix)
  const matched = read.candidates.findIndex((candidate) => digestsEqual(candidate.digest, expected))
  if (matched >= 0) {
    const among = read.candidates.length > 1 ? ` (of ${read.candidates.length} well-formed signatures)` : ''
    return { matched, check: check('signature', 'passed', `${read.candidates[matched].label} matches the HMAC-SHA256 of the payload${among}`) }
  }
  const received = read.candidates.map((candidate) => fingerprint(candidate.digest)).join(', ')
  return {
    matched,
    check: check('signature', 'failed',
      `no signature matches: with this secret and payload the expected digest starts ${fingerprint(expected)}, the received one${read.candidates.length > 1 ? 's start' : ' starts'} ${received}`)
  }
}

function uniqueHits (hits: NearMissHit[]): NearMissHit[] {
  const seen = new Set<string>()
  return hits.filter((hit) => !seen.has(hit.code) && seen.add(hit.code) !== undefined)
}

function searchCheck ({ hits, tried, truncated }: NearMissResult, lost: LostBody | undefined): Check {
  const partial = truncated ? ' (the body is large: JSON re-layouts are tried up to 256 KiB and body variants up to a hashing budget)' : ''
  if (hits.length > 0) {
    return check('near_miss_search', 'warning', `${hits.length} of ${tried} variants would have matched (listed as near_miss_* checks); the verdict stays invalid${partial}`)
  }
  if (lost !== undefined) {
    return check('near_miss_search', 'failed',
      `none of ${tried} variants matched: ${lostBodySummary(lost).replace(/^The/, 'the')}, so the body the sender signed was lost before it reached the verification (see raw_body_hints); the secret may well be right`)
  }
  return check('near_miss_search', 'failed',
    `none of ${tried} variants of the body, the secret and the header framing matched: the secret is most likely not the one that signed this payload${partial}`)
}

/**
 * Verifies one webhook delivery and explains the verdict. `clock` is the current time in epoch seconds; the request's
 * now_epoch_seconds overrides it. The payload is hashed as its exact UTF-8 bytes and never normalised.
 */
export function verifyWebhook (request: VerifyRequest, clock: number): VerifyResult {
  const provider = PROVIDERS[request.provider]
  const generic = request.generic ?? undefined
  const ctx: ProviderContext = { headers: new HeaderBag(request.headers), payload: request.payload, secret: request.secret, generic }
  const read = provider.read(ctx)
  const reasons = new Set<Reason>(read.reason === undefined ? [] : [read.reason])
  const checks = [...read.checks]
  const fromHeaders = headerFindings(ctx.headers, provider, read.reason, generic)
  checks.push(...fromHeaders.checks)

  const timestamp = timestampChecks(provider, read, request.now_epoch_seconds ?? clock, request.tolerance_seconds ?? DEFAULT_TOLERANCE_SECONDS)
  checks.push(...timestamp.checks)
  if (timestamp.reason !== undefined) reasons.add(timestamp.reason)

  const key = provider.key(request.secret)
  const signature = signatureCheck(read, key, request.payload)
  checks.push(signature.check)
  if (signature.check.status === 'failed') reasons.add('signature_mismatch')

  let hits: NearMissHit[] = []
  // Only a signature that did not match needs to know whether the body was lost on the way.
  const lost = signature.matched < 0 ? lostBody(request.payload) : undefined
  const searchable = signature.matched < 0 && read.signedPrefix !== undefined && (read.candidates.length > 0 || read.loose.length > 0)
  if (searchable) {
    const search = searchNearMisses({ provider, read, payload: request.payload, secret: request.secret, key, generic })
    hits = uniqueHits(search.hits)
    checks.push(searchCheck({ ...search, hits }, lost), ...hits.map((hit) => hit.check))
  } else {
    checks.push(check('near_miss_search', 'skipped', signature.matched >= 0 ? 'the signature matched' : 'no signature and signed content to compare'))
  }

  const secretFormat = secretFormatCheck(provider.id, request.secret, signature.matched >= 0)
  checks.push(secretFormat, ...provider.extraChecks(ctx, read))

  const reason = REASONS.find((candidate) => reasons.has(candidate)) ?? 'valid'
  return {
    valid: reason === 'valid',
    provider: provider.id,
    reason,
    signature_scheme: provider.scheme(generic),
    replay_protected: provider.replayProtected,
    matched_signature_header: signature.matched >= 0 ? read.header ?? null : null,
    checks,
    raw_body_hints: [...fromHeaders.hints, ...rawBodyHints({
      provider: provider.id,
      reason,
      hits,
      lost,
      secretWarning: secretFormat.status === 'warning' ? secretFormat.detail : undefined,
      wrongCredential: signature.matched < 0 && wrongCredential(request.secret) !== undefined,
      stale: reasons.has('timestamp_outside_tolerance')
    })],
    replay_test_vectors: replayTestVectors(provider.id, generic)
  }
}
