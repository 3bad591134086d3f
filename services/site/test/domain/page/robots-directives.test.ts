import { describe, expect, it } from 'vitest'
import { parseXRobotsTag } from '../../../src/domain/page/robots-directives.js'

describe('X-Robots-Tag', () => {
  it('separates directives for every robot from those naming one', () => {
    expect(parseXRobotsTag('noindex, nofollow')).toEqual({ generic: ['noindex', 'nofollow'], by_agent: {} })
    expect(parseXRobotsTag('Googlebot: noindex, otherbot: nofollow, noarchive')).toEqual({ generic: [], by_agent: { googlebot: ['noindex'], otherbot: ['nofollow', 'noarchive'] } })
  })

  it('keeps a dated unavailable_after whole, commas included', () => {
    expect(parseXRobotsTag('unavailable_after: Mon, 25 Jun 2029 15:00:00 PST, noimageindex')).toEqual({
      generic: ['unavailable_after: mon, 25 jun 2029 15:00:00 pst', 'noimageindex'], by_agent: {}
    })
    expect(parseXRobotsTag('max-snippet: 20')).toEqual({ generic: ['max-snippet: 20'], by_agent: {} })
  })

  it('is empty without a header', () => {
    expect(parseXRobotsTag(undefined)).toEqual({ generic: [], by_agent: {} })
  })
})
