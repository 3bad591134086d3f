import { describe, expect, it } from 'vitest'
import { replayTestVectors } from '../../src/domain/replay-vectors.js'
import { PROVIDER_IDS, PROVIDERS } from '../../src/domain/providers/index.js'
import { verifyWebhook } from '../../src/domain/verify.js'

describe('replayTestVectors', () => {
  it.each(PROVIDER_IDS)('gives %s vectors that verify as valid at any clock, the same every time', (provider) => {
    const vectors = replayTestVectors(PROVIDERS[provider], { header_name: 'X-Signature' })
    expect(vectors.length).toBeGreaterThan(0)
    expect(replayTestVectors(PROVIDERS[provider], { header_name: 'X-Signature' })).toEqual(vectors)
    for (const vector of vectors) {
      expect(vector.provider).toBe(provider)
      expect(verifyWebhook(vector, 2_000_000_000).valid).toBe(true)
    }
  })

  it('includes the published vectors', () => {
    expect(replayTestVectors(PROVIDERS.github)[0].headers['X-Hub-Signature-256']).toBe('sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17')
    expect(replayTestVectors(PROVIDERS.slack)[0].headers['X-Slack-Signature']).toBe('v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503')
    expect(replayTestVectors(PROVIDERS['standard-webhooks'])[0].headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
    expect(Object.keys(replayTestVectors(PROVIDERS['standard-webhooks'])[1].headers)).toEqual(['svix-id', 'svix-timestamp', 'svix-signature'])
  })

  it('builds generic-hmac vectors in the given configuration', () => {
    const [vector] = replayTestVectors(PROVIDERS['generic-hmac'], { header_name: 'X-Custom', encoding: 'base64', prefix: 'sha256=' })
    expect(vector.generic).toEqual({ header_name: 'X-Custom', encoding: 'base64', prefix: 'sha256=' })
    expect(vector.headers['X-Custom']).toMatch(/^sha256=[A-Za-z0-9+/]{43}=$/)
  })

  it('gives each generic-hmac configuration its own vector, also past the number it keeps signed', () => {
    const configs = Array.from({ length: 300 }, (_, i) => ({ header_name: `X-Sig-${i}`, encoding: i % 2 ? 'base64' as const : 'hex' as const, prefix: i % 3 ? `v${i}=` : null }))
    for (const config of [...configs, ...configs.slice(0, 5)]) {
      const [vector] = replayTestVectors(PROVIDERS['generic-hmac'], config)
      expect(vector.generic).toEqual(config.prefix === null ? { header_name: config.header_name, encoding: config.encoding } : config)
      expect(Object.keys(vector.headers)).toContain(config.header_name)
      expect(verifyWebhook(vector, 2_000_000_000).valid).toBe(true)
    }
  })
})
