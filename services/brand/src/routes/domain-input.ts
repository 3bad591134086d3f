import { RequestValidationError, valueError } from '@utility-apis/fastapi-errors'
import { TargetInputError } from '@utility-apis/homepage-fetch'
import { normalizeDomainInput, type DomainTarget } from '../domain/normalize-domain.js'

/** Normalises a `domain` field, turning a bad one into the 422 pydantic would give for it (credentials not echoed). */
export function targetOrValidationError (input: string, loc: Array<string | number>): DomainTarget {
  try {
    return normalizeDomainInput(input)
  } catch (error) {
    if (!(error instanceof TargetInputError)) throw error
    throw new RequestValidationError([error.code === 'scheme'
      ? { type: 'url_scheme', loc, msg: error.message, input, ctx: { expected_schemes: "'http' or 'https'" } }
      : valueError(loc, error.echoInput ? input : undefined, error.message)])
  }
}
