import type { FastifyBaseLogger } from 'fastify'
import { symbols, type Logger } from 'pino'

/** Writes one access line for a request of the route it was made for. */
export type AccessLog = (reqId: string, method: string, status: number, durationMs: number) => void

/**
 * The one line per request, in pino's own format and on pino's own destination, but serialized here: every field is
 * ours (a generated id, a method the HTTP parser accepted, a route pattern, numbers), so pino's generic path of
 * redaction and serializers, measurable on every call, has nothing to do for it. Returns a maker of per-route writers.
 */
export function accessLogger (log: FastifyBaseLogger, bindings: Record<string, string>): (route: string) => AccessLog {
  const logger = log as Logger
  const stream = (logger as unknown as Record<symbol, { write: (line: string) => void }>)[symbols.streamSym]
  const info = logger.levels.values.info
  const fixed = Object.entries(bindings).map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`).join('')
  return (route) => {
    const routeField = `,"route":${JSON.stringify(route)}`
    return (reqId, method, status, durationMs) => {
      if (logger.levelVal > info) return
      stream.write(`{"level":${info},"time":${Date.now()}${fixed},"reqId":${JSON.stringify(reqId)},"method":${JSON.stringify(method)}` +
        `${routeField},"status":${status},"durationMs":${durationMs},"msg":"request"}\n`)
    }
  }
}
