import { describe, expect, it } from 'vitest'
import { bareHost, documentBaseUrl, resolvePlainPath, resolveUrl } from '../src/resolve-url.js'

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

describe('resolvePlainPath', () => {
  const bases = ['http://a.test/x/y.html', 'https://u:p@a.test:8443/x?q#f', 'https://a.test/?', 'http://[::1]:81/a#', 'https://xn--caf-dma.test']

  it('gives what the URL parser gives for root-relative paths written as the parser would keep them', () => {
    const paths = ['/', '/a', '/a/b.png', '/a?', '/a#', '/a?b=c&d=/e#f#g', '/a:b@c;d,e', '/%41%zz', '/a//b', '/a.', '/a..b', '/~x_y-z!$&()*+=']
    for (const base of bases) {
      for (const path of paths) expect(resolvePlainPath(path, new URL(base)), `${path} on ${base}`).toBe(new URL(path, base).href)
    }
  })

  it('leaves to the URL parser what it would rewrite: dot segments, backslashes, spaces, quotes, non-ASCII, other schemes', () => {
    const rewritten = ['/a/../b', '/./a', '/a/.', '/%2e%2E/a', '/a\\b', '/a b', "/a'b", '/a"b', '/ä', '/a<b>', '//cdn.test/a', 'a/b', ' /a']
    for (const path of rewritten) expect(resolvePlainPath(path, new URL('https://a.test/')), path).toBeNull()
    expect(resolvePlainPath('/a', new URL('file:///tmp/x.html'))).toBeNull()
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
