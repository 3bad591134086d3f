import type { FastifyRequest } from 'fastify'
import { destination, pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino'

// Every header that authenticates or signs something. Node lowercases header names, and pino paths are case-sensitive.
export const SECRET_HEADERS = [
  'authorization', 'x-api-key', 'x-admin-key', 'cookie', 'set-cookie', 'x-rapidapi-proxy-secret', 'x-rapidapi-key',
  'stripe-signature', 'x-hub-signature', 'x-hub-signature-256', 'x-slack-signature', 'x-shopify-hmac-sha256',
  'shopify-hmac-sha256', 'webhook-signature', 'svix-signature'
]

// Explicit paths only: wildcard paths cost a walk of every logged object, on every line.
export const REDACT_PATHS = [
  ...SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `headers["${h}"]`]),
  'body', 'req.body', 'secret', 'payload', 'signature'
]

export interface LoggerSettings {
  level?: string
  stream?: DestinationStream
}

function loggerOptions (service: string, replica: string, settings: LoggerSettings): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: settings.level ?? 'info',
    base: { service, replica },
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      // Should a request or reply ever be logged: method and route pattern only (the raw URL would carry the query
      // string), and never headers.
      req: (req: FastifyRequest) => ({ id: req.id, method: req.method, route: req.routeOptions?.url ?? 'unmatched' }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode })
    },
    // stdout through an asynchronous sonic-boom: a synchronous write per line would cost a syscall on every request.
    // The kit flushes it when the app closes.
    stream: settings.stream ?? destination({ dest: 1, sync: false })
  }
}

/** The service's logger: pino with the kit's redaction, on stdout unless a stream is given. */
export function createLogger (service: string, replica: string, settings: LoggerSettings): Logger {
  const { stream, ...options } = loggerOptions(service, replica, settings)
  return pino(options, stream)
}
