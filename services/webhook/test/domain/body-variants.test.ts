import { describe, expect, it } from 'vitest'
import { bodyVariants, JSON_LAYOUT_LIMIT } from '../../src/domain/body-variants.js'

const variants = (payload: string) => Object.fromEntries([...bodyVariants(payload)].map((variant) => [variant.code, variant.bytes.toString('latin1')]))
const codes = (payload: string) => [...bodyVariants(payload)].map((variant) => variant.code)

describe('bodyVariants', () => {
  it('undoes newline, BOM and whitespace changes', () => {
    const made = variants('\uFEFF{"a":1}\r\n')
    expect(Buffer.from(made.trailing_newline_removed, 'latin1').toString('utf8')).toBe('\uFEFF{"a":1}')
    expect(Buffer.from(made.bom_removed, 'latin1').toString('utf8')).toBe('{"a":1}\r\n')
    expect(made.crlf_to_lf).toBeDefined()
    expect(made.lf_to_crlf).toBeUndefined()
  })

  it('offers JSON layouts only for JSON documents', () => {
    expect(codes('{"a":1}')).toEqual(expect.arrayContaining(['json_pretty', 'json_compact', 'json_python', 'json_escaped_html', 'json_escaped_unicode']))
    expect(codes('token=a&b=c')).not.toContain('json_pretty')
    expect(codes('{"a":')).not.toContain('json_pretty')
    expect(codes(`{"a":"${'x'.repeat(JSON_LAYOUT_LIMIT)}"}`)).not.toContain('json_pretty')
  })

  it('offers form re-encodings only for form bodies', () => {
    expect(variants('a=b%20c').form_space_plus).toBe('a=b+c')
    expect(variants('a=b+c').form_space_percent).toBe('a=b%20c')
    expect(codes('{"a":"b c%20"}')).not.toContain('form_space_plus')
  })

  it('offers Latin-1 bytes for text with Latin-1 characters only', () => {
    expect(codes('cafÃ©')).toContain('latin1_bytes')
    expect(codes('café 🚀')).not.toContain('latin1_bytes')
    expect(codes('plain ascii')).not.toContain('latin1_bytes')
  })

  it('offers the decoded body when the payload is base64', () => {
    expect(variants(Buffer.from('{"a":1}').toString('base64')).base64_decoded).toBe('{"a":1}')
    expect(codes('{"a":1}')).not.toContain('base64_decoded')
  })

  it('offers the text inside a payload that is one JSON string literal', () => {
    const raw = '{"id":"evt_1",\n  "note":"a \\"quoted\\" word"}'
    expect(variants(JSON.stringify(raw)).json_string_decoded).toBe(raw)
    expect(variants(` ${JSON.stringify('plain text')}\n`).json_string_decoded).toBe('plain text')
    expect(codes('{"a":"b"}')).not.toContain('json_string_decoded')
    expect(codes('"unterminated')).not.toContain('json_string_decoded')
    expect(codes('"a" "b"')).not.toContain('json_string_decoded')
  })

  it('offers NFC and NFD forms only when they differ', () => {
    expect(codes('Zoe')).not.toContain('unicode_nfc')
    expect(variants('Zoe\u0308').unicode_nfc).toBe(Buffer.from('Zoë').toString('latin1'))
  })

  it('says what was signed and why for every variant', () => {
    for (const variant of bodyVariants('\uFEFF{"a":"b c"}\r\n')) {
      expect(variant.finding).toMatch(/^the /)
      expect(variant.explanation.length).toBeGreaterThan(20)
    }
  })
})
