// The batch response written out: each result by its operation's serializer (the calculate route's response member,
// compiled once), the rest around it. A serializer for the whole response would meet a union inside a list, which
// fast-json-stringify can only settle by validating each item against every member.
import fastJson from 'fast-json-stringify'
import {
  AddBusinessDaysResponseSchema, BusinessDaysBetweenResponseSchema, IsBusinessTimeResponseSchema, MinutesBetweenResponseSchema,
  NextBusinessTimeResponseSchema, SlaDueAtResponseSchema, SlaStatusResponseSchema, type CalculateResponse
} from './calculate.schemas.js'
import type { BatchResponse } from './batch.schemas.js'

const byOperation = new Map<string, (result: unknown) => string>([
  SlaDueAtResponseSchema, MinutesBetweenResponseSchema, IsBusinessTimeResponseSchema, NextBusinessTimeResponseSchema,
  AddBusinessDaysResponseSchema, BusinessDaysBetweenResponseSchema, SlaStatusResponseSchema
].map((schema) => [schema.properties.operation.const, fastJson(schema)]))

export function serializeBatch (response: BatchResponse): string {
  let text = '{"results":['
  response.results.forEach((item, index) => {
    if (index > 0) text += ','
    const result = item.result as CalculateResponse | undefined
    const serialize = result === undefined ? undefined : byOperation.get(result.operation)
    // A failure holds a validation error's issues, whose `input` may be anything: JSON.stringify writes it as given
    text += serialize === undefined ? JSON.stringify(item) : `{"ok":true,"result":${serialize(result)}}`
  })
  return `${text}],"succeeded":${response.succeeded},"failed":${response.failed}}`
}
