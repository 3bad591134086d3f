import { Type } from '@sinclair/typebox'

const RequestIdField = Type.String({ description: 'The request\'s id, as in the X-Request-Id header: quote it to support.' })

export const ErrorSchema = Type.Object({
  detail: Type.String({ description: 'What went wrong, for a person.' }),
  code: Type.String({ description: 'A stable snake_case name of the cause, to branch on; each response lists the codes it may carry.' }),
  request_id: RequestIdField
}, { title: 'ErrorResponse', description: 'Every error but a 422: `{"detail": "<message>", "code", "request_id"}`.' })

// Property order is FastAPI's, since the schema also orders the serialized keys.
export const ValidationIssueSchema = Type.Object({
  type: Type.String(),
  loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
  msg: Type.String(),
  input: Type.Optional(Type.Unknown()),
  ctx: Type.Optional(Type.Record(Type.String(), Type.Unknown()))
}, { title: 'ValidationError' })

export const ValidationErrorSchema = Type.Object({
  detail: Type.Array(ValidationIssueSchema),
  code: Type.Literal('validation_failed', { description: 'Always `validation_failed`: the causes are in `detail`.' }),
  request_id: RequestIdField
}, {
  title: 'HTTPValidationError',
  description: "FastAPI's validation error body: the errors in field order, pydantic v2 types and messages, `loc` starting " +
    'with where the value was sent (`body`, `query`, `path` or `header`), plus `code` and `request_id`. At most 1,000 ' +
    'errors, then one `too_many_errors` whose `ctx.not_listed` counts the rest; `input` echoes at most 200 characters ' +
    '(a longer input is cut and ends `...[truncated: ...]`).'
})
