import { describe, expect, it } from 'vitest'
import { hostOf, hostWithoutWww } from '../../src/domain/url-host.js'

describe('a URL\'s host as the analysis compares it', () => {
  it('keeps the port, and has none for a URL that does not parse', () => {
    expect(hostOf('https://Example.com:8443/a')).toBe('example.com:8443')
    expect(hostOf('not a url')).toBeNull()
    expect(hostOf(null)).toBeNull()
  })

  it('takes a leading www. as the same site, and only a leading one', () => {
    expect(hostWithoutWww('https://www.example.com/about')).toBe('example.com')
    expect(hostWithoutWww('https://shop.www.example.com/')).toBe('shop.www.example.com')
    expect(hostWithoutWww('https://wwwexample.com/')).toBe('wwwexample.com')
    expect(hostWithoutWww('//relative')).toBeNull()
  })
})
