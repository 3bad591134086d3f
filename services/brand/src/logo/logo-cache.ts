// Rendered logo images by domain and variant: in Redis when the service has one (shared by every replica), else in a
// bounded in-process LRU. An entry outlives its freshness (LOGO_CACHE_TTL) by STALE_KEEP_SECONDS so a stale image can be
// answered at once while a new one is made in the background. A cache failure is a miss, never an error for the caller.
import { BoundedCacheCalls, type RedisCacheOptions } from '../cache-room.js'
import { MAX_PIXELS } from './logo-variant.js'

/** What one request for a variant answers: an image, or `none` (no logo and `fallback=404`). */
export interface LogoImage {
  kind: 'logo' | 'monogram' | 'none'
  /** `image/png`, `image/webp` or `image/jpeg`; empty for `none`. */
  contentType: string
  body: Buffer
  /** A strong ETag over the bytes, quoted; empty for `none`. */
  etag: string
  /** When it was rendered (ms since the epoch): it is stale once older than the TTL. */
  storedAt: number
  /**
   * Made while the site or a logo file failed for a moment (down, a timeout, a 5xx): a stand-in, not the site's answer.
   * Stale after PROVISIONAL_SECONDS, short-lived in HTTP caches, and never put in place of an image that is not.
   */
  provisional?: true
  /**
   * A refresh of this image (stale, not provisional) met the site failing for a moment: the image stays, and the site is
   * not asked again before this time (ms since the epoch), however many callers it has meanwhile.
   */
  retryAt?: number
}

export interface LogoCache {
  get: (key: string) => Promise<LogoImage | null>
  /** Keeps the image for `keepSeconds` at most (its TTL plus the stale window). */
  set: (key: string, image: LogoImage, keepSeconds: number) => Promise<void>
}

/** How long a stale entry is still answered (with a refresh behind it): the stale-while-revalidate window. */
export const STALE_KEEP_SECONDS = 7 * 24 * 60 * 60
/**
 * No single rendered image larger than this is kept: room for the largest variant there is, a 1024 px PNG of a
 * photograph (about its 4 MiB of raw RGBA pixels, which such pixels do not compress below), plus the format's overhead.
 * Below it, such a variant was never kept: each request fetched the site's file and rendered it again.
 */
const MAX_ENTRY_BYTES = MAX_PIXELS * MAX_PIXELS * 4 + 1024 * 1024

/** A least-recently-used map bounded by its entries and by the bytes of its images. */
export class MemoryLogoCache implements LogoCache {
  readonly #entries = new Map<string, { image: LogoImage, expires: number }>()
  readonly #maxBytes: number
  readonly #maxEntries: number
  readonly #now: () => number
  #bytes = 0

  constructor (options: { maxBytes?: number, maxEntries?: number, now?: () => number } = {}) {
    this.#maxBytes = options.maxBytes ?? 64 * 1024 * 1024
    this.#maxEntries = options.maxEntries ?? 10_000
    this.#now = options.now ?? Date.now
  }

  async get (key: string): Promise<LogoImage | null> {
    const entry = this.#entries.get(key)
    if (entry === undefined) return null
    this.#delete(key)
    if (entry.expires <= this.#now()) return null
    // read last: it moves to the end, the newest end of the Map's order
    this.#put(key, entry)
    return entry.image
  }

  async set (key: string, image: LogoImage, keepSeconds: number): Promise<void> {
    this.#delete(key)
    if (image.body.length > MAX_ENTRY_BYTES) return
    while (this.#entries.size > 0 && (this.#entries.size >= this.#maxEntries || this.#bytes + image.body.length > this.#maxBytes)) {
      this.#delete(this.#entries.keys().next().value as string)
    }
    this.#put(key, { image, expires: this.#now() + keepSeconds * 1000 })
  }

  #put (key: string, entry: { image: LogoImage, expires: number }): void {
    this.#entries.set(key, entry)
    this.#bytes += entry.image.body.length
  }

  #delete (key: string): void {
    const entry = this.#entries.get(key)
    if (entry === undefined) return
    this.#entries.delete(key)
    this.#bytes -= entry.image.body.length
  }
}

/** The commands used, so any ioredis client (the kit's `app.redis`, a cluster too) fits. */
export interface LogoRedis {
  getBuffer: (key: string) => Promise<Buffer | null>
  set: (key: string, value: Buffer, mode: 'EX', seconds: number) => Promise<unknown>
  zadd: (key: string, score: number, member: string) => Promise<unknown>
  zcard: (key: string) => Promise<number>
  zpopmin: (key: string, count: number) => Promise<string[]>
  del: (...keys: string[]) => Promise<number>
}

const PREFIX = 'brand:logo:v1:'
/** Every key written, by time of writing: the oldest are dropped past maxEntries, so the total is bounded too. */
const INDEX = `${PREFIX}index`

/**
 * Shared between replicas: each entry a header line of JSON, then the image's bytes; entries expire in Redis itself.
 * A read or write is bounded (`BoundedCacheCalls`): a slow Redis is a miss, and an entry not written in time is written
 * behind the answer.
 */
export class RedisLogoCache implements LogoCache {
  readonly #redis: LogoRedis
  readonly #maxEntries: number
  readonly #calls: BoundedCacheCalls

  constructor (redis: LogoRedis, options: RedisCacheOptions & { maxEntries?: number } = {}) {
    this.#redis = redis
    this.#maxEntries = options.maxEntries ?? 100_000
    this.#calls = new BoundedCacheCalls(options)
  }

  async get (key: string): Promise<LogoImage | null> {
    return await this.#calls.read(async () => {
      const value = await this.#redis.getBuffer(PREFIX + key)
      if (value === null) return null
      const newline = value.indexOf(10)
      const header = JSON.parse(value.subarray(0, newline).toString('utf8')) as Omit<LogoImage, 'body'>
      return { ...header, body: value.subarray(newline + 1) }
    })
  }

  async set (key: string, image: LogoImage, keepSeconds: number): Promise<void> {
    if (image.body.length > MAX_ENTRY_BYTES) return
    await this.#calls.write(async () => { await this.#write(key, image, keepSeconds) })
  }

  async #write (key: string, image: LogoImage, keepSeconds: number): Promise<void> {
    const { body, ...header } = image
    await this.#redis.set(PREFIX + key, Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`, 'utf8'), body]), 'EX', keepSeconds)
    await this.#redis.zadd(INDEX, image.storedAt, key)
    const over = await this.#redis.zcard(INDEX) - this.#maxEntries
    if (over <= 0) return
    const oldest = (await this.#redis.zpopmin(INDEX, over)).filter((_, index) => index % 2 === 0)
    for (const dropped of oldest) await this.#redis.del(PREFIX + dropped)
  }
}
