import { describe, expect, it } from 'vitest'
import { bareHost, documentBaseUrl, resolveUrl } from '../src/resolve-url.js'

describe('resolveUrl', () => {
  it('resolves relative, root-relative, protocol-relative and absolute values, trimming whitespace', () => {
    const base = 'http://a.test/x/y.html'
    expect(resolveUrl(' z.png ', base)).toBe('http://a.test/x/z.png')
    expect(resolveUrl('/z.png', base)).toBe('http://a.test/z.png')
    expect(resolveUrl('//cdn.test/z.png', base)).toBe('http://cdn.test/z.png')
    expect(resolveUrl('HTTPS://B.TEST/Z', base)).toBe('https://b.test/Z')
  })

  it('returns null for blank, missing and unparseable values', () => {
    expect(resolveUrl('', 'https://a.test/')).toBeNull()
    expect(resolveUrl(undefined, 'https://a.test/')).toBeNull()
    expect(resolveUrl('http://[oops', 'https://a.test/')).toBeNull()
  })
})

describe('documentBaseUrl', () => {
  it('uses the base href against the page URL, else the page URL', () => {
    const page = new URL('https://a.test/p/q')
    expect(documentBaseUrl('../r/', page).href).toBe('https://a.test/r/')
    expect(documentBaseUrl(null, page)).toBe(page)
    expect(documentBaseUrl('data:text/html,x', page)).toBe(page)
  })
})

describe('bareHost', () => {
  it('drops one leading www.', () => {
    expect(bareHost('www.a.test')).toBe('a.test')
    expect(bareHost('www2.a.test')).toBe('www2.a.test')
  })
})
