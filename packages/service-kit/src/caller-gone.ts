import { createHttpError } from '@utility-apis/fastapi-errors'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * 499, nginx's "client closed request": the caller left before its answer. Nobody reads the answer, so the call is not
 * charged (the quota charges only a 2xx), and the access log and metrics say why it ended.
 */
export const CallerGoneError = createHttpError('client_closed_request', 499, 'The client closed the connection before the answer')

/**
 * A signal that aborts with a CallerGoneError when the caller closes its connection before its answer is written, for
 * work that fetches other sites: they are not fetched for no one. A caller already gone while its key and quota were
 * checked (its close came before anyone listened) is gone at once. An answer written in full never aborts it.
 */
export function callerGoneSignal (request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController()
  const gone = (): void => { controller.abort(new CallerGoneError()) }
  if (request.raw.socket?.destroyed === true) gone()
  else reply.raw.once('close', () => { if (!reply.raw.writableFinished) gone() })
  return controller.signal
}
