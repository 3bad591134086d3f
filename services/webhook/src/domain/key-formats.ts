import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto'
import { decodeBase64Key, decodeHex } from './digest.js'

/** A MAC key (bytes), or a public key for the asymmetric schemes. */
export type Key = Buffer | KeyObject

/**
 * A secret turned into a key, with how it was used (for the secret_format check), or why it cannot be one. Neither
 * text ever contains any part of the secret.
 */
type KeyResult = { key: Key, use: string } | { problem: string, privateKey?: boolean }

/** How a provider turns the `secret` text into its key. */
export type KeyFormat = (secret: string) => KeyResult

/**
 * A secret the provider's key format refuses, met while signing. Signing on with no key (or an empty one) would give
 * a delivery that the sender's libraries never make and this service's own verifier refuses; the message is the key
 * format's problem, which never holds any part of the secret.
 */
export class UnusableSecret extends Error {}

/** The key to sign with, or an UnusableSecret: never a substitute key. */
export function signingKeyOf (format: KeyFormat, secret: string): Key {
  const result = format(secret)
  if ('problem' in result) throw new UnusableSecret(result.problem)
  return result.key
}

export const utf8Key: KeyFormat = (secret) => ({ key: Buffer.from(secret, 'utf8'), use: 'used verbatim as the key (UTF-8 bytes)' })

export const hexKey: KeyFormat = (secret) => {
  const key = decodeHex(secret)
  if (key === undefined) return { problem: 'the secret is not hex, so it cannot be this provider\'s key' }
  return { key, use: `hex-decoded to a ${key.length}-byte key` }
}

/** Standard base64, padding optional (senders print keys both ways). */
export const base64Key: KeyFormat = (secret) => {
  const decoded = decodeBase64Key(secret)
  return decoded === undefined || decoded.variant === 'url-safe' || decoded.bytes.length === 0
    ? { problem: 'the secret is not base64, so it cannot be this provider\'s key' }
    : { key: decoded.bytes, use: `base64-decoded to a ${decoded.bytes.length}-byte key` }
}

const PEM_PRIVATE = /-----BEGIN (?:RSA |EC |ENCRYPTED |OPENSSH |DSA )?PRIVATE KEY-----/

function parsedJson (text: string): Record<string, unknown> | undefined {
  if (!/^\s*\{/.test(text) || text.length > 8192) return undefined
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined
  } catch {
    return undefined
  }
}

/**
 * What kind of private key the secret is, when it is one: a verifier needs only the public key, and a private key
 * in a verification request has leaked from where it belongs. Recognised, reported, never used.
 */
export function privateKeyShape (secret: string): string | undefined {
  const text = secret.trim()
  if (PEM_PRIVATE.test(text)) return 'a PEM private key'
  if (text.startsWith('whsk_')) return 'a Standard Webhooks signing (private) key (whsk_)'
  if (typeof parsedJson(text)?.d === 'string') return 'a private JWK (it has a "d" member)'
  const decoded = decodeBase64Key(text)
  const der = decoded?.variant === 'padded' ? decoded.bytes : undefined
  if (der !== undefined && der.length >= 48 && der[0] === 0x30) {
    try {
      createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })
      return 'a base64 DER (PKCS #8) private key'
    } catch {
      return undefined
    }
  }
  return undefined
}

export type PublicKeyType = 'ed25519' | 'p256'

const TYPE_NAMES: Record<PublicKeyType, string> = { ed25519: 'Ed25519', p256: 'ECDSA P-256' }

function ofType (key: KeyObject, type: PublicKeyType): boolean {
  if (type === 'ed25519') return key.asymmetricKeyType === 'ed25519'
  return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1'
}

function parsePublicKey (text: string, type: PublicKeyType): { key: KeyObject, form: string } | undefined {
  const jwk = parsedJson(text)
  if (jwk !== undefined) return { key: createPublicKey({ key: jwk, format: 'jwk' }), form: 'JWK' }
  if (text.includes('-----BEGIN')) return { key: createPublicKey(text), form: 'PEM' }
  const raw = decodeHex(text) ?? decodeBase64Key(text)?.bytes
  if (raw === undefined) return undefined
  const form = decodeHex(text) === undefined ? 'base64' : 'hex'
  if (type === 'ed25519' && raw.length === 32) {
    return { key: createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' }), form: `${form} (32 raw bytes)` }
  }
  return { key: createPublicKey({ key: raw, format: 'der', type: 'spki' }), form: `${form} DER (SubjectPublicKeyInfo)` }
}

/**
 * A public key as providers publish them: hex or base64 of Ed25519's 32 raw bytes, base64 DER (SubjectPublicKeyInfo),
 * PEM, or a JWK. A private key is refused with what it is.
 */
export function publicKey (type: PublicKeyType): KeyFormat {
  return (secret) => {
    const privateKey = privateKeyShape(secret)
    if (privateKey !== undefined) {
      return { privateKey: true, problem: `the secret is ${privateKey}: verification needs the sender's public key, so it is not used` }
    }
    let parsed: { key: KeyObject, form: string } | undefined
    try {
      parsed = parsePublicKey(secret.trim(), type)
    } catch {
      parsed = undefined
    }
    if (parsed === undefined || parsed.key.type !== 'public' || !ofType(parsed.key, type)) {
      return { problem: `the secret is not an ${TYPE_NAMES[type]} public key (hex, base64, PEM or JWK)` }
    }
    return { key: parsed.key, use: `read as an ${TYPE_NAMES[type]} public key (${parsed.form})` }
  }
}

/** Ed25519's 32 raw public key bytes, as Discord and Standard Webhooks (whpk_) publish them. */
export const rawEd25519 = (key: KeyObject): Buffer => Buffer.from(key.export({ format: 'jwk' }).x as string, 'base64url')

/**
 * A private key given to sign with: PEM (PKCS #8, SEC1 or PKCS #1) or a JWK with `d`, of the provider's type. The
 * problem never contains any part of the key.
 */
export function privateKey (text: string, type: PublicKeyType): { key: KeyObject } | { problem: string } {
  let key: KeyObject | undefined
  try {
    const jwk = parsedJson(text.trim())
    key = jwk === undefined ? createPrivateKey(text) : createPrivateKey({ key: jwk, format: 'jwk' })
  } catch {
    key = undefined
  }
  if (key === undefined || key.type !== 'private') return { problem: 'private_key is not a private key (PEM or a JWK with "d")' }
  if (!ofType(key, type)) return { problem: `private_key is not an ${TYPE_NAMES[type]} key, which this provider signs with` }
  return { key }
}
