import { FETCH_FAILURE_CODES } from '@utility-apis/homepage-fetch'
import { FetchError } from '@utility-apis/safe-fetch'
import { describe, expect, it } from 'vitest'
import { Budget, failedStep } from '../../../src/domain/collect/fetch-step.js'

const failure = (code: ConstructorParameters<typeof FetchError>[0]) =>
  failedStep(new Budget(10_000), 'homepage', 'https://a.example/', new FetchError(code, 'failed')).facts.error?.code

describe('failedStep', () => {
  it('names a failed fetch in the vocabulary brand reports too (homepage-fetch\'s)', () => {
    expect(failure('FETCH_ERR_TOO_MANY_REDIRECTS')).toBe('too_many_redirects')
    expect(failure('FETCH_ERR_REDIRECT_LOOP')).toBe('redirect_loop')
    expect(failure('FETCH_ERR_DNS')).toBe('dns')
    for (const code of ['FETCH_ERR_TLS', 'FETCH_ERR_CONNECT', 'FETCH_ERR_SCHEME', 'FETCH_ERR_BLOCKED'] as const) {
      expect(FETCH_FAILURE_CODES).toContain(failure(code))
    }
  })
})
