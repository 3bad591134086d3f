import { describe, expect, it } from 'vitest'
import { sameSite } from '../../src/domain/homepage.js'

describe('sameSite', () => {
  it.each([
    ['https://example.com/', 'https://www.example.com/en/', true],
    ['https://shop.example.co.uk/', 'http://example.co.uk/', true],
    ['https://example.com/', 'https://example.net/', false],
    ['https://a.github.io/', 'https://b.github.io/', false],
    ['http://203.0.113.9/', 'http://203.0.113.9:8080/x', true],
    ['http://203.0.113.9/', 'http://203.0.113.10/', false]
  ])('%s and %s: %s', (a, b, same) => {
    expect(sameSite(a, b)).toBe(same)
  })
})
