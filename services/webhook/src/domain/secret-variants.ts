import type { Algorithm } from './algorithms.js'
import { decodeBase64Key, decodeHex } from './digest.js'
import type { Key } from './key-formats.js'
import type { Provider, SecretVariant, SecretVariantDraft } from './provider.js'
import { standardWebhooksKey } from './providers/standard-webhooks.js'
import { unquoted } from './quoted.js'

const WHSEC = 'whsec_'
const utf8Key = (text: string): Buffer => Buffer.from(text, 'utf8')

/** A whsec_ secret with its prefix dropped, and decoded the Standard Webhooks way; nothing for another secret. */
export function whsecVariants (secret: string, withoutExplanation = 'the sender signs with the part after whsec_: drop the prefix here'): SecretVariantDraft[] {
  if (!secret.startsWith(WHSEC)) return []
  return [{
    code: 'secret_without_whsec',
    finding: 'the secret without its whsec_ prefix',
    explanation: withoutExplanation,
    key: utf8Key(secret.slice(WHSEC.length))
  }, {
    code: 'secret_base64_key',
    finding: 'the base64-decoded part of the secret after whsec_',
    explanation: 'the sender derives its key the Standard Webhooks way: if it sends webhook-* or svix-* headers, verify with provider standard-webhooks',
    key: standardWebhooksKey(secret)
  }]
}

/** A key given encoded (generic-hmac's key_encoding, Adyen's hex key): the signer may have keyed with its characters. */
export const utf8KeyVariant = (secret: string, explanation: string): SecretVariantDraft => ({
  code: 'secret_utf8',
  finding: 'the secret\'s UTF-8 characters as the key',
  explanation,
  key: utf8Key(secret)
})

/** The secret decoded from hex or base64 (16 bytes at least), for senders that key with the bytes it encodes. */
export function decodedKeyVariants (secret: string): SecretVariantDraft[] {
  const trimmed = secret.trim()
  const hex = decodeHex(trimmed)
  const decoded = hex === undefined ? decodeBase64Key(trimmed) : undefined
  const base64 = decoded?.variant === 'padded' ? decoded.bytes : undefined
  return [{
    code: 'secret_hex_decoded',
    finding: 'the hex-decoded secret as the key',
    explanation: 'the sender decodes the secret from hex and signs with those bytes; this service keys the HMAC with the secret\'s UTF-8 characters',
    key: hex
  }, {
    code: 'secret_base64_decoded',
    finding: 'the base64-decoded secret as the key',
    explanation: 'the sender decodes the secret from base64 and signs with those bytes; this service keys the HMAC with the secret\'s UTF-8 characters',
    key: base64 !== undefined && base64.length >= 16 ? base64 : undefined
  }]
}

/** What most providers' senders get wrong: a whsec_ prefix, and the characters of a hex key. */
function defaultVariants (provider: Provider, secret: string): SecretVariantDraft[] {
  const { name, key_format: format } = provider.info
  return [
    ...whsecVariants(secret),
    ...(format === 'hex'
      ? [utf8KeyVariant(secret, `the code that signed this keyed the HMAC with the key's characters, where ${name} decodes the key from ${format} first`)]
      : [])
  ]
}

/** Keys derived from the secret the ways senders and verifiers commonly get wrong. */
export function secretVariants (provider: Provider, secret: string, algorithm: Algorithm = provider.algorithm): SecretVariant[] {
  const variants: SecretVariantDraft[] = []
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
  if (algorithm.kind === 'mac') variants.push(...provider.secretVariants?.(secret, algorithm) ?? defaultVariants(provider, secret))
  return variants.filter((variant): variant is SecretVariant => variant.key !== undefined)
}
