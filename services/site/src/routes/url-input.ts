// The `url` of a request, checked the same way by every route that takes one: a 422 in FastAPI's shape
// for a URL that is not http(s) or carries credentials (those are not echoed back in `input`).
import { RequestValidationError, valueError } from '@utility-apis/fastapi-errors'
import { TargetInputError } from '@utility-apis/homepage-fetch'
import { checkHttpUrl, parseTarget, URL_MESSAGES, type Target } from '../domain/collect/target.js'

type Loc = Array<string | number>
const URL_LOC: Loc = ['body', 'url']

function invalidUrl (input: string, error: TargetInputError, loc: Loc): RequestValidationError {
  return new RequestValidationError([valueError(loc, error.echoInput ? input : undefined, error.message)])
}

function rethrown (input: string, error: unknown, loc = URL_LOC): unknown {
  return error instanceof TargetInputError ? invalidUrl(input, error, loc) : error
}

/** A bare domain or an http(s) URL to analyse; `loc` names the field of a 422 (a job's `["body", "urls", i]`). */
export function targetOf (input: string, loc = URL_LOC): Target {
  try {
    return parseTarget(input)
  } catch (error) {
    throw rethrown(input, error, loc)
  }
}

/** A full http(s) URL (the schema has checked that it parses). */
export function httpUrlOf (input: string): URL {
  try {
    const url = new URL(input)
    checkHttpUrl(url)
    return url
  } catch (error) {
    throw rethrown(input, error instanceof TypeError
      ? new TargetInputError('bad_url', { ...URL_MESSAGES, bad_url: 'url must be an http(s) URL' })
      : error)
  }
}
