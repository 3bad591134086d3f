import { describe, expect, test } from 'vitest'
import { parseApiKeys, secretsEqual, sha256 } from '../src/api-keys.js'

describe('parseApiKeys', () => {
  test('keys are held as sha256 digests with optional quota overrides', () => {
    const keys = parseApiKeys(' alpha-key , beta-key:5000,,gamma:key:7 ')
    expect([...keys.keys()]).toEqual([sha256('alpha-key'), sha256('beta-key'), sha256('gamma:key')])
    expect(keys.get(sha256('beta-key'))).toEqual({ quota: 5000 })
    expect(keys.get(sha256('alpha-key'))).toEqual({ quota: null })
    expect(keys.get(sha256('gamma:key'))).toEqual({ quota: 7 })
    expect(JSON.stringify([...keys])).not.toContain('alpha-key')
  })

  test('a malformed quota names the variable', () => {
    expect(() => parseApiKeys('k1:-5')).toThrow(/API_KEYS/)
    expect(() => parseApiKeys('k1:1.5')).toThrow(/API_KEYS/)
  })

  test('secretsEqual compares whole values', () => {
    expect(secretsEqual('abc', 'abc')).toBe(true)
    expect(secretsEqual('abc', 'abcd')).toBe(false)
    expect(secretsEqual('', 'abc')).toBe(false)
  })
})
