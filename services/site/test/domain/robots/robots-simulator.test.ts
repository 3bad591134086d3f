import { describe, expect, it } from 'vitest'
import { LISTED_CHANGES, simulateRobotsChange } from '../../../src/domain/robots/robots-simulator.js'

describe('simulateRobotsChange', () => {
  it('counts every change and lists the first 100 of each kind', async () => {
    const urls = Array.from({ length: 150 }, (_, i) => `https://a.example/p/${i}`)
    const { results } = await simulateRobotsChange({ outcome: 'unavailable', parsed: null }, 'User-agent: *\nDisallow: /p/\n', urls, ['Googlebot'])
    expect([results[0].closed.total, results[0].closed.urls.length, results[0].opened.total, results[0].unchanged]).toEqual([150, LISTED_CHANGES, 0, 0])
    expect(results[0].closed.urls[0]).toEqual({
      url: 'https://a.example/p/0', path: '/p/0', before: { allowed: true, rule: null }, after: { allowed: false, rule: { line: 2, text: 'Disallow: /p/' } }
    })
  })

  it('always allows /robots.txt itself, before and after', async () => {
    const { results } = await simulateRobotsChange({ outcome: 'unreachable', parsed: null }, 'User-agent: *\nDisallow: /\n', ['https://a.example/robots.txt'], ['*'])
    expect(results[0]).toMatchObject({ unchanged: 1, opened: { total: 0 }, closed: { total: 0 } })
  })
})
