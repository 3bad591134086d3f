import { createHash, createPublicKey, sign, type KeyObject } from 'node:crypto'
import { ecdsaP256 } from '../algorithms.js'
import { decodeHex } from '../digest.js'
import { publicKey, type KeyFormat } from '../key-formats.js'
import { defineProvider, anyFramework, check, readHeader, type ProviderContext, type SignatureRead } from '../provider.js'
import type { Check } from '../types.js'
import { DEMO_P256 } from './demo-keys.js'
import { headerFailure } from './framing.js'

const HEADER = 'Plaid-Verification'
const p256 = publicKey('p256')

/** The key as /webhook_verification_key/get returns it: its `key` JWK, or the whole response, which holds it. */
const plaidKey: KeyFormat = (secret) => {
  const response = /^\s*\{/.test(secret) && secret.length < 8192 ? parsed(secret) : undefined
  const inner = response?.key
  return typeof inner === 'object' && inner !== null ? p256(JSON.stringify(inner)) : p256(secret)
}
const ALGORITHM = ecdsaP256(plaidKey, 'ieee-p1363')

function parsed (text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined
  } catch {
    return undefined
  }
}

interface Jwt {
  header: Record<string, unknown>
  claims: Record<string, unknown>
  signingInput: string
  signature: Buffer
}

const BASE64URL = /^[A-Za-z0-9_-]+$/

/** A compact JWS, decoded but not yet trusted; undefined when it is not one. */
function decodeJwt (token: string): Jwt | undefined {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return undefined
  const header = parsed(Buffer.from(parts[0], 'base64url').toString('utf8'))
  const claims = parsed(Buffer.from(parts[1], 'base64url').toString('utf8'))
  if (header === undefined || claims === undefined) return undefined
  return { header, claims, signingInput: `${parts[0]}.${parts[1]}`, signature: Buffer.from(parts[2], 'base64url') }
}

function malformed (result: SignatureRead, problem: string): SignatureRead {
  return { ...result, reason: 'malformed_signature_header', checks: [check('signature_header', 'failed', `${HEADER} ${problem}`)] }
}

function read (ctx: ProviderContext): SignatureRead {
  const found = readHeader(ctx, HEADER.toLowerCase(), HEADER)
  if ('check' in found) return headerFailure(found, ALGORITHM)
  const result: SignatureRead = { checks: [], candidates: [], loose: [], algorithm: ALGORITHM, header: HEADER.toLowerCase() }
  const jwt = decodeJwt(found.value)
  if (jwt === undefined) return malformed(result, 'is not a JSON Web Token (three base64url parts separated by ".")')
  // Only ES256: a token naming another algorithm (none, HS256) is refused, never verified its way.
  if (jwt.header.alg !== 'ES256') {
    return malformed(result, `names the algorithm ${JSON.stringify(jwt.header.alg ?? null).slice(0, 16)}; Plaid signs with ES256 only`)
  }
  if (jwt.signature.length !== 64) return malformed(result, `has a ${jwt.signature.length}-byte signature; ES256 gives 64`)
  const hash = typeof jwt.claims.request_body_sha256 === 'string' ? decodeHex(jwt.claims.request_body_sha256) : undefined
  if (hash?.length !== 32) return malformed(result, 'has no request_body_sha256 claim of 64 hex digits')
  const kid = typeof jwt.header.kid === 'string' ? ' naming its key id' : ''
  result.checks.push(check('signature_header', 'passed', `${HEADER} found: an ES256 JSON Web Token${kid}`))
  result.candidates = [{ label: `the ${HEADER} token`, digest: jwt.signature }]
  result.signed = () => [jwt.signingInput]
  result.bodySha256 = { expected: hash, label: 'the token\'s request_body_sha256 claim' }
  if (typeof jwt.claims.iat === 'number' && Number.isInteger(jwt.claims.iat)) {
    return { ...result, timestamp: String(jwt.claims.iat), timestampLabel: `the iat claim of ${HEADER}` }
  }
  result.checks.push(check('timestamp', 'failed', `the ${HEADER} token has no iat claim of whole seconds`))
  return { ...result, reason: 'missing_timestamp' }
}

/** Which secret holds the key the token names: Plaid rotates keys, and the kid says which one to fetch. */
function keyIdCheck (ctx: ProviderContext): Check[] {
  const token = ctx.headers.get(HEADER.toLowerCase())
  const kid = token === undefined ? undefined : decodeJwt(token)?.header.kid
  if (typeof kid !== 'string') return []
  const kids = ctx.secrets.map((secret) => {
    const response = parsed(secret)
    const jwk = typeof response?.key === 'object' && response.key !== null ? response.key as Record<string, unknown> : response
    return typeof jwk?.kid === 'string' ? jwk.kid : undefined
  })
  const index = kids.indexOf(kid)
  if (index >= 0) return [check('key_id', 'passed', `the token names the key id of secrets[${index}]`)]
  if (kids.every((id) => id === undefined)) return [check('key_id', 'skipped', 'the keys given carry no kid to compare with the token\'s')]
  return [check('key_id', 'warning',
    'the token names a key id that none of the keys given has: fetch that key with /webhook_verification_key/get ' +
    '(Plaid rotates keys; keep the old one until it expires)')]
}

function signToken (body: string, privateKey: string, timestamp: number, kid: string): string {
  const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url')
  const claims = { iat: timestamp, request_body_sha256: createHash('sha256').update(body).digest('hex') }
  const input = `${encode({ alg: 'ES256', kid, typ: 'JWT' })}.${encode(claims)}`
  return `${input}.${sign('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`
}

const DEMO_KID = 'demo-plaid-key-1'

/** The kid of a key: the demo's own, else the start of its SPKI's SHA-256, so the token and the JWK always agree. */
function keyId (publicKey: KeyObject): string {
  const spki = publicKey.export({ type: 'spki', format: 'der' })
  if (spki.equals(Buffer.from(DEMO_P256.publicBase64, 'base64'))) return DEMO_KID
  return createHash('sha256').update(spki).digest('base64url').slice(0, 22)
}

function publishedJwk (publicKey: KeyObject): string {
  const { crv, x, y } = publicKey.export({ format: 'jwk' })
  return JSON.stringify({ kty: 'EC', crv, x, y, alg: 'ES256', use: 'sig', kid: keyId(publicKey) })
}

export const plaid = defineProvider({
  id: 'plaid',
  replayProtected: true,
  name: 'Plaid',
  scheme: 'es256-jwt',
  signatureHeaders: [HEADER],
  timestampHeader: `${HEADER} (the token's iat claim)`,
  signedContent: `an ES256 JSON Web Token in ${HEADER} whose claims are iat and request_body_sha256, the hex SHA-256 of the raw body; ` +
    'Plaid\'s docs reject tokens older than 5 minutes; no Plaid SDK verifies it (the test suite cross-checks with jose)',
  secretFormat: 'the JWK of the token\'s kid, as /webhook_verification_key/get returns it (the key object, or the whole response); ' +
    'not the client secret or an access token',
  keyFormat: 'ECDSA P-256 public key as a JWK (PEM and base64 DER are read too)',
  algorithm: ALGORITHM,
  detection: { headers: [HEADER.toLowerCase()] },
  read,
  extraChecks: (ctx) => [
    ...keyIdCheck(ctx),
    check('idempotency_key', 'skipped', 'deduplicate Plaid deliveries on webhook_type, webhook_code and item_id in the payload')
  ],
  sign: ({ body, secret, timestamp }) => ({ [HEADER]: signToken(body, secret, timestamp, keyId(createPublicKey(secret))) }),
  // Plaid serves its keys as JWKs (/webhook_verification_key/get), each with the kid its tokens name.
  signingKey: { type: 'p256', publish: publishedJwk },
  demos: [{
    payload: '{\n  "environment": "sandbox",\n  "item_id": "wz666MBjYWTp2PDzzggYhM6oWWmBb",\n  "new_transactions": 0,\n' +
      '  "webhook_code": "INITIAL_UPDATE",\n  "webhook_type": "TRANSACTIONS"\n}',
    secret: publishedJwk(createPublicKey(DEMO_P256.privateKey)),
    signingKey: DEMO_P256.privateKey,
    headers: { 'Content-Type': 'application/json' }
  }],
  note: anyFramework('Plaid signs a JSON Web Token holding the SHA-256 of the raw body',
    'Verify the token with the key its kid names (/webhook_verification_key/get), then hash the raw body as received, before any JSON parser runs.')
})
