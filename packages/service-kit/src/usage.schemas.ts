import { Type, type Static } from '@sinclair/typebox'

export const UsageSchema = Type.Object({
  limit: Type.Integer({ minimum: 0, description: "The key's monthly quota, in units." }),
  used: Type.Integer({ minimum: 0, description: 'Units charged this month (2xx answers only).' }),
  remaining: Type.Integer({ minimum: 0, description: 'Units left this month.' }),
  period: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$', description: 'The quota window: the calendar month in UTC, `YYYY-MM`.' }),
  resets_at: Type.String({ format: 'date-time', description: 'When the next window opens (the first of next month, 00:00 UTC).' })
}, { title: 'Usage', additionalProperties: false })

export type Usage = Static<typeof UsageSchema>
