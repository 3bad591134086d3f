import { describe, expect, it } from 'vitest'
import { detectChallenge } from '../../../src/domain/collect/observe-pages.js'

describe('bot challenge detection', () => {
  it('names the service behind a challenge or block page', () => {
    expect(detectChallenge('<title>Just a moment...</title><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/jsch/v1"></script>', 403, 0)).toBe('Cloudflare')
    expect(detectChallenge('<iframe src="https://geo.captcha-delivery.com/captcha/"></iframe>', 403, 0)).toBe('DataDome')
    expect(detectChallenge('<script src="/_Incapsula_Resource?x"></script>', 200, 3)).toBe('Imperva Incapsula')
  })

  it('ignores protection scripts on an ordinary page', () => {
    expect(detectChallenge('<script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script><p>…</p>', 200, 400)).toBeNull()
    expect(detectChallenge('<h1>Forbidden</h1>', 403, 1)).toBeNull()
  })
})
