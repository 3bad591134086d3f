import { createHash } from 'node:crypto'
import { stringify as legacyQuerystring, parse as parseQuerystring } from 'node:querystring'
import { hmacAlgorithm } from '../algorithms.js'
import { decodeBase64, decodeHex, mac } from '../digest.js'
import {
  defineProvider, anyFramework, check, readHeader,
  type ContentVariant, type ProviderContext, type SignatureRead, type SignedContent
} from '../provider.js'
import type { Check } from '../types.js'
import { splitUrl, toggledDefaultPort, urlVariants } from '../url-variants.js'
import { formParamsCost, formParamsOnce } from './form-params.js'
import { headerFailure } from './framing.js'

const SIGNATURE = 'X-Twilio-Signature'
const ALGORITHM = hmacAlgorithm('sha1')
const BODY_HASH = 'bodySHA256'
const JSON_DEMO = '{"AccountSid":"ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX","EventType":"onMessageAdded","Body":"Hello"}'

/** The bodySHA256 query parameter of a URL, which makes Twilio sign the URL alone and bind the body by its hash. */
function bodyHashParam (url: string): string | undefined {
  const query = splitUrl(url)?.query
  return query === undefined ? undefined : new URLSearchParams(query).get(BODY_HASH) ?? undefined
}

/** The URL re-encoded as Node's legacy querystring module does, a form twilio-node also accepts. */
function legacyQuery (url: string): string {
  const at = url.indexOf('?')
  return at < 0 || at === url.length - 1 ? url : `${url.slice(0, at)}?${legacyQuerystring(parseQuerystring(url.slice(at + 1)))}`
}

/** The other spellings of the URL twilio-node accepts: the default port written out or left out, and normalised forms. */
function urlForms (url: string): Array<{ label: string, url: string }> {
  let normalised: string | undefined
  try {
    normalised = new URL(url).toString()
  } catch {
    normalised = undefined
  }
  const forms = [
    { label: 'the URL with its default port toggled', url: toggledDefaultPort(url) },
    ...(normalised === undefined
      ? []
      : [normalised, toggledDefaultPort(normalised)].flatMap((form) => form === undefined
          ? []
          : [{ label: 'the URL normalised', url: form }, { label: 'the URL with its query re-encoded', url: legacyQuery(form) }]))
  ]
  const seen = new Set([url])
  return forms.filter((form): form is { label: string, url: string } => form.url !== undefined && !seen.has(form.url) && seen.add(form.url) !== undefined)
}

/** The signed content for a URL; the form parameters are parsed once per body, however many URL spellings use them. */
function contentOf (url: string, jsonMode: boolean, params = formParamsOnce()): SignedContent {
  return jsonMode ? () => [url] : (body) => [url, params(body)]
}

function read (ctx: ProviderContext): SignatureRead {
  const found = readHeader(ctx, SIGNATURE.toLowerCase(), SIGNATURE)
  const result: SignatureRead = 'check' in found ? headerFailure(found, ALGORITHM) : { checks: [], candidates: [], loose: [], algorithm: ALGORITHM }
  if (!('check' in found)) {
    result.header = SIGNATURE.toLowerCase()
    const digest = decodeBase64(found.value)
    if (digest?.length === 20) {
      result.checks.push(check('signature_header', 'passed', `${SIGNATURE} found: base64 HMAC-SHA1`))
      result.candidates = [{ label: SIGNATURE, digest }]
    } else {
      result.reason = 'malformed_signature_header'
      result.loose = [found.value]
      result.checks.push(check('signature_header', 'failed', `${SIGNATURE} is not a base64 HMAC-SHA1 (28 characters ending in "=")`))
    }
  }
  if (ctx.url === undefined) {
    result.checks.push(check('signed_url', 'failed', 'Twilio signs the URL it called: pass it as url'))
    return result
  }
  const hash = bodyHashParam(ctx.url)
  const jsonMode = hash !== undefined
  result.checks.push(check('signed_url', 'passed', jsonMode
    ? `the URL carries ${BODY_HASH}: Twilio signs the URL alone, and the body's SHA-256 must equal that parameter`
    : 'Twilio signs the URL followed by the form parameters, sorted by name'))
  if (jsonMode) result.bodySha256 = { expected: decodeHex(hash) ?? Buffer.alloc(0), label: `the ${BODY_HASH} query parameter` }
  const params = formParamsOnce()
  result.signed = contentOf(ctx.url, jsonMode, params)
  if (!jsonMode) result.contentCost = formParamsCost
  result.alternatives = urlForms(ctx.url).map((form) => ({
    label: `over ${form.label}, as twilio-node accepts`, signed: contentOf(form.url, jsonMode, params)
  }))
  return result
}

/** The form parameters a JSON copy of a form post holds, when every value is a string. */
function jsonParams (payload: string): string[] | undefined {
  if (!/^\s*\{/.test(payload) || payload.length > 65536) return undefined
  try {
    const parsed: unknown = JSON.parse(payload)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
    const entries = Object.entries(parsed)
    if (!entries.every(([, value]) => typeof value === 'string')) return undefined
    return entries.map(([name]) => name).sort().map((name) => name + String((parsed as Record<string, string>)[name]))
  } catch {
    return undefined
  }
}

function contentVariants (ctx: ProviderContext, read: SignatureRead): ContentVariant[] {
  if (ctx.url === undefined || read.signed === undefined) return []
  const jsonMode = read.bodySha256 !== undefined
  // the payload's parameters as the read parsed them already: [url, params]
  const params = jsonMode ? [] : read.signed(ctx.payload).slice(1)
  const variants: ContentVariant[] = urlVariants(ctx.url, false).map((variant) => ({ ...variant, cause: 'url', content: [variant.url, ...params] }))
  if (!jsonMode && /^\s*[[{]/.test(ctx.payload)) {
    const sha = createHash('sha256').update(ctx.payload, 'utf8').digest('hex')
    const url = `${ctx.url}${ctx.url.includes('?') ? '&' : '?'}${BODY_HASH}=${sha}`
    variants.push({
      code: 'url_query_dropped',
      cause: 'url',
      finding: `the URL with the ${BODY_HASH} query parameter Twilio adds for a JSON body`,
      explanation: `Twilio signed a JSON body through ${BODY_HASH} in the URL it called, and the URL you passed lost its query string: ` +
        'pass the full URL, query included',
      content: [url]
    })
  }
  const fromJson = jsonMode ? undefined : jsonParams(ctx.payload)
  if (fromJson !== undefined) {
    variants.push({
      code: 'form_params_from_json',
      cause: 'form',
      finding: 'the form parameters your JSON copy holds',
      explanation: 'Twilio posted a form (application/x-www-form-urlencoded) and your copy is its parsed parameters re-serialised as JSON: ' +
        'pass the raw form body',
      content: [ctx.url, ...fromJson]
    })
  }
  return variants
}

function idempotencyCheck (ctx: ProviderContext): Check {
  return ctx.headers.has('i-twilio-idempotency-token')
    ? check('idempotency_key', 'passed', 'I-Twilio-Idempotency-Token is present: Twilio signs no timestamp, so deduplicate deliveries on it')
    : check('idempotency_key', 'skipped',
      'no I-Twilio-Idempotency-Token header: Twilio signs no timestamp, so deduplicate on the resource SID (MessageSid, CallSid)')
}

export const twilio = defineProvider({
  id: 'twilio',
  replayProtected: false,
  name: 'Twilio',
  scheme: 'hmac-sha1-base64',
  signatureHeaders: [SIGNATURE],
  timestampHeader: null,
  signedContent: '<url><name><value>... for the form parameters sorted by name; with a bodySHA256 query parameter (JSON bodies) the URL alone, ' +
    'and the body\'s SHA-256 must equal that parameter; header value base64(HMAC-SHA1); ' +
    'the URL is accepted with or without its default port, as twilio-node does',
  secretFormat: 'the Auth Token of the account (or subaccount) that owns the number or resource, 32 hex characters, used as UTF-8 bytes; ' +
    'not an API key secret or the Account SID',
  signsUrl: true,
  algorithm: ALGORITHM,
  detection: { headers: [SIGNATURE.toLowerCase()], telltales: ['i-twilio-idempotency-token'] },
  read,
  formBodies: true,
  extraChecks: (ctx) => [idempotencyCheck(ctx)],
  contentVariants,
  secretFindings: (secret) => /^[0-9a-f]{32}$/.test(secret) ? [] : ['Twilio Auth Tokens are 32 lowercase hex characters'],
  sign ({ body, secret, url }) {
    const target = url ?? 'https://example.com/twilio'
    const hash = bodyHashParam(target)
    return { [SIGNATURE]: mac('sha1', secret, contentOf(target, hash !== undefined)(body)).toString('base64') }
  },
  demos: [
    // Twilio's documented example: a form post to a URL with a query string.
    {
      payload: 'CallSid=CA1234567890ABCDE&Caller=%2B12349013030&Digits=1234&From=%2B12349013030&To=%2B18005551212',
      secret: '12345',
      url: 'https://mycompany.com/myapp.php?foo=1&bar=2',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      example: { summary: 'Twilio: the example of Twilio\'s docs, a form post to a URL with a query' }
    },
    // A JSON body, bound by the bodySHA256 query parameter.
    {
      payload: JSON_DEMO,
      secret: 'twilio-replay-vector-demo-auth-token',
      url: `https://example.com/webhooks/twilio?${BODY_HASH}=${createHash('sha256').update(JSON_DEMO).digest('hex')}`,
      headers: { 'Content-Type': 'application/json' }
    }
  ],
  note: anyFramework('Twilio signs the URL it called and the form parameters',
    'Pass url exactly as configured at Twilio (scheme, host, path and query), and the raw form body: behind a proxy, rebuild https from ' +
      'X-Forwarded-Proto. JSON bodies are signed through the bodySHA256 query parameter.')
})
