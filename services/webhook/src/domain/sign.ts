import { createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto'
import { MAX_JSON_DEPTH, nestedDeeperThan } from '@utility-apis/fastapi-errors'
import type { Parts } from './digest.js'
import { HeaderBag } from './header-bag.js'
import { privateKey as readPrivateKey, UnusableSecret } from './key-formats.js'
import { httpMethod, type Provider, type SignInput } from './provider.js'
import type { GenericOptions } from './types.js'

export interface SignRequest {
  payload: string
  secret?: string
  private_key?: string
  /** Unix seconds; now unless given. */
  timestamp?: number
  /** The delivery id (Standard Webhooks' webhook-id, Mailgun's token, GitHub's delivery GUID); a random UUID unless given. */
  id?: string
  url?: string
  method?: string
  generate_test_key?: boolean
  generic?: GenericOptions | null
}

export interface SignedDelivery {
  provider: string
  /** The body as the provider sends it: the payload, or for Mailgun and Adyen the payload with its signature written in. */
  payload: string
  headers: Record<string, string>
  /** What the signature covers, as the verifier rebuilds it from this delivery. */
  signed_content: string
  /** With generate_test_key: the public key to configure, in the provider's form, and the private key, shown once. */
  public_key?: string
  private_key?: string
}

/** A request this provider cannot sign, with a stable snake_case code; the detail never holds a secret or a key. */
export class SignRefusal extends Error {
  constructor (readonly code: string, detail: string) {
    super(detail)
  }
}

/**
 * Refuses a JSON payload nested deeper than any JSON body of this API may be, before `what` re-serialises it:
 * JSON.stringify recurses, and 25 KB of JSON nested 5,000 levels deep would end it at the stack's limit (a 500).
 */
export function refuseTooDeep (payload: string, what: string): void {
  if (!/^\s*[[{]/.test(payload)) return
  let value: unknown
  try {
    value = JSON.parse(payload)
  } catch {
    return // not JSON: nothing re-serialises it
  }
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) {
    const most = `the payload nests more than ${MAX_JSON_DEPTH} levels of arrays and objects, the most any JSON body of this API may`
    throw new SignRefusal('payload_not_signable', `${what}: ${most}`)
  }
}

/** The key to sign with: the secret, a private key as PKCS #8 PEM, or a fresh test pair. */
interface SigningSecret {
  secret: string
  /** The public form of the key, for the verifier that rebuilds the signed content. */
  verifyWith: string
  generated?: { publicKey: string, privateKey: string }
}

// Said by the conformance route too, which takes no generate_test_key: the route that does is named
const privateKeyRequired = (provider: Provider): string =>
  `${provider.info.name} signs with a private key: give private_key (or, on /v1/webhooks/sign, generate_test_key: true)`

const pem = (key: KeyObject): string => key.export({ type: 'pkcs8', format: 'pem' }).toString()

function signingSecret (provider: Provider, request: SignRequest): SigningSecret {
  const given = [request.secret, request.private_key, request.generate_test_key === true ? true : undefined].filter((item) => item !== undefined)
  if (given.length > 1) throw new SignRefusal('conflicting_keys', 'give one of secret, private_key and generate_test_key')
  const signing = provider.signingKey
  if (request.secret !== undefined) {
    // Standard Webhooks signs v1 with a secret and v1a with a key pair; the others sign with one or the other.
    if (signing !== undefined && provider.algorithm.kind === 'signature') {
      throw new SignRefusal('private_key_required', privateKeyRequired(provider))
    }
    return { secret: request.secret, verifyWith: request.secret }
  }
  if (given.length === 0) {
    if (provider.algorithm.kind === 'signature') {
      throw new SignRefusal('private_key_required', privateKeyRequired(provider))
    }
    const keyToo = signing === undefined ? '' : ' (or private_key, for its public-key scheme)'
    throw new SignRefusal('secret_required', `${provider.info.name} signs with a shared secret: give secret${keyToo}`)
  }
  if (signing === undefined) {
    const what = request.private_key === undefined ? 'generate_test_key' : 'private_key'
    throw new SignRefusal('private_key_not_supported', `${provider.info.name} signs with a shared secret, not a key pair: give secret, not ${what}`)
  }
  if (request.private_key !== undefined) {
    const read = readPrivateKey(request.private_key, signing.type)
    if ('problem' in read) throw new SignRefusal('invalid_private_key', read.problem)
    return { secret: pem(read.key), verifyWith: signing.publish(createPublicKey(read.key)) }
  }
  const pair = signing.type === 'ed25519' ? generateKeyPairSync('ed25519') : generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  const generated = { publicKey: signing.publish(pair.publicKey), privateKey: pem(pair.privateKey) }
  return { secret: generated.privateKey, verifyWith: generated.publicKey, generated }
}

/**
 * Runs the provider's signing, a secret its key format refuses (one the sender's libraries refuse too) answered as a
 * refusal. Whitespace around a secret is named, not trimmed: verify does not trim it either, so a trimmed signature
 * would be one that verify, with the same secret, calls wrong.
 */
function withUsableSecret<T> (secret: string, run: () => T): T {
  try {
    return run()
  } catch (error) {
    if (!(error instanceof UnusableSecret)) throw error
    const spaced = secret.trim() !== secret
      ? 'the secret has whitespace before or after it (a newline pasted with it?): remove it, it is not trimmed; '
      : ''
    throw new SignRefusal('invalid_secret', `${spaced}${error.message}`)
  }
}

const text = (parts: Parts, eachPart: boolean): string =>
  parts.map((part) => typeof part === 'string' ? part : part.toString('utf8')).join(eachPart ? '\n' : '')

/**
 * Signs a payload as the provider would deliver it: its headers (and for Mailgun and Adyen its body), and the content
 * the signature covers, read back the way the verifier reads it, so that the two cannot disagree. `now` is Unix
 * seconds. Secrets and keys are used and forgotten: a generated pair is returned once and kept nowhere.
 */
export function signDelivery (provider: Provider, request: SignRequest, now: number): SignedDelivery {
  const key = signingSecret(provider, request)
  const input: SignInput = {
    body: request.payload,
    secret: key.secret,
    timestamp: request.timestamp ?? now,
    id: request.id ?? randomUUID(),
    url: request.url,
    method: httpMethod(request.method),
    generic: request.generic ?? undefined
  }
  if (provider.signBody !== undefined) refuseTooDeep(request.payload, `${provider.info.name} writes into the JSON body, which is re-serialised`)
  const signedBody = withUsableSecret(key.secret, () => provider.signBody?.(input))
  if (signedBody !== undefined && 'problem' in signedBody) throw new SignRefusal('payload_not_signable', signedBody.problem)
  const payload = signedBody?.body ?? request.payload
  const headers = withUsableSecret(key.secret, () => provider.sign({ ...input, body: payload }))
  const read = provider.read({
    headers: new HeaderBag(headers),
    payload,
    secrets: [key.verifyWith],
    url: request.url,
    method: httpMethod(request.method),
    generic: request.generic ?? undefined
  })
  const parts = read.signed?.(payload) ?? []
  return {
    provider: provider.id,
    payload,
    headers,
    signed_content: text(parts, read.algorithm.eachPart === true),
    ...(key.generated === undefined ? {} : { public_key: key.generated.publicKey, private_key: key.generated.privateKey })
  }
}
