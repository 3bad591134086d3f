import createClient from 'openapi-fetch'
import type { paths } from './generated/sla.js'

/** A due date, the calendars and a year's holidays, through the generated types. */
export async function callSla (baseUrl: string, apiKey: string) {
  const client = createClient<paths>({ baseUrl, headers: { 'X-API-Key': apiKey } })
  const due = await client.POST('/v1/business-days/calculate', {
    body: { operation: 'sla_due_at', calendar: 'us-federal', timezone: 'America/New_York', start_at: '2026-03-06T16:00:00', minutes: 120 }
  })
  const calendars = await client.GET('/v1/business-days/calendars')
  const holidays = await client.GET('/v1/business-days/holidays', { params: { query: { calendar: 'us-federal', year: 2026 } } })
  const dueAt = due.data !== undefined && due.data.operation === 'sla_due_at' ? due.data.due_at : null
  return {
    dueAt,
    calendarIds: calendars.data?.calendars.map((calendar) => calendar.id) ?? [],
    holidayCount: holidays.data?.holidays.length ?? 0,
    response: due.response
  }
}

// Never called: tsc must reject these, or the generated types do not describe the API.
export async function wrongSlaCalls (baseUrl: string) {
  const client = createClient<paths>({ baseUrl })
  // @ts-expect-error minutes is a number
  await client.POST('/v1/business-days/calculate', { body: { operation: 'sla_due_at', calendar: 'us-federal', timezone: 'UTC', start_at: '2026-01-05T09:00:00', minutes: '60' } })
  // @ts-expect-error year is required
  await client.GET('/v1/business-days/holidays', { params: { query: { calendar: 'us-federal' } } })
}
