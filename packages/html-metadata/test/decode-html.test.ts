import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { charsetParameter, decodeHtml, extractMetadata } from '../src/index.js'

const bytes = (...parts: Array<string | number[]>): Buffer =>
  Buffer.concat(parts.map((p) => typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p)))

describe('decodeHtml', () => {
  it('decodes a windows-1252 page declared in a meta tag: 0x92, 0x93, 0x94, 0x96 and 0x80 are typographic, not C1 controls', () => {
    const body = bytes('<!DOCTYPE html><html><head><meta charset="windows-1252"><title>', [0x93], 'Smart', [0x94],
      ' pricing ', [0x96], ' Joe', [0x92], 's Caf', [0xe9], ' from 5', [0x80], '</title></head><body></body></html>')
    const decoded = decodeHtml(body, 'text/html')
    expect(decoded).toMatchObject({ charset: 'windows-1252', source: 'meta' })
    expect(extractMetadata(decoded.html, 'https://joes.test/').title).toBe('“Smart” pricing – Joe’s Café from 5€')
  })

  it('treats an HTTP latin1 / iso-8859-1 label as windows-1252, as browsers do', () => {
    const body = bytes('<p>It', [0x92], 's here</p>')
    expect(decodeHtml(body, 'text/html; charset=ISO-8859-1')).toEqual({ html: '<p>It’s here</p>', charset: 'windows-1252', source: 'http' })
    expect(decodeHtml(body, 'text/html;charset="latin1"').html).toBe('<p>It’s here</p>')
  })

  it('lets the HTTP charset win over a conflicting meta declaration', () => {
    const body = Buffer.from('<meta charset="windows-1252"><title>Crème brûlée</title>', 'utf8')
    const decoded = decodeHtml(body, 'text/html; charset=utf-8')
    expect(decoded.source).toBe('http')
    expect(decoded.html).toContain('Crème brûlée')
  })

  it('lets a UTF-8 byte order mark win over the HTTP header and strips it', () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<title>Zürich</title>', 'utf8')])
    const decoded = decodeHtml(body, 'text/html; charset=windows-1252')
    expect(decoded).toEqual({ html: '<title>Zürich</title>', charset: 'utf-8', source: 'bom' })
  })

  it('decodes UTF-16 pages by their byte order mark', () => {
    const le = Buffer.from('\uFEFF<title>Ünïcödé</title>', 'utf16le')
    expect(decodeHtml(le)).toEqual({ html: '<title>Ünïcödé</title>', charset: 'utf-16le', source: 'bom' })
    const be = Buffer.from(le).swap16()
    expect(decodeHtml(be, null)).toEqual({ html: '<title>Ünïcödé</title>', charset: 'utf-16be', source: 'bom' })
  })

  it('finds a Shift_JIS declaration in an http-equiv content-type meta', () => {
    const body = Buffer.concat([
      Buffer.from('<html><head><meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS"><title>'),
      iconv.encode('東京の天気', 'shift_jis'),
      Buffer.from('</title>')
    ])
    const decoded = decodeHtml(body)
    expect(decoded).toMatchObject({ charset: 'shift_jis', source: 'meta' })
    expect(decoded.html).toContain('<title>東京の天気</title>')
  })

  it('falls through an unknown HTTP label to the meta prescan', () => {
    const body = bytes('<meta charset="windows-1252"><p>', [0x93], 'quoted', [0x94], '</p>')
    expect(decodeHtml(body, 'text/html; charset=x-bogus')).toMatchObject({ charset: 'windows-1252', source: 'meta' })
  })

  it('defaults to UTF-8 without any declaration', () => {
    expect(decodeHtml(Buffer.from('<title>naïve café</title>', 'utf8'))).toEqual({ html: '<title>naïve café</title>', charset: 'utf-8', source: 'default' })
  })

  it('ignores a meta declaration beyond the first 1024 bytes', () => {
    const body = Buffer.from(`<!doctype html><html><head><!-- ${'x'.repeat(1100)} --><meta charset="windows-1252"></head></html>`)
    expect(decodeHtml(body)).toMatchObject({ charset: 'utf-8', source: 'default' })
  })
})

describe('charsetParameter', () => {
  it('reads the charset parameter of a Content-Type value', () => {
    expect(charsetParameter('text/html; charset=UTF-8')).toBe('UTF-8')
    expect(charsetParameter('text/html; foo=bar; Charset="koi8-r"')).toBe('koi8-r')
    expect(charsetParameter('text/html')).toBeNull()
    expect(charsetParameter('text/html; charset=')).toBeNull()
  })
})
