import { describe, expect, it } from 'vitest'
import { parseRobotsTxt } from '../../../src/domain/robots/robots-parse.js'
import { robotsVerdicts, type RobotsPolicy } from '../../../src/domain/robots/robots-policy.js'
import { testRobots } from '../../../src/domain/robots/robots-tester.js'

describe('robotsVerdicts', () => {
  const robots = 'User-agent: *\nDisallow: /\n'
  const policy: RobotsPolicy = { outcome: 'parsed', parsed: parseRobotsTxt(robots) }

  it('allows /robots.txt itself, and only that URI (RFC 9309 2.2.2), as the robots tester answers it', () => {
    for (const [url, allowed] of [
      ['https://a.example/robots.txt', true],
      ['https://a.example/robots.txt?x=1', false],
      ['https://a.example/robots.txt;v=2', false],
      ['https://a.example/robots.txt/', false]
    ] as const) {
      expect(robotsVerdicts(policy, url)('googlebot').allowed, url).toBe(allowed)
      expect(testRobots(robots, 'parsed', url, ['googlebot']).results[0].allowed, url).toBe(allowed)
    }
  })
})
