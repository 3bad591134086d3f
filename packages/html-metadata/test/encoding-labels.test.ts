import { describe, expect, it } from 'vitest'
import { encodingForLabel } from '../src/index.js'

describe('encodingForLabel', () => {
  it('maps WHATWG labels, trimmed and case-insensitive, to encoding names', () => {
    expect(encodingForLabel(' UTF8 ')).toBe('utf-8')
    expect(encodingForLabel('US-ASCII')).toBe('windows-1252')
    expect(encodingForLabel('sjis')).toBe('shift_jis')
    expect(encodingForLabel('ks_c_5601-1987')).toBe('euc-kr')
    expect(encodingForLabel('GB2312')).toBe('gbk')
    expect(encodingForLabel('iso-8859-9')).toBe('windows-1254')
  })

  it('returns null for unknown labels', () => {
    expect(encodingForLabel('utf-7')).toBeNull()
    expect(encodingForLabel('')).toBeNull()
  })
})
