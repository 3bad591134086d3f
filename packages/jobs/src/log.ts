/** What the engine logs through: pino's (and Fastify's) `level(fields, message)`. */
export interface JobLog {
  error: (fields: Record<string, unknown>, message: string) => void
  warn: (fields: Record<string, unknown>, message: string) => void
}

/** Where an error happened: the job, its chunk and the item's index in the job, as far as known. */
export interface ErrorPlace {
  job?: string
  chunk?: number
  index?: number
}

/**
 * The loggable part of an error: its type and code, never its message (a fetch error's message may carry a URL with
 * credentials, a parse error's a piece of the page).
 */
export function errorFields (error: unknown): { type: string, code?: string } {
  if (typeof error !== 'object' || error === null) return { type: typeof error }
  const { name, code } = error as { name?: unknown, code?: unknown }
  const type = typeof name === 'string' ? name : 'object'
  return typeof code === 'string' ? { type, code } : { type }
}

/**
 * Logs `error` once with its place. Connection errors repeat on every reconnection attempt while Redis is away: the
 * same (source, type, code) is logged once a minute, not thousands of times.
 */
export function errorLogger (log: JobLog | null, now: () => number = Date.now): (source: string, error: unknown, place?: ErrorPlace) => void {
  const last = new Map<string, number>()
  return (source, error, place = {}) => {
    if (log === null) return
    const err = errorFields(error)
    const key = `${source} ${err.type} ${err.code ?? ''}`
    if (place.job === undefined) {
      const seen = last.get(key)
      if (seen !== undefined && now() - seen < 60_000) return
      last.set(key, now())
    }
    log.error({ source, ...place, err }, `${source} error`)
  }
}
