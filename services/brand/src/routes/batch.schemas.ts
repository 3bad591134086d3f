import { Type } from '@sinclair/typebox'
import { DomainField, ProfileSchema, TimeoutField } from './profile.schemas.js'

export const MAX_BATCH = 25

export const BatchRequestSchema = Type.Object({
  domains: Type.Array(DomainField, { minItems: 1, maxItems: MAX_BATCH, description: '1 to 25 domains or URLs; duplicates are fetched once.' }),
  timeout_seconds: Type.Optional(TimeoutField)
}, { title: 'DomainProfileBatchRequest', additionalProperties: false })

export const BatchResponseSchema = Type.Object({
  results: Type.Array(Type.Object({
    input: Type.String(),
    ok: Type.Boolean(),
    profile: Type.Optional(ProfileSchema),
    error: Type.Optional(Type.Object({
      status: Type.Integer({ description: '422 invalid input, 400 address not allowed, 504 batch deadline passed, 500 internal error' }),
      detail: Type.String(),
      code: Type.String({
        description: 'The code the single call would answer: `validation_failed`, `target_not_allowed`, ' +
          '`internal_error`; `batch_deadline_exceeded` when the batch ran out of time first.'
      })
    }, { title: 'DomainProfileBatchItemError' }))
  }), { description: 'One result per input, in input order.' }),
  succeeded: Type.Integer(),
  failed: Type.Integer()
}, { title: 'DomainProfileBatchResponse' })
