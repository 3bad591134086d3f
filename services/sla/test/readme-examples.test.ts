import { readFileSync } from 'node:fs'
import { curlExamples } from '@utility-apis/service-kit/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { testApp } from './helpers/app.js'

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
const examples = curlExamples(README, 3002)

describe('the README\'s curl examples for the SLA service (3002)', () => {
  let app: FastifyInstance
  beforeAll(async () => { app = await testApp({ keys: 'dev-key' }) })
  afterAll(async () => { await app.close() })

  it('show every operation, the calendars and the holidays', () => {
    const operations = examples.filter((example) => example.payload !== undefined).map((example) => JSON.parse(example.payload as string).operation)
    expect(operations.sort()).toEqual(['business_minutes_between', 'is_business_time', 'next_business_time', 'sla_due_at'])
    expect(examples.map((example) => example.url)).toEqual(expect.arrayContaining(['/v1/business-days/calendars', '/v1/business-days/holidays?calendar=us-federal&year=2027']))
  })

  it('all answer 200', async () => {
    for (const example of examples) {
      const res = await app.inject(example)
      expect(res.statusCode, `${example.method} ${example.url} ${example.payload ?? ''}`).toBe(200)
    }
  })

  it('show what the README says of them: Fri 2027-12-31 is the observed New Year\'s Day, Christmas is closed', async () => {
    const answers = await Promise.all(examples.filter((example) => example.payload !== undefined).map(async (example) => (await app.inject(example)).json()))
    expect(answers.find((answer) => answer.operation === 'sla_due_at')).toMatchObject({ start_at: '2027-12-30T16:00:00-05:00', due_at: '2028-01-03T10:00:00-05:00' })
    expect(answers.find((answer) => answer.operation === 'is_business_time')).toMatchObject({ is_business_time: false })
  })
})
