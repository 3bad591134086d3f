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

  const calculations = examples.filter((example) => example.url === '/v1/business-days/calculate')

  it('show every operation, the batch, the calendars and the holidays', () => {
    const operations = calculations.map((example) => JSON.parse(example.payload as string).operation)
    expect([...new Set(operations)].sort()).toEqual([
      'add_business_days', 'business_days_between', 'business_minutes_between', 'is_business_time', 'next_business_time',
      'sla_due_at', 'sla_status'
    ])
    expect(examples.map((example) => example.url)).toEqual(expect.arrayContaining([
      '/v1/business-days/calculate/batch', '/v1/business-days/calendars?country=DE', '/v1/business-days/holidays?calendar=us-federal&year=2027'
    ]))
  })

  it('all answer 200', async () => {
    for (const example of examples) {
      const res = await app.inject(example)
      expect(res.statusCode, `${example.method} ${example.url} ${example.payload ?? ''}`).toBe(200)
    }
  })

  it('show what the README says of them', async () => {
    const answers = await Promise.all(calculations.map(async (example) => (await app.inject(example)).json()))
    const find = (operation: string, calendar: string) => answers.find((answer) => answer.operation === operation && answer.calendar === calendar)
    // Fri 2027-12-31 is the observed New Year's Day; Christmas is closed
    expect(find('sla_due_at', 'us-federal')).toMatchObject({ start_at: '2027-12-30T16:00:00-05:00', due_at: '2028-01-03T10:00:00-05:00' })
    expect(find('is_business_time', 'us-federal')).toMatchObject({ is_business_time: false })
    // No Thursday hours; Boxing Day closed twice over, its substitute Monday too: Tuesday's 9 hours, then Saturday
    expect(find('sla_due_at', 'GB-ENG')).toMatchObject({ due_at: '2027-01-02T11:00:00+00:00' })
    expect(find('add_business_days', 'DE-BY')).toMatchObject({ result_date: '2026-12-16' })
    // Golden Week: Apr 29 and May 4-6 are holidays
    expect(find('business_days_between', 'JP')).toMatchObject({ business_days: 6 })
    expect(find('sla_status', 'us-federal')).toMatchObject({ elapsed_minutes: 240, due_at: null, paused: true, breached: false })
    const batch = await app.inject(examples.find((example) => example.url === '/v1/business-days/calculate/batch') ?? {})
    // Good Friday closes Ontario; Easter Monday does not
    expect(batch.json().results.map((result: { result: { due_at: string } }) => result.result.due_at)).toEqual([
      '2026-04-06T10:00:00-04:00', '2026-04-02T14:00:00+02:00'
    ])
  })
})
