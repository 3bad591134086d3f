import type { KeyObject } from 'node:crypto'
import type { Algorithm } from './algorithms.js'
import type { Cause } from './body-variants.js'
import type { Parts } from './digest.js'
import type { HeaderBag } from './header-bag.js'
import type { Key } from './key-formats.js'
import { DEFAULT_TOLERANCE_SECONDS, type Check, type GenericOptions, type RawBodyHint, type TimestampUnit } from './types.js'

/** A well-formed signature from the headers (or body), decoded to the bytes it claims: a MAC, a signature or a token. */
export interface Candidate {
  label: string
  digest: Buffer
}

/** What is signed, given the body: the body as received, and each variant of it the diagnosis tries. */
export type SignedContent = (body: Buffer | string) => Parts

/** The body alone (GitHub, Shopify). */
export const bodyOnly: SignedContent = (body) => [body]

/** A prefix, then the body (`v0:<ts>:`, `<t>.`, `<id>.<ts>.`). */
export const prefixed = (prefix: string): SignedContent => (body) => [prefix, body]

/** What a provider learnt from the request, before any key is used. */
export interface SignatureRead {
  /** A header-level failure; absent when the signature can be checked. */
  reason?: 'missing_signature_header' | 'malformed_signature_header' | 'missing_timestamp' | 'invalid_timestamp'
  /** `signature_header` (and, for replay-protected providers, `timestamp`) checks. */
  checks: Check[]
  /** The canonical (lowercase) name of the header carrying the signature. */
  header?: string
  candidates: Candidate[]
  /** Signature texts that failed the provider's strict framing; the diagnosis tries other readings of them. */
  loose: string[]
  /** How the candidates are checked, and how a secret becomes its key. */
  algorithm: Algorithm
  /** What is signed; undefined when it cannot be built (a missing id, timestamp or URL). */
  signed?: SignedContent
  /**
   * Other spellings of the signed content that the provider's own SDK accepts as valid (Twilio's URL with and without
   * its default port), each named for the signature check; tried after `signed`, at one more MAC each.
   */
  alternatives?: Array<{ label: string, signed: SignedContent }>
  /**
   * What building `signed` from a body costs beyond hashing it, in bytes hashed (Twilio and Mandrill parse and sort a
   * form's parameters): the diagnosis spends its hashing budget on each body variant by it too.
   */
  contentCost?: (body: Buffer) => number
  /**
   * For schemes that bind the body by its hash inside signed content that is not the body (Twilio's bodySHA256 query
   * parameter, Plaid's request_body_sha256 claim): the body's SHA-256 must equal this as well.
   */
  bodySha256?: { expected: Buffer, label: string }
  /** The timestamp text as sent, for replay-protected providers, where it came from, and its unit (seconds by default). */
  timestamp?: string
  timestampLabel?: string
  timestampUnit?: TimestampUnit
  /** Overrides the provider's scheme (Standard Webhooks v1a: ed25519-base64). */
  scheme?: string
  /** Overrides the provider's replayProtected (generic-hmac with a timestamp_header). */
  replayProtected?: boolean
  /** Signatures the provider ignores by design (Stripe's v0 entries), for its extra checks to report on. */
  ignored?: string[]
  /**
   * For providers that sign fields of the body (Mailgun, Adyen): the body as the provider parsed it, so that its extra
   * checks and content variants read it from here rather than parsing the body again. Each provider knows its shape.
   */
  body?: unknown
}

export interface ProviderContext {
  headers: HeaderBag
  /** The raw body as given; hashed as its UTF-8 bytes. */
  payload: string
  /** One to ten secrets (public keys for the asymmetric providers), tried in order. */
  secrets: string[]
  /** The absolute URL the sender called, for providers that sign it. */
  url?: string
  /** The HTTP method of the delivery, upper-case (httpMethod): POST unless given. */
  method: string
  generic?: GenericOptions
}

/**
 * The method as a sender signs it: methods are written upper-case on the wire (HubSpot signs `POST`), so one given as
 * `post` means that; POST unless given.
 */
export const httpMethod = (method: string | undefined): string => (method ?? 'POST').toUpperCase()

export interface SignInput {
  body: string
  /** The secret, or for an asymmetric provider the private key (PEM) of its demo key pair. */
  secret: string
  timestamp: number
  id: string
  url?: string
  method?: string
  generic?: GenericOptions
}

/** A known-good delivery of the provider, signed with a demo secret, from which replay test vectors are made. */
export interface Demo {
  payload: string
  /** The demo secret; for an asymmetric provider the public key of the demo pair, in the form the provider publishes. */
  secret: string
  /** Asymmetric providers: the private key (PEM) of the demo pair, which signs and is never sent. */
  signingKey?: string
  /** Headers sent beside the signature ones (content type, event name). */
  headers?: Record<string, string>
  /** Names to send the signed headers under instead of sign's (Svix's svix-* for webhook-*). */
  headerNames?: Record<string, string>
  timestamp?: number
  id?: string
  url?: string
  method?: string
  /** This demo documents POST /v1/webhooks/verify in OpenAPI: its summary; a provider's first demo does otherwise. */
  example?: DemoExample
}

interface DemoExample {
  summary: string
  /** The example's name: the provider's id unless given. */
  name?: string
  /** Also documented as `provider: "auto"`, recognised from its headers. */
  auto?: string
  /** Also documented as a rotation (matching the second of two secrets) and as a body re-serialised compactly. */
  rotation?: boolean
  reserialised?: boolean
}

/** A signed content other than the provider's, for the diagnosis: a URL as the sender may have seen it, a field order. */
export interface ContentVariant {
  code: string
  cause: Cause | 'framing'
  /** What was signed, as a noun phrase: "the URL with http instead of https". */
  finding: string
  /** Why it differs and what to do. */
  explanation: string
  content: Parts
}

/**
 * How `provider: "auto"` recognises a delivery. A provider is a candidate when one of its signature headers is present
 * (with a value of the given shape), or its body shape is; several candidates are narrowed to those whose telltale
 * headers are present, and two or more left is ambiguous.
 */
export interface Detection {
  /** Lowercase header names; a RegExp constrains the value (X-Hub-Signature carries sha1= for Intercom, sha256= for Jira). */
  headers: Array<string | { name: string, value: RegExp }>
  /** Lowercase headers only this sender sends beside its signature (x-github-event): they settle a tie. */
  telltales?: string[]
  /** For schemes that sign inside the body (Mailgun, Adyen): whether the body has that shape. */
  body?: (payload: string) => boolean
}

/** Static facts served by GET /v1/webhooks/providers. */
export interface ProviderInfo {
  provider: string
  name: string
  signature_scheme: string
  signature_headers: string[]
  timestamp_header: string | null
  replay_protected: boolean
  default_tolerance_seconds: number | null
  signed_content: string
  secret_format: string
  /** utf8, hex, base64, or the public key forms accepted (ed25519 hex, p256 base64 DER, JWK, ...). */
  key_format: string
  /** Senders that use this scheme under their own name (Clerk, Resend and others for Standard Webhooks). */
  aliases: string[]
  /** Whether the URL the sender called is signed: `url` is then required. */
  requires_url: boolean
}

export interface SigningKey {
  type: 'ed25519' | 'p256'
  /** The public key in the form the provider shows it (Discord's hex, SendGrid's base64 DER, a whpk_ key, a JWK). */
  publish: (publicKey: KeyObject) => string
}

/** A loose reading of a signature header that matched: what the diagnosis found the sender did. */
export interface FramingReading {
  algorithm: string
  encoding: string
  prefix: string
}

export interface SecretVariant {
  code: string
  finding: string
  explanation: string
  key: Key
}

/** A variant as a hook proposes it: a key that cannot be derived (a secret that is not hex) is left out. */
export type SecretVariantDraft = Omit<SecretVariant, 'key'> & { key: Key | undefined }

/**
 * For a provider whose scheme is the caller's to configure (generic-hmac): the request must carry `generic`, the
 * replay vectors follow those options, and a loose reading of the header is advice on the options to give.
 */
interface Configurable {
  /** The demo delivery of the caller's options. */
  demo: (options: GenericOptions) => Demo
  /** Advice for a header that matched read another way (another encoding, prefix or algorithm). */
  framingAdvice: (options: GenericOptions | undefined, reading: FramingReading) => string
  /** The options of the documented example, and its summary. */
  example: { options: GenericOptions, summary: string }
}

/** What a provider does, as its spec says it and as the verifier uses it. */
interface ProviderBehaviour {
  replayProtected: boolean
  /** The algorithm of an ordinary delivery; `read` may choose another (Standard Webhooks v1a, generic options). */
  algorithm: Algorithm
  detection?: Detection
  read: (ctx: ProviderContext) => SignatureRead
  /** Other signed contents the sender may have used (URL drift, field order): tried by the diagnosis on a mismatch. */
  contentVariants?: (ctx: ProviderContext, read: SignatureRead) => ContentVariant[]
  /** Findings on a secret that did not produce the signature: a shape this provider never issues. */
  secretFindings?: (secret: string) => string[]
  /**
   * The keys a mistaken secret handling would have produced (whsec_ kept or dropped, a key decoded or not), tried by
   * the diagnosis after the trimmed and unquoted secret. Absent: the whsec_ prefix dropped, and a hex key's characters.
   */
  secretVariants?: (secret: string, algorithm: Algorithm) => SecretVariantDraft[]
  configurable?: Configurable
  /** Header values a sender of this provider would send: the replay test vectors and POST /v1/webhooks/sign. */
  sign: (input: SignInput) => Record<string, string>
  /** Public-key providers: the private key's type, and its public key as the provider publishes it (verify's secret). */
  signingKey?: SigningKey
  /** Providers that sign inside the body (Mailgun, Adyen): the body with the signature written in, or why it cannot be. */
  signBody?: (input: SignInput) => { body: string } | { problem: string }
  /** Known-good deliveries (the provider's published vectors where there are some), posted back as valid. */
  demos: Demo[]
  /** What a developer of this provider should know when the signature does not match; and when its header is missing. */
  note: RawBodyHint
  missingHeaderNote?: RawBodyHint
  /** The signature covers fields parsed from the body, not its bytes (Mailgun, Adyen): advice on keeping raw bytes does not apply. */
  signsBodyFields?: boolean
}

/**
 * One provider, as written in its module under providers/: the facts it is listed with (from which its `info` is
 * derived), how it reads and signs a delivery, and the optional hooks for what only some providers have.
 */
export interface ProviderSpec<Id extends string = string> extends ProviderBehaviour {
  id: Id
  name: string
  /** The scheme of an ordinary delivery (`hmac-sha256-hex`); a function of the options for a configurable provider. */
  scheme: string | ((generic?: GenericOptions) => string)
  /** The scheme as listed, when it says more than `scheme` (Standard Webhooks' v1 and v1a). */
  listedScheme?: string
  signatureHeaders: string[]
  /** Where the signed timestamp is sent, as the listing describes it; null when none is signed. */
  timestampHeader: string | null
  signedContent: string
  secretFormat: string
  /** `utf8` unless given: hex, base64, the public key forms accepted. */
  keyFormat?: string
  /** Senders that use this scheme under their own name. */
  aliases?: string[]
  /** The URL the sender called is signed: `url` is required, and the URL-drift hints and variants apply. */
  signsUrl?: boolean
  /** The HTTP method of the delivery is signed (HubSpot v3): `method` matters. */
  signsMethod?: boolean
  /** Provider facts reported whatever the verdict: legacy signatures, required headers, idempotency keys. */
  extraChecks?: (ctx: ProviderContext, read: SignatureRead) => Check[]
  /** The provider issues `whsec_` secrets (Stripe, Standard Webhooks): the prefix is not a sign of another provider's secret. */
  whsecSecrets?: boolean
  /** The provider posts form bodies (or JSON inside one): the hints for form parsers apply. */
  formBodies?: boolean
  /** Headers the provider sends beside its signature header that also name it (GitHub's legacy X-Hub-Signature). */
  legacyHeaders?: string[]
}

export interface Provider extends ProviderBehaviour {
  id: string
  info: ProviderInfo
  scheme: (generic?: GenericOptions) => string
  extraChecks: (ctx: ProviderContext, read: SignatureRead) => Check[]
  whsecSecrets: boolean
  formBodies: boolean
  signsMethod: boolean
  /** The headers that name this provider on a delivery: its signature headers and legacy ones; none for a configurable provider. */
  namingHeaders: string[]
}

/** A provider from its spec: the listing (`info`) is derived from the same facts the verifier uses, so they cannot drift. */
export function defineProvider<const Id extends string> (spec: ProviderSpec<Id>): Provider & { id: Id } {
  const { name, scheme, listedScheme, signatureHeaders, timestampHeader, signedContent, secretFormat, keyFormat, aliases, signsUrl, ...rest } = spec
  const schemeOf = typeof scheme === 'string' ? () => scheme : scheme
  return {
    ...rest,
    extraChecks: spec.extraChecks ?? (() => []),
    whsecSecrets: spec.whsecSecrets ?? false,
    formBodies: spec.formBodies ?? false,
    signsMethod: spec.signsMethod ?? false,
    // A provider never detected (a header name many senders use: X-Signature) is not named by that header either.
    namingHeaders: spec.configurable === undefined && spec.detection !== undefined ? [...signatureHeaders, ...spec.legacyHeaders ?? []] : [],
    scheme: schemeOf,
    info: {
      provider: spec.id,
      name,
      signature_scheme: listedScheme ?? schemeOf(),
      signature_headers: signatureHeaders,
      timestamp_header: timestampHeader,
      replay_protected: spec.replayProtected,
      default_tolerance_seconds: spec.replayProtected ? DEFAULT_TOLERANCE_SECONDS : null,
      signed_content: signedContent,
      secret_format: secretFormat,
      key_format: keyFormat ?? 'utf8',
      aliases: aliases ?? [],
      requires_url: signsUrl ?? false
    }
  }
}

export function check (name: string, status: Check['status'], detail: string): Check {
  return { name, status, detail }
}

/** Standard header lookups shared by the providers: missing and conflicting values become checks. */
export function readHeader (
  ctx: ProviderContext, name: string, displayName: string, checkName = 'signature_header'
): { value: string } | { check: Check, reason: 'missing' | 'conflict' } {
  const found = ctx.headers.lookup(name)
  if (found.state === 'present') return { value: found.value }
  if (found.state === 'missing') {
    return { reason: 'missing', check: check(checkName, 'failed', `${displayName} header is missing (names are matched case-insensitively)`) }
  }
  return {
    reason: 'conflict',
    check: check(checkName, 'failed', `${displayName} is given ${found.count} times with different values (names differ only in case); send it once`)
  }
}

/** The reason of a failed readHeader of the signature header. */
export const headerReason = (reason: 'missing' | 'conflict'): 'missing_signature_header' | 'malformed_signature_header' =>
  reason === 'missing' ? 'missing_signature_header' : 'malformed_signature_header'

// `framework: 'any'` marks a finding that does not depend on the web framework.
export const anyFramework = (summary: string, detail: string): RawBodyHint => ({ framework: 'any', summary, detail })
