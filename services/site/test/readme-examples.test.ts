import { readFileSync } from 'node:fs'
import { testConfig } from '@utility-apis/service-kit'
import { curlExamples } from '@utility-apis/service-kit/testing'
import { describe, expect, it } from 'vitest'
import { buildApp } from '../src/app.js'

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
const examples = curlExamples(README, 3004)

// The analyze example fetches example.com, which a test cannot reach; the robots.txt example carries its file inline.
describe('the README\'s robots.txt example for the site service (3004), which needs no network', () => {
  it('answers what its rules say for each user agent', async () => {
    const example = examples.find((item) => item.url === '/v1/site-intel/robots/test')
    expect(example).toBeDefined()
    const app = await buildApp({ config: testConfig({ keys: 'dev-key' }) })
    try {
      const res = await app.inject(example!)
      expect(res.statusCode).toBe(200)
      const verdicts = Object.fromEntries(res.json().results.map((result: { user_agent: string, allowed: boolean }) => [result.user_agent, result.allowed]))
      expect(verdicts).toEqual({ Googlebot: true, GPTBot: false, 'OAI-SearchBot': true })
    } finally {
      await app.close()
    }
  })
})
