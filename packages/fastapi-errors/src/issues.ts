export type Loc = Array<string | number>

/** One entry of FastAPI's `{"detail": [...]}`: pydantic v2's error, without `url`. */
export interface ValidationIssue {
  type: string
  loc: Loc
  msg: string
  input?: unknown
  ctx?: Record<string, unknown>
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

// Messages are pydantic v2's own wording, so clients written against FastAPI keep matching on `msg`.
export const messages = {
  missing: () => 'Field required',
  extraForbidden: () => 'Extra inputs are not permitted',
  stringType: () => 'Input should be a valid string',
  stringTooShort: (min: number) => `String should have at least ${plural(min, 'character')}`,
  stringTooLong: (max: number) => `String should have at most ${plural(max, 'character')}`,
  stringPattern: (pattern: string) => `String should match pattern '${pattern}'`,
  intType: () => 'Input should be a valid integer',
  intParsing: () => 'Input should be a valid integer, unable to parse string as an integer',
  intFromFloat: () => 'Input should be a valid integer, got a number with a fractional part',
  floatType: () => 'Input should be a valid number',
  floatParsing: () => 'Input should be a valid number, unable to parse string as a number',
  boolType: () => 'Input should be a valid boolean',
  boolParsing: () => 'Input should be a valid boolean, unable to interpret input',
  dictType: () => 'Input should be a valid dictionary',
  modelAttributesType: () => 'Input should be a valid dictionary or object to extract fields from',
  modelType: (className: string) => `Input should be a valid dictionary or instance of ${className}`,
  listType: () => 'Input should be a valid list',
  noneRequired: () => 'Input should be None',
  tooShort: (min: number, actual: number) => `List should have at least ${plural(min, 'item')} after validation, not ${actual}`,
  tooLong: (max: number, actual: number) => `List should have at most ${plural(max, 'item')} after validation, not ${actual}`,
  greaterThanEqual: (n: number) => `Input should be greater than or equal to ${n}`,
  greaterThan: (n: number) => `Input should be greater than ${n}`,
  lessThanEqual: (n: number) => `Input should be less than or equal to ${n}`,
  lessThan: (n: number) => `Input should be less than ${n}`,
  literal: (expected: string) => `Input should be ${expected}`,
  urlParsing: (error: string) => `Input should be a valid URL, ${error}`,
  urlScheme: (schemes: string) => `URL scheme should be ${schemes}`,
  jsonInvalid: () => 'JSON decode error'
}

/** pydantic's rendering of the allowed literals: `'a', 'b' or 'c'`. */
export function formatExpected (values: unknown[]): string {
  const shown = values.map((v) => typeof v === 'string' ? `'${v}'` : String(v))
  if (shown.length <= 1) return shown.join('')
  return `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`
}
