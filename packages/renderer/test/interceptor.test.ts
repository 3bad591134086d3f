import { describe, expect, it } from 'vitest'
import { shownUrl } from '../src/interceptor.js'

describe('shownUrl', () => {
  it('keeps scheme, host and path, never a query string or fragment that may carry a token', () => {
    expect(shownUrl('https://user:pw@example.com:8443/a/b?token=secret#x')).toBe('https://example.com:8443/a/b')
  })
})
