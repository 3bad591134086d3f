// The form parameters that Twilio and Mandrill sign after the URL: parsed and sorted once per body, as one part.

/**
 * The form's parameters as signed: each name followed by its value, names in code-unit order (case-sensitive), the
 * distinct values of a repeated name sorted, all decoded as a form parser decodes them, then written one after
 * another (no separator is signed between them). One part, not one per parameter: a MAC over 600,000 parts cost a
 * hundred times one over the same bytes, once per secret and per URL spelling. One sort of the pairs: a 5 MiB form
 * of 600,000 parameters takes about 0.9 s here.
 */
export function signedFormParams (body: Buffer | string): string {
  const pairs = [...new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))]
  pairs.sort(([name, value], [otherName, otherValue]) => compare(name, otherName) || compare(value, otherValue))
  const params: string[] = []
  let previous: [string, string] | undefined
  for (const pair of pairs) {
    if (previous?.[0] !== pair[0] || previous[1] !== pair[1]) params.push(pair[0] + pair[1])
    previous = pair
  }
  return params.join('')
}

const compare = (a: string, b: string): number => a < b ? -1 : a > b ? 1 : 0

/**
 * `signedFormParams` of the last body given, kept for the next call with the same body, as the payload or as its
 * bytes (the diagnosis reads the bytes, and tries every URL spelling and secret over the same form). One per read.
 */
export function formParamsOnce (): (body: Buffer | string) => string {
  let last: { text: string, params: string } | undefined
  return (body) => {
    // the form is read from the body's UTF-8 text: bodies of the same text have the same parameters
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (last?.text !== text) last = { text, params: signedFormParams(text) }
    return last.params
  }
}

// Parsing and sorting one parameter costs about as much as hashing this many bytes (a 4.7 MB form of 600,000
// one-character parameters took ~0.9 s, its HMAC-SHA1 6 ms): a form's cost is in its parameters, not its bytes
const PARAMETER_COST_BYTES = 1500

/** What making a form's parameters costs, in bytes hashed (SignatureRead.contentCost): by its count of parameters. */
export function formParamsCost (body: Buffer): number {
  let parameters = 1
  for (let at = body.indexOf(0x26); at !== -1; at = body.indexOf(0x26, at + 1)) parameters++ // '&'
  return parameters * PARAMETER_COST_BYTES
}
