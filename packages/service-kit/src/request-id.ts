import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

// A caller's id is kept when it is short printable ASCII, so it can be logged and echoed without escaping.
const CALLER_ID = /^[\x21-\x7e]{1,128}$/

/** The caller's X-Request-Id when it is usable, else a random UUID: ids never repeat across replicas. */
export function requestIdOf (request: IncomingMessage): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && CALLER_ID.test(given) ? given : randomUUID()
}
