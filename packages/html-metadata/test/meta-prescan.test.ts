import { describe, expect, it } from 'vitest'
import { charsetFromContentValue, prescanMetaCharset } from '../src/meta-prescan.js'

const scan = (html: string): string | null => prescanMetaCharset(Buffer.from(html, 'latin1'))

describe('prescanMetaCharset', () => {
  it('reads <meta charset> in any case, quoted or not, and maps the label to its encoding', () => {
    expect(scan('<META CHARSET="ISO-8859-2">')).toBe('iso-8859-2')
    expect(scan("<meta charset='latin1'>")).toBe('windows-1252')
    expect(scan('<meta charset=koi8-r>')).toBe('koi8-r')
    expect(scan('<meta/charset="gb2312">')).toBe('gbk')
  })

  it('needs http-equiv=content-type for a content attribute, in either attribute order', () => {
    expect(scan('<meta content="text/html; charset=euc-kr" http-equiv="Content-Type">')).toBe('euc-kr')
    expect(scan('<meta http-equiv="content-type" content="text/html;charset=big5">')).toBe('big5')
    expect(scan('<meta name="x" content="text/html; charset=euc-kr">')).toBeNull()
  })

  it('skips comments and the attributes of other tags', () => {
    expect(scan('<!-- <meta charset="windows-1252"> --><meta charset="iso-8859-15">')).toBe('iso-8859-15')
    expect(scan('<div data-x="<meta charset=windows-1250>"><meta charset="windows-1251">')).toBe('windows-1251')
  })

  it('turns a UTF-16 declaration into UTF-8 and x-user-defined into windows-1252, as the spec says', () => {
    expect(scan('<meta charset="utf-16le">')).toBe('utf-8')
    expect(scan('<meta charset="x-user-defined">')).toBe('windows-1252')
  })

  it('returns null for unknown labels and for pages without a declaration', () => {
    expect(scan('<meta charset="klingon">')).toBeNull()
    expect(scan('<html><head><title>Plain</title></head></html>')).toBeNull()
  })
})

describe('charsetFromContentValue', () => {
  it('extracts the charset of a content-type value', () => {
    expect(charsetFromContentValue('text/html; charset=UTF-8')).toBe('UTF-8')
    expect(charsetFromContentValue('text/html; charset = "windows-1252" ')).toBe('windows-1252')
    expect(charsetFromContentValue('text/html; charsetx; charset=koi8-r')).toBe('koi8-r')
    expect(charsetFromContentValue('text/html; charset="unterminated')).toBeNull()
    expect(charsetFromContentValue('text/html')).toBeNull()
  })
})
