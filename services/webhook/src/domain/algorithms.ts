import { createHash, timingSafeEqual, verify, type KeyObject } from 'node:crypto'
import { digestsEqual, fingerprint, mac, type HmacAlgorithm, type Parts } from './digest.js'
import { utf8Key, type Key, type KeyFormat } from './key-formats.js'

/** One key's verdict on one signed content, computed once and compared with every signature the header carries. */
export interface Expectation {
  matches: (signature: Buffer) => boolean
  /** The first bytes of the expected MAC, to compare by eye; MACs only. */
  fingerprint?: string
  /** The whole expected MAC in hex: equal ids mean equal signed content, so the diagnosis skips repeats. MACs only. */
  id?: string
}

export interface Algorithm {
  /** For people: HMAC-SHA256, Ed25519, ECDSA P-256, token. */
  name: string
  /** A MAC or signature over content, or a token compared with the secret (GitLab), which signs nothing. */
  kind: 'mac' | 'signature' | 'token'
  /** MACs: the hash, so the diagnosis can read a header with another digest length. */
  hash?: HmacAlgorithm
  /** Each part of the signed content is signed apart (Adyen's items), not their concatenation. */
  eachPart?: boolean
  key: KeyFormat
  expect: (key: Key, content: Parts) => Expectation
}

/** A MAC computed once; its texts only when a mismatch is reported or the diagnosis dedupes variants. */
class MacExpectation implements Expectation {
  readonly #expected: Buffer

  constructor (expected: Buffer) {
    this.#expected = expected
  }

  matches (signature: Buffer): boolean {
    return digestsEqual(signature, this.#expected)
  }

  get fingerprint (): string {
    return fingerprint(this.#expected)
  }

  get id (): string {
    return this.#expected.toString('hex')
  }
}

export function hmacAlgorithm (hash: HmacAlgorithm, key: KeyFormat = utf8Key): Algorithm {
  return {
    name: `HMAC-${hash.toUpperCase()}`,
    kind: 'mac',
    hash,
    key,
    expect: (secretKey, content) => new MacExpectation(mac(hash, secretKey as Buffer, content))
  }
}

/**
 * One HMAC per part, the MACs concatenated: a delivery whose items are signed each on its own (Adyen's notification
 * items) matches only when every item's signature does. With one part it is the plain HMAC of that part.
 */
export function hmacOfEachPart (hash: HmacAlgorithm, key: KeyFormat): Algorithm {
  return {
    ...hmacAlgorithm(hash, key),
    eachPart: true,
    expect: (secretKey, content) => new MacExpectation(Buffer.concat(content.map((part) => mac(hash, secretKey as Buffer, [part]))))
  }
}

export const HMAC_SHA1 = hmacAlgorithm('sha1')
export const HMAC_SHA256 = hmacAlgorithm('sha256')

const joined = (content: Parts): Buffer => Buffer.concat(content.map((part) => typeof part === 'string' ? Buffer.from(part, 'utf8') : part))

type Verifier = KeyObject | { key: KeyObject, dsaEncoding: 'der' | 'ieee-p1363' }

function verifies (hash: string | null, data: Buffer, key: Verifier, signature: Buffer): boolean {
  try {
    return verify(hash, data, key, signature)
  } catch {
    return false // a signature that is not even DER, or of the wrong length
  }
}

function signatureAlgorithm (name: string, hash: string | null, key: KeyFormat, dsaEncoding?: 'der' | 'ieee-p1363'): Algorithm {
  return {
    name,
    kind: 'signature',
    key,
    expect (publicKey, content) {
      const data = joined(content)
      const verifier: Verifier = dsaEncoding === undefined ? publicKey as KeyObject : { key: publicKey as KeyObject, dsaEncoding }
      return { matches: (signature) => verifies(hash, data, verifier, signature) }
    }
  }
}

export const ed25519 = (key: KeyFormat): Algorithm => signatureAlgorithm('Ed25519', null, key)

/** ECDSA P-256 with SHA-256; SendGrid sends DER signatures, JWTs (ES256) the 64-byte r || s form. */
export const ecdsaP256 = (key: KeyFormat, encoding: 'der' | 'ieee-p1363'): Algorithm =>
  signatureAlgorithm('ECDSA P-256 (SHA-256)', 'sha256', key, encoding)

const sha256 = (bytes: Buffer): Buffer => createHash('sha256').update(bytes).digest()

/** A shared token sent as is (GitLab's X-Gitlab-Token): compared through SHA-256 so that its length leaks nothing either. */
export const TOKEN: Algorithm = {
  name: 'token',
  kind: 'token',
  key: utf8Key,
  expect (secretKey) {
    const expected = sha256(secretKey as Buffer)
    return { matches: (token) => timingSafeEqual(sha256(token), expected) }
  }
}
