import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * A per-host limit shared beyond this process (the jobs' Redis-held leases), passed by every request of one piece of
 * work: the homepage, its redirects, robots.txt, sitemaps, pages, logos, and the renderer's requests made for it.
 */
export interface RequestGate {
  /**
   * Resolves once one more request to `host` may start; the returned function frees its place. Rejects with a
   * FetchError `FETCH_ERR_RATE_LIMITED` when the host asked for time that has not passed: the request is not sent.
   */
  acquire: (host: string, signal: AbortSignal) => Promise<() => void>
  /**
   * Told the status of each answer `host` gave a request that passed the gate (each redirect hop too), and its
   * Retry-After: a host that says it is overloaded (429, 503) can be given the time it asks for.
   */
  answered?: (host: string, status: number, retryAfter: string | undefined) => void
}

const current = new AsyncLocalStorage<RequestGate>()

/**
 * Runs `work` with `gate` in force for every fetch it makes, however deep in its call tree (through any fetcher of
 * this package), so the callers need not pass it down. A single call made outside it keeps the in-process limits.
 */
export async function withRequestGate<T> (gate: RequestGate, work: () => Promise<T>): Promise<T> {
  return await current.run(gate, work)
}

export function currentRequestGate (): RequestGate | undefined {
  return current.getStore()
}
