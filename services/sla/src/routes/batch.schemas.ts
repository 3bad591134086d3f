import { Type, type Static } from '@sinclair/typebox'
import { ValidationIssueSchema } from '@utility-apis/fastapi-errors'

export const MAX_BATCH = 1000

export const BatchRequestSchema = Type.Object({
  calculations: Type.Array(Type.Unknown({
    description: 'A body as for POST /v1/business-days/calculate (any operation); each is validated on its own.'
  }), {
    minItems: 1,
    maxItems: MAX_BATCH,
    description: `1 to ${MAX_BATCH} calculations, answered in input order. Each counts once against the quota.`
  })
}, { title: 'BusinessDaysBatchRequest', additionalProperties: false })

export type BatchRequestBody = Static<typeof BatchRequestSchema>

export const BatchResponseSchema = Type.Object({
  results: Type.Array(Type.Object({
    ok: Type.Boolean(),
    result: Type.Optional(Type.Object({}, {
      additionalProperties: true,
      description: 'When ok: the answer POST /v1/business-days/calculate gives for this body.'
    })),
    error: Type.Optional(Type.Object({
      status: Type.Integer({ description: '422: the calculation is invalid.' }),
      detail: Type.Array(ValidationIssueSchema, { description: 'Its validation errors, `loc` starting `["body", "calculations", i]`.' }),
      code: Type.Literal('validation_failed', { description: 'The code the single call would answer: always `validation_failed`.' })
    }, { title: 'BusinessDaysBatchItemError' }))
  }, { title: 'BatchResult' }), { description: 'One result per calculation, in input order.' }),
  succeeded: Type.Integer(),
  failed: Type.Integer()
}, { title: 'BusinessDaysBatchResponse' })

export type BatchResponse = Static<typeof BatchResponseSchema>
