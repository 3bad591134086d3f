import { Type } from '@sinclair/typebox'

export const ErrorSchema = Type.Object({ detail: Type.String() }, {
  title: 'ErrorResponse',
  description: 'Every non-validation error: `{"detail": "<message>"}`.'
})

// Property order is FastAPI's, since the schema also orders the serialized keys.
export const ValidationIssueSchema = Type.Object({
  type: Type.String(),
  loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
  msg: Type.String(),
  input: Type.Optional(Type.Unknown()),
  ctx: Type.Optional(Type.Record(Type.String(), Type.Unknown()))
}, { title: 'ValidationError' })

export const ValidationErrorSchema = Type.Object({ detail: Type.Array(ValidationIssueSchema) }, {
  title: 'HTTPValidationError',
  description: "FastAPI's validation error body: every error, pydantic v2 types and messages, `loc` starting with `body`."
})
