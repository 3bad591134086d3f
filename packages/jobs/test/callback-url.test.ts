import { createSafeFetcher } from '@utility-apis/safe-fetch'
import { afterAll, describe, expect, it } from 'vitest'
import { checkCallbackUrl } from '../src/routes/callback-url.js'

const fetcher = createSafeFetcher({ resolver: async (host) => host === 'metadata.test' ? ['169.254.169.254'] : ['93.184.215.14'] })
afterAll(async () => { await fetcher.close() })

describe('checkCallbackUrl', () => {
  it('accepts a public http(s) URL', async () => {
    expect(await checkCallbackUrl('https://hooks.example.com/jobs', fetcher)).toBeNull()
  })

  it('refuses loopback, metadata and private targets by the SSRF policy', async () => {
    expect(await checkCallbackUrl('http://127.0.0.2:8080/hook', fetcher)).toMatch(/not allowed/)
    expect(await checkCallbackUrl('http://[::1]/hook', fetcher)).toMatch(/not allowed/)
    expect(await checkCallbackUrl('http://metadata.test/latest', fetcher)).toMatch(/not allowed/)
  })

  it('refuses a public host on a port other than its scheme\'s, as every delivery would be', async () => {
    expect(await checkCallbackUrl('http://hooks.example.com:6379/', fetcher)).toMatch(/port/)
    expect(await checkCallbackUrl('https://hooks.example.com:8443/jobs', fetcher)).toMatch(/port/)
    expect(await checkCallbackUrl('https://hooks.example.com:443/jobs', fetcher)).toBeNull()
    expect(await checkCallbackUrl('http://metadata.test:8080/latest', fetcher)).toMatch(/address that is not allowed/)
  })

  it('refuses what is not an http(s) URL, or carries credentials', async () => {
    expect(await checkCallbackUrl('ftp://hooks.example.com/', fetcher)).toMatch(/http\(s\)/)
    expect(await checkCallbackUrl('hooks.example.com/jobs', fetcher)).toMatch(/absolute/)
    expect(await checkCallbackUrl('https://user:pw@hooks.example.com/', fetcher)).toMatch(/credentials/)
  })
})
