import { createHash, createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'

// Independent of the code under test: each provider's documented construction, written out with node:crypto.
const mac = (key: string | Buffer, content: string, algorithm = 'sha256'): Buffer =>
  createHmac(algorithm, key).update(content, 'utf8').digest()

export const githubSignature = (secret: string, body: string): string => `sha256=${mac(secret, body).toString('hex')}`
export const githubSha1 = (secret: string, body: string): string => `sha1=${mac(secret, body, 'sha1').toString('hex')}`
export const slackSignature = (secret: string, timestamp: number | string, body: string): string =>
  `v0=${mac(secret, `v0:${timestamp}:${body}`).toString('hex')}`
export const stripeV1 = (secret: string, timestamp: number | string, body: string): string => mac(secret, `${timestamp}.${body}`).toString('hex')
export const stripeHeader = (secret: string, timestamp: number, body: string): string => `t=${timestamp},v1=${stripeV1(secret, timestamp, body)}`
export const shopifySignature = (secret: string, body: string): string => mac(secret, body).toString('base64')
const standardKey = (secret: string): Buffer => Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
export const standardSignature = (secret: string, id: string, timestamp: number | string, body: string): string =>
  `v1,${mac(standardKey(secret), `${id}.${timestamp}.${body}`).toString('base64')}`
export const hmacHex = (secret: string, body: string): string => mac(secret, body).toString('hex')
export const hmacBase64 = (secret: string, body: string): string => mac(secret, body).toString('base64')

export const hmacSha1Hex = (secret: string, body: string): string => mac(secret, body, 'sha1').toString('hex')
export const zoomSignature = (secret: string, timestamp: number | string, body: string): string =>
  `v0=${mac(secret, `v0:${timestamp}:${body}`).toString('hex')}`
/** `t=<t>,v1=<hex>` over `<t>.<body>` (Calendly, Mux) or, with Paddle's separators, `ts=<t>;h1=<hex>` over `<t>:<body>`. */
export const timestampedList = (secret: string, timestamp: number | string, body: string, paddleStyle = false): string => paddleStyle
  ? `ts=${timestamp};h1=${mac(secret, `${timestamp}:${body}`).toString('hex')}`
  : `t=${timestamp},v1=${mac(secret, `${timestamp}.${body}`).toString('hex')}`
export const twitchSignature = (secret: string, id: string, timestamp: string, body: string): string =>
  `sha256=${mac(secret, `${id}${timestamp}${body}`).toString('hex')}`
/** Twitch's RFC 3339 timestamp with nanoseconds, for a Unix time in seconds. */
export const rfc3339 = (seconds: number): string => `${new Date(seconds * 1000).toISOString().slice(0, 19)}.634234626Z`

/** Key pairs of the test suite, apart from the demo pairs of the replay vectors. */
export const TEST_KEYS = {
  ed25519: generateKeyPairSync('ed25519'),
  p256: generateKeyPairSync('ec', { namedCurve: 'P-256' })
}
/**
 * The signing pair for a public key text: the suite's own pair for its key, a new pair (kept per text) for any other,
 * so a delivery "signed with another secret" is signed by another key pair.
 */
export function pairsBySecret (type: keyof typeof TEST_KEYS, own: string): (secret: string) => { privateKey: KeyObject, publicKey: KeyObject } {
  const others = new Map<string, { privateKey: KeyObject, publicKey: KeyObject }>()
  return (secret) => {
    if (secret === own) return TEST_KEYS[type]
    const pair = others.get(secret) ?? (type === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'P-256' }))
    others.set(secret, pair)
    return pair
  }
}
export const ed25519PublicHex = (key: KeyObject): string => Buffer.from(key.export({ format: 'jwk' }).x as string, 'base64url').toString('hex')
export const spkiBase64 = (key: KeyObject): string => key.export({ format: 'der', type: 'spki' }).toString('base64')
/** Discord: Ed25519 over `<timestamp><body>`, hex. */
export const discordSignature = (timestamp: number | string, body: string, key = TEST_KEYS.ed25519.privateKey): string =>
  sign(null, Buffer.from(`${timestamp}${body}`), key).toString('hex')
/** SendGrid: ECDSA P-256 with SHA-256 over `<timestamp><body>`, DER, base64. */
export const sendgridSignature = (timestamp: number | string, body: string, key = TEST_KEYS.p256.privateKey): string =>
  sign('sha256', Buffer.from(`${timestamp}${body}`), key).toString('base64')

/** Twilio: HMAC-SHA1 over the URL and each form parameter's name and value, names sorted; base64. */
export function twilioSignature (authToken: string, url: string, formBody: string): string {
  const params = [...new URLSearchParams(formBody)].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)
  return mac(authToken, url + params.map(([name, value]) => name + value).join(''), 'sha1').toString('base64')
}
/** Square: HMAC-SHA256 over the notification URL and the body; base64. */
export const squareSignature = (key: string, url: string, body: string): string => mac(key, url + body).toString('base64')
/** HubSpot v3: HMAC-SHA256 over method, URI, body and the millisecond timestamp; base64. */
export const hubspotSignature = (secret: string, method: string, uri: string, body: string, millis: string): string =>
  mac(secret, `${method}${uri}${body}${millis}`).toString('base64')

/** Plaid: an ES256 JWT whose claims are iat and the body's SHA-256 in hex, in the r || s signature form. */
export function plaidToken (body: string, iat: number, key = TEST_KEYS.p256.privateKey, kid = 'test-kid', extra: Record<string, unknown> = {}): string {
  const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url')
  const input = `${encode({ alg: 'ES256', kid, typ: 'JWT' })}.${encode({ iat, request_body_sha256: createHash('sha256').update(body).digest('hex'), ...extra })}`
  return `${input}.${sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`
}
export const jwkOf = (key: KeyObject, kid = 'test-kid'): string => JSON.stringify({ ...key.export({ format: 'jwk' }), alg: 'ES256', use: 'sig', kid })

/** Mailgun: hex HMAC-SHA256 over the timestamp followed by the token, with nothing between them. */
export const mailgunSignature = (key: string, timestamp: string, token: string): string => mac(key, `${timestamp}${token}`).toString('hex')
/** Adyen: base64 HMAC-SHA256, keyed with the hex-decoded HMAC key, over the item's eight fields joined by ':'. */
export const adyenSignature = (hexKey: string, fields: Array<string | number>): string => mac(Buffer.from(hexKey, 'hex'), fields.join(':')).toString('base64')

export const NOW = 1_700_000_000
