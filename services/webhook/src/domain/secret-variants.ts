import type { Algorithm } from './algorithms.js'
import { decodeBase64, decodeHex } from './digest.js'
import { utf8Key as utf8KeyFormat, type Key } from './key-formats.js'
import { PROVIDERS } from './providers/index.js'
import { standardWebhooksKey } from './providers/standard-webhooks.js'
import { unquoted } from './quoted.js'
import type { ProviderId } from './types.js'

export interface SecretVariant {
  code: string
  finding: string
  explanation: string
  key: Key
}

const WHSEC = 'whsec_'
const utf8Key = (text: string): Buffer => Buffer.from(text, 'utf8')

/** Keys derived from the secret the ways senders and verifiers commonly get wrong. */
export function secretVariants (provider: ProviderId, secret: string, algorithm: Algorithm = PROVIDERS[provider].algorithm): SecretVariant[] {
  const variants: Array<Omit<SecretVariant, 'key'> & { key: Key | undefined }> = []
  const keyOf = (text: string): Key | undefined => {
    const result = algorithm.key(text)
    return 'key' in result ? result.key : undefined
  }
  const trimmed = secret.trim()
  if (trimmed !== secret && trimmed !== '') {
    variants.push({
      code: 'secret_trimmed',
      finding: 'the secret without its surrounding whitespace',
      explanation: 'the secret you passed has whitespace around it (a newline from an env file, echo or a file read): trim it where you load it',
      key: keyOf(trimmed)
    })
  }
  const bare = unquoted(secret)
  if (bare !== undefined) {
    variants.push({
      code: 'secret_unquoted',
      finding: 'the secret without the quotes around it',
      explanation: 'the secret you passed is wrapped in quotes that are not part of it (an env file read by docker ' +
        'run --env-file, which keeps quotes, or a value pasted with its quotes into a secret store): remove them ' +
        'where you store or load it',
      key: keyOf(bare)
    })
  }
  // The whsec_ handlings and decoded keys are other MAC keys; a public key has no such variants.
  if (algorithm.kind !== 'mac') return variants.filter((variant): variant is SecretVariant => variant.key !== undefined)
  const whsec = secret.startsWith(WHSEC)
  if (provider === 'standard-webhooks') {
    variants.push({
      code: 'secret_verbatim',
      finding: 'the whole secret string as the key, without base64 decoding',
      explanation: 'the sender uses the secret string verbatim (as Stripe does); Standard Webhooks base64-decodes ' +
        'the part after whsec_. If the sender is Stripe, verify with provider stripe',
      key: utf8Key(secret)
    })
    if (whsec) {
      variants.push({
        code: 'secret_raw',
        finding: 'the characters after whsec_ as the key, not base64-decoded',
        explanation: 'the sender skips the base64 decoding (the libraries\' format: "raw" option); both sides must decode the same way',
        key: utf8Key(secret.slice(WHSEC.length))
      })
    }
    return variants.filter((variant): variant is SecretVariant => variant.key !== undefined)
  }
  if (whsec) {
    variants.push({
      code: 'secret_without_whsec',
      finding: 'the secret without its whsec_ prefix',
      explanation: provider === 'stripe'
        ? 'Stripe uses the whole string, whsec_ included, as the key; whatever signed this dropped the prefix'
        : 'the sender signs with the part after whsec_: drop the prefix here',
      key: utf8Key(secret.slice(WHSEC.length))
    }, {
      code: 'secret_base64_key',
      finding: 'the base64-decoded part of the secret after whsec_',
      explanation: 'the sender derives its key the Standard Webhooks way: if it sends webhook-* or svix-* headers, verify with provider standard-webhooks',
      key: standardWebhooksKey(secret)
    })
  } else if (provider === 'stripe') {
    variants.push({
      code: 'secret_with_whsec',
      finding: 'the secret with the whsec_ prefix',
      explanation: 'Stripe\'s key is the whole endpoint secret, whsec_ included: pass it in full',
      key: utf8Key(WHSEC + secret)
    })
  }
  // A key given encoded (generic-hmac's key_encoding, Adyen's hex key): the signer may have keyed with its characters.
  const encodedKey = provider === 'generic-hmac' ? algorithm.key !== utf8KeyFormat : PROVIDERS[provider].info.key_format === 'hex'
  if (encodedKey) {
    variants.push({
      code: 'secret_utf8',
      finding: 'the secret\'s UTF-8 characters as the key',
      explanation: provider === 'generic-hmac'
        ? 'the sender keys the HMAC with the secret as text, not with the bytes it encodes: leave generic.key_encoding at utf8'
        : `the code that signed this keyed the HMAC with the key's characters, where ${PROVIDERS[provider].info.name} decodes the key from ` +
          `${PROVIDERS[provider].info.key_format} first`,
      key: utf8Key(secret)
    })
  } else if (provider === 'generic-hmac') {
    const hex = decodeHex(trimmed)
    const base64 = hex === undefined ? decodeBase64(trimmed) : undefined
    variants.push({
      code: 'secret_hex_decoded',
      finding: 'the hex-decoded secret as the key',
      explanation: 'the sender decodes the secret from hex and signs with those bytes; this service keys the HMAC with the secret\'s UTF-8 characters',
      key: hex
    }, {
      code: 'secret_base64_decoded',
      finding: 'the base64-decoded secret as the key',
      explanation: 'the sender decodes the secret from base64 and signs with those bytes; this service keys the HMAC with the secret\'s UTF-8 characters',
      key: base64 !== undefined && base64.length >= 16 ? base64 : undefined
    })
  }
  return variants.filter((variant): variant is SecretVariant => variant.key !== undefined)
}
