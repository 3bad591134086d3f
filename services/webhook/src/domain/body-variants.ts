import { layout, tokenize, type Layout, type StringStyle } from './json-layout.js'

/**
 * Plausible originals of a payload that no longer matches its signature: each variant undoes one change that
 * frameworks, tools or editors typically make to a body between the sender and the verifying code.
 */

/** What usually causes a kind of change; raw-body hints pick their frameworks by it. */
/** `url`: the signed URL was rebuilt differently (only the providers that sign it). */
export type Cause = 'tooling' | 'reserialized' | 'form' | 'base64' | 'charset' | 'normalization' | 'consumed' | 'url'

export interface BodyVariant {
  code: string
  cause: Cause
  /** What was signed, as a noun phrase: "the payload without its trailing newline". */
  finding: string
  /** Why the copy differs and what to do. */
  explanation: string
  bytes: Buffer
}

type Maker = Omit<BodyVariant, 'bytes'> & { make: (payload: string, json: () => string[] | undefined) => string | Buffer | undefined }

const ifChanged = (payload: string, next: string): string | undefined => next === payload ? undefined : next
const asJson = (json: () => string[] | undefined, shape: Layout, strings: StringStyle): string | undefined => {
  const tokens = json()
  return tokens === undefined ? undefined : layout(tokens, shape, strings)
}

/** The string a payload such as `"{\"id\":1}"` encodes, or undefined when it is not one JSON string literal. */
function decodedJsonString (payload: string): string | undefined {
  if (!/^\s*"/.test(payload)) return undefined
  try {
    const decoded: unknown = JSON.parse(payload)
    return typeof decoded === 'string' ? decoded : undefined
  } catch {
    return undefined
  }
}

const REPARSED = 'your copy was parsed and re-serialised (JSON.stringify(req.body), json.dumps(request.json), json_encode(...)): hash the raw bytes as received'

const MAKERS: Maker[] = [
  {
    code: 'trailing_newline_removed',
    cause: 'tooling',
    finding: 'the payload without its trailing newline',
    explanation: 'your copy gained a final newline the sender did not sign (a fixture file, echo, a heredoc or an ' +
      'editor adds one): pass the body exactly as received',
    make: (payload) => /\r?\n$/.test(payload) ? payload.replace(/\r?\n$/, '') : undefined
  },
  {
    code: 'trailing_newline_added',
    cause: 'tooling',
    finding: 'the payload followed by a newline',
    explanation: 'the sender\'s body ended with a newline that your copy lost (trimmed, or read line by line)',
    make: (payload) => `${payload}\n`
  },
  {
    code: 'bom_removed',
    cause: 'tooling',
    finding: 'the payload without its UTF-8 byte order mark',
    explanation: 'a byte order mark (U+FEFF) was prepended to your copy by an editor or PowerShell; the sender sent none',
    make: (payload) => payload.startsWith('\uFEFF') ? payload.slice(1) : undefined
  },
  {
    code: 'whitespace_trimmed',
    cause: 'tooling',
    finding: 'the payload without its leading and trailing whitespace',
    explanation: 'your copy gained whitespace around the body that the sender did not sign',
    make: (payload) => ifChanged(payload, payload.trim())
  },
  {
    code: 'crlf_to_lf',
    cause: 'tooling',
    finding: 'the payload with LF line endings',
    explanation: 'your copy has CRLF line endings where the sender sent LF (a Windows editor, git core.autocrlf, or a terminal paste)',
    make: (payload) => payload.includes('\r\n') ? payload.replace(/\r\n/g, '\n') : undefined
  },
  {
    code: 'lf_to_crlf',
    cause: 'tooling',
    finding: 'the payload with CRLF line endings',
    explanation: 'the sender sent CRLF line endings and your copy has LF (converted by an editor, git or a text-mode read)',
    make: (payload) => /(?<!\r)\n/.test(payload) ? payload.replace(/\r?\n/g, '\r\n') : undefined
  },
  {
    code: 'json_pretty',
    cause: 'reserialized',
    finding: 'the payload pretty-printed as JSON with a 2-space indent',
    explanation: `the sender signed pretty-printed JSON (Stripe does) and ${REPARSED}`,
    make: (payload, json) => asJson(json, 'pretty', 'as-is')
  },
  {
    code: 'json_compact',
    cause: 'reserialized',
    finding: 'the payload as compact JSON',
    explanation: 'the sender signed compact JSON and your copy was re-formatted (pretty-printed by a logger, a ' +
      'dashboard or a tool): hash the raw bytes as received',
    make: (payload, json) => asJson(json, 'compact', 'as-is')
  },
  {
    code: 'json_python',
    cause: 'reserialized',
    finding: 'the payload serialised the way Python\'s json.dumps does (", " and ": " separators, non-ASCII escaped)',
    explanation: `the sender signed Python-style JSON and ${REPARSED}`,
    make: (payload, json) => asJson(json, 'python', 'ascii')
  },
  {
    code: 'json_escaped_html',
    cause: 'reserialized',
    finding: 'the payload with "/" escaped as "\\/" and &, <, > as \\u0026, \\u003c, \\u003e',
    explanation: `the sender escapes these characters (Shopify does) and ${REPARSED}; the escapes disappear on re-serialisation`,
    make: (payload, json) => asJson(json, 'compact', 'html')
  },
  {
    code: 'json_escaped_unicode',
    cause: 'reserialized',
    finding: 'the payload with non-ASCII characters escaped as \\uXXXX and "/" as "\\/"',
    explanation: `the sender escapes non-ASCII characters and slashes (PHP's json_encode does) and ${REPARSED}`,
    make: (payload, json) => asJson(json, 'compact', 'unicode')
  },
  {
    code: 'json_escaped_non_ascii',
    cause: 'reserialized',
    finding: 'the payload as compact JSON with non-ASCII characters escaped as \\uXXXX ("/" left as is)',
    explanation: `the sender escapes non-ASCII characters (Sentry does, as Python's json.dumps with compact separators) and ${REPARSED}`,
    make: (payload, json) => asJson(json, 'compact', 'ascii')
  },
  {
    code: 'json_string_decoded',
    cause: 'reserialized',
    finding: 'the text inside the JSON string literal the payload is',
    explanation: 'your copy is the raw body JSON-encoded once more (JSON.stringify of a body that was already a ' +
      'string, json.dumps of the raw text), so it arrived in quotes with its quotes and newlines escaped: pass the ' +
      'raw body itself',
    make: (payload) => decodedJsonString(payload)
  },
  {
    code: 'unicode_nfc',
    cause: 'normalization',
    finding: 'the payload in Unicode NFC (composed) form',
    explanation: 'the sender\'s characters are composed (é as one code point) and your copy was decomposed (NFD), ' +
      'as macOS file paths and some clipboards do; do not normalise the body',
    make: (payload) => ifChanged(payload, payload.normalize('NFC'))
  },
  {
    code: 'unicode_nfd',
    cause: 'normalization',
    finding: 'the payload in Unicode NFD (decomposed) form',
    explanation: 'the sender\'s characters are decomposed and your copy was composed (NFC) by a normalising step; do not normalise the body',
    make: (payload) => ifChanged(payload, payload.normalize('NFD'))
  },
  {
    code: 'form_space_plus',
    cause: 'form',
    finding: 'the form body with %20 written as +',
    explanation: 'the form body was decoded and re-encoded: the sender encodes spaces as +, your copy as %20; verify the raw form body',
    make: (payload) => /^[^{[]*=/.test(payload) && payload.includes('%20') ? payload.replace(/%20/g, '+') : undefined
  },
  {
    code: 'form_space_percent',
    cause: 'form',
    finding: 'the form body with + written as %20',
    explanation: 'the form body was decoded and re-encoded: the sender encodes spaces as %20, your copy as +; verify the raw form body',
    make: (payload) => /^[^{[]*=/.test(payload) && payload.includes('+') ? payload.replace(/\+/g, '%20') : undefined
  },
  {
    code: 'form_encoded_json',
    cause: 'form',
    finding: 'the JSON posted as the form field payload=<url-encoded JSON>',
    explanation: 'the sender posted the JSON as a form (GitHub does with the content type ' +
      'application/x-www-form-urlencoded) and the signature covers that form body: verify the raw form body, or ' +
      'switch the webhook to application/json',
    make: (payload) => /^\s*[[{]/.test(payload) ? new URLSearchParams({ payload }).toString() : undefined
  },
  {
    code: 'latin1_bytes',
    cause: 'charset',
    finding: 'the payload\'s characters taken as single Latin-1 bytes',
    explanation: 'your copy was decoded with the wrong charset (Latin-1 or cp1252 instead of UTF-8), or the sender ' +
      'signed Latin-1 bytes: hash the raw bytes as received',
    // eslint-disable-next-line no-control-regex
    make: (payload) => /[\u0080-\u00ff]/.test(payload) && !/[^\u0000-\u00ff]/.test(payload) ? Buffer.from(payload, 'latin1') : undefined
  },
  {
    code: 'base64_decoded',
    cause: 'base64',
    finding: 'the base64-decoded payload',
    explanation: 'the body reached your code base64-encoded (AWS API Gateway and Lambda set isBase64Encoded: true): decode it before verifying',
    make: (payload) => payload.length >= 8 && /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(payload)
      ? Buffer.from(payload, 'base64')
      : undefined
  }
]

// Re-laying out JSON five ways costs up to about 200 ms per MiB of a token-dense document: larger bodies skip it.
export const JSON_LAYOUT_LIMIT = 256 * 1024

/**
 * The applicable variants, made one at a time (a 5 MiB body is not copied fifteen times at once). JSON is parsed at
 * most once, and a body that is not JSON, or too deep to re-serialise, simply yields no JSON variants.
 */
export function * bodyVariants (payload: string): Generator<BodyVariant> {
  let tokens: string[] | undefined
  let tried = false
  const json = (): string[] | undefined => {
    if (!tried) {
      tried = true
      tokens = payload.length <= JSON_LAYOUT_LIMIT && /^\s*[[{]/.test(payload) ? tokenize(payload) : undefined
    }
    return tokens
  }
  for (const { make, ...variant } of MAKERS) {
    let made: string | Buffer | undefined
    try {
      made = make(payload, json)
    } catch {
      made = undefined // RangeError from a pathologically deep document
    }
    if (made === undefined) continue
    yield { ...variant, bytes: typeof made === 'string' ? Buffer.from(made, 'utf8') : made }
  }
}
