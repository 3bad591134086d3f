import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { FetchError, type RequestGate } from '@utility-apis/safe-fetch'
import type { JobKeys } from './keys.js'
import type { RedisConnection } from './job-store.js'
import { ACQUIRE_HOST } from './scripts.js'

/** How long a host lease lasts unless renewed: a killed worker's leases free their hosts after this. */
export const DEFAULT_LEASE_MS = 15_000
/** A 429 without Retry-After: the host is given this long before its next item. */
const DEFAULT_PAUSE_MS = 30_000
/** The most a host's Retry-After holds its items back at once; past it the host is asked again (and may say more). */
const MAX_PAUSE_MS = 10 * 60_000
const MIN_PAUSE_MS = 1000

/** Retry-After as milliseconds from `now` (delay-seconds or an HTTP date), or null when it says neither. */
function retryAfterMs (value: string | undefined, now: number): number | null {
  if (value === undefined) return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const date = Date.parse(text)
  return Number.isNaN(date) ? null : date - now
}

/**
 * How long a host that answered `status` asks to be left alone: a 429 the time its Retry-After says (30 s when it says
 * none), a 503 only the time it says (a 503 alone is as often a broken page as an overloaded host); 0 for any other.
 */
export function hostPauseMs (status: number, retryAfter: string | undefined, now: number): number {
  if (status !== 429 && status !== 503) return 0
  const asked = retryAfterMs(retryAfter, now)
  if (asked === null) return status === 429 ? DEFAULT_PAUSE_MS : 0
  return Math.min(Math.max(asked, MIN_PAUSE_MS), MAX_PAUSE_MS)
}

export interface PolitenessOptions {
  /** Items, and requests, of one host at the same time across every worker process (JOBS_HOST_CONCURRENCY). */
  perHost: number
  /**
   * How long an item or request lease lasts unless renewed (default 15 s). A held lease is renewed while its item or
   * request runs, so this bounds only how long a killed process blocks its hosts, never how long an item may take.
   */
  leaseMs?: number
  /** How often a held lease is renewed (default a third of `leaseMs`: two renewals may fail before it lapses). */
  renewMs?: number
  /** How often a request of a started item asks again for its host. */
  pollMs?: number
  /** Told when a renewal found its lease gone (it had lapsed and was purged by another taker); see RENEW_LEASE. */
  onLeaseLost?: (lost: LostLease) => void
  /** Told when a host's answer pauses its items (`hostPauseMs`). */
  onHostPaused?: (status: number) => void
}

export interface LostLease {
  kind: 'item' | 'request'
  host: string
  /** The host had its `perHost` leases without this one: for a while it had one item or request more. */
  overLimit: boolean
}

export type Release = () => Promise<void>

/** Refused hosts of other sites one item notes: an item's document passes a few; bounded whatever its page loads. */
const MAX_REFUSED_HOSTS = 8

/** What a lease of a host that asked for time is instead (ACQUIRE_HOST's -1). */
const PAUSED = Symbol('paused')
const PAUSED_MESSAGE = 'The host asked for time (a 429, or a 503 with Retry-After) that has not passed: the request was not sent'

/**
 * KEYS: a host's lease set. ARGV: token, lease ms, the host's limit. Pushes the lease's expiry to now + lease ms:
 * 0 when it was still there. A lease that is gone had lapsed (its process stalled, or Redis was away, longer than the
 * lease) and was purged by a taker, who may have taken its place. Its item or request is still running, so it is put
 * back all the same: the set then counts what really runs, and no one takes the host again until it is under its
 * limit (the count may be over it for the rest of this item or request). 1 when that left it within the limit, 2 when
 * over it, so the caller reports it: the host is never over its limit silently.
 */
const RENEW_LEASE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local lost = 0
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
  if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then lost = 1 else lost = 2 end
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return lost
`

/** One item's gate, and what its requests met: whether its own site asked for time, and the pauses that refused it. */
export interface ItemWatch {
  gate: RequestGate
  askedToWait: () => boolean
  holdForRefusals: () => Promise<boolean>
}

/**
 * Per-host politeness in Redis, shared by every worker process, at two levels. An item starts only when it takes one
 * of its host's `perHost` item leases without waiting (else its chunk waits, holding no worker slot: worker.ts); each
 * request the item makes then takes one of the host's `perHost` request leases (`gate`), so the host never sees more
 * than `perHost` requests at once however many pages, sitemaps and user-agents an item fetches. Only started items
 * wait for request leases, at most `perHost` of them per host, and briefly.
 *
 * A lease is short (`leaseMs`, 15 s) and renewed every `renewMs` while its item or request runs, as BullMQ renews a
 * chunk's lock: a killed process's leases lapse within `leaseMs` (they blocked their hosts for 120 s), while a long
 * item keeps its place. Renewals stop when the lease is released, and all of them at `close`.
 */
export class HostPoliteness {
  private readonly leaseMs: number
  private readonly renewals = new Set<() => void>()

  constructor (
    private readonly redis: RedisConnection,
    private readonly keys: JobKeys,
    private readonly options: PolitenessOptions
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS
  }

  /**
   * An item lease on `host`, renewed until released, or null when the host has its `perHost` items already or asked
   * for time (a pause is set).
   */
  async tryItem (host: string): Promise<Release | null> {
    const release = await this.take(this.keys.host(host), { kind: 'item', host }, this.keys.hostPause(host))
    return release === PAUSED ? null : release
  }

  /** Whether `host` asked for time: an item lease already held is not used for its next item until the pause ends. */
  async paused (host: string): Promise<boolean> {
    return await this.redis.exists(this.keys.hostPause(host)) === 1
  }

  /**
   * How long `host`'s pause has left, in ms (0 when it has none): a chunk waiting only for paused hosts sleeps that long
   * instead of asking again every few hundred ms.
   */
  async pauseLeft (host: string): Promise<number> {
    return Math.max(0, await this.redis.pttl(this.keys.hostPause(host)))
  }

  /**
   * The gate every request of a started item passes (safe-fetch's `withRequestGate`). An answer that asks for time
   * pauses the host across every worker: no other item of it starts, its chunks wait without holding a worker slot,
   * and no request goes to it meanwhile, whichever item makes it (an item of another site whose logo is on that host
   * too): such a request fails at once with `FETCH_ERR_RATE_LIMITED`, nothing sent.
   */
  readonly gate: RequestGate = {
    answered: (host, status, retryAfter) => { this.answered(host, status, retryAfter) },
    acquire: async (host, signal) => {
      const poll = this.options.pollMs ?? 20
      for (;;) {
        signal.throwIfAborted()
        const release = await this.take(this.keys.hostRequests(host), { kind: 'request', host }, this.keys.hostPause(host))
        if (release === PAUSED) throw new FetchError('FETCH_ERR_RATE_LIMITED', PAUSED_MESSAGE)
        // a lease left behind by a failed release frees itself at its expiry (its renewals stop at once)
        if (release !== null) return () => { release().catch(() => {}) }
        // jitter, so the requests waiting for one host do not ask in lock step
        await sleep(poll + Math.floor(Math.random() * poll), undefined, { signal })
      }
    }
  }

  /** Starts no item of `host`, and sends it no request, for `pauseMs`, on any worker. */
  pause (host: string, pauseMs: number): void {
    // the newest answer sets the time, shorter or longer: it is the host's latest word
    // (Redis away: its errors are logged by the connection; the host is then only held to its leases)
    this.redis.set(this.keys.hostPause(host), '1', 'PX', pauseMs).catch(() => {})
  }

  /**
   * The gate of one item of `host`: the shared one, which also notes whether the item's own site (its host, or its
   * `www.` twin a redirect led to) asked for time while the item ran, by answering it or by a pause another item's
   * answer set. Such an item's answer is the site's refusal, not its page: the worker works it again once the pause is
   * over. The item's host is paused too, since items are held back by their input's host.
   */
  itemGate (host: string | null): ItemWatch {
    let asked = false
    // hosts other than its own whose pause refused a request of this item: its `www.` twin, or another site its
    // homepage redirects to; its own host then waits as long (holdForRefusals), or it would be tried again at once
    const refused = new Set<string>()
    const site = host?.replace(/^www\./, '')
    const isOwnSite = (requested: string): boolean => host !== null && requested.replace(/^www\./, '') === site
    return {
      gate: {
        acquire: async (requested, signal) => {
          try {
            return await this.gate.acquire(requested, signal)
          } catch (error) {
            if (error instanceof FetchError && error.code === 'FETCH_ERR_RATE_LIMITED') {
              asked ||= isOwnSite(requested)
              if (requested !== host && refused.size < MAX_REFUSED_HOSTS) refused.add(requested)
            }
            throw error
          }
        },
        answered: (answering, status, retryAfter) => {
          const pauseMs = this.answered(answering, status, retryAfter)
          if (host === null || pauseMs === 0 || !isOwnSite(answering)) return
          asked = true
          if (answering !== host) this.pause(host, pauseMs)
        }
      },
      askedToWait: () => asked,
      holdForRefusals: async () => await this.holdFor(host, refused)
    }
  }

  /**
   * Pauses `host` for as long as the longest pause left of `others` (the hosts that refused an item of it), so that
   * its item is worked again once they take requests; false when none is paused any more (or there is no host).
   */
  private async holdFor (host: string | null, others: Set<string>): Promise<boolean> {
    if (host === null || others.size === 0) return false
    // Redis away (its errors are logged by the connection): no pause is known, and the item is delivered as it is
    const left = await Promise.all([...others].map(async (other) => await this.redis.pttl(this.keys.hostPause(other)).catch(() => 0)))
    const pauseMs = Math.max(...left)
    if (pauseMs <= 0) return false
    this.pause(host, pauseMs)
    return true
  }

  /** Pauses a host whose answer asked for time (`hostPauseMs`); the pause's length, 0 when it asked for none. */
  private answered (host: string, status: number, retryAfter: string | undefined): number {
    const pauseMs = hostPauseMs(status, retryAfter, Date.now())
    if (pauseMs === 0) return 0
    this.options.onHostPaused?.(status)
    this.pause(host, pauseMs)
    return pauseMs
  }

  /** Stops every renewal (the worker closes): a lease still held lapses within `leaseMs`. */
  close (): void {
    for (const stop of [...this.renewals]) stop()
  }

  /** A lease of `key`, renewed until released; null when the host has its limit, PAUSED while it asked for time. */
  private async take (key: string, lease: Omit<LostLease, 'overLimit'>, pauseKey: string): Promise<Release | typeof PAUSED | null> {
    const token = randomUUID()
    const taken = await this.redis.eval(ACQUIRE_HOST, 2, key, pauseKey, token, this.leaseMs, this.options.perHost)
    if (taken === -1) return PAUSED
    if (taken !== 1) return null
    const stop = this.renew(key, token, lease)
    let held = true
    return async () => {
      if (!held) return
      held = false
      // stopped first: no renewal is sent after the ZREM (one already sent runs before it, on the same connection)
      stop()
      await this.redis.zrem(key, token)
    }
  }

  /** Renews one lease every `renewMs` until the returned function stops it; a renewal still under way skips a tick. */
  private renew (key: string, token: string, lease: Omit<LostLease, 'overLimit'>): () => void {
    let pending = false
    let stopped = false
    const timer = setInterval(() => {
      if (pending) return
      pending = true
      this.redis.eval(RENEW_LEASE, 1, key, token, this.leaseMs, this.options.perHost)
        .then((lost) => {
          if (lost !== 0 && !stopped) this.options.onLeaseLost?.({ ...lease, overLimit: lost === 2 })
        })
        // Redis away (its errors are logged by the connection): the next tick tries again, and reports a lapse
        .catch(() => {})
        .finally(() => { pending = false })
    }, this.options.renewMs ?? Math.max(1, Math.floor(this.leaseMs / 3)))
    // a renewal never keeps a process alive: an exiting worker's leases are to lapse
    timer.unref()
    const stop = (): void => {
      stopped = true
      clearInterval(timer)
      this.renewals.delete(stop)
    }
    this.renewals.add(stop)
    return stop
  }
}
