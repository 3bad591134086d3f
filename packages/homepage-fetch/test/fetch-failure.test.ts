import { FetchError } from '@utility-apis/safe-fetch'
import { expect, it } from 'vitest'
import { FETCH_FAILURE_CODES, fetchFailureCode } from '../src/fetch-failure.js'

it('names every safe-fetch failure with one snake_case word that brand and site both report', () => {
  expect(fetchFailureCode(new FetchError('FETCH_ERR_TOO_MANY_REDIRECTS', 'x'))).toBe('too_many_redirects')
  expect(fetchFailureCode(new FetchError('FETCH_ERR_REDIRECT_LOOP', 'x'))).toBe('redirect_loop')
  expect(new Set(FETCH_FAILURE_CODES).size).toBe(FETCH_FAILURE_CODES.length)
  for (const code of FETCH_FAILURE_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/)
})
