import { BoundedCacheCalls, type RedisCacheOptions } from '../cache-room.js'
import type { BrandProfile } from './brand-profile.js'

/** The two commands used, so any ioredis client (the kit's `app.redis`) fits. */
export interface RedisLike {
  get: (key: string) => Promise<string | null>
  set: (key: string, value: string, mode: 'EX', seconds: number) => Promise<unknown>
}

/** Profiles by fetched origin(s); a cache failure is a miss, never an error for the caller. */
export interface ProfileCache {
  get: (key: string) => Promise<BrandProfile | null>
  set: (key: string, profile: BrandProfile, ttlSeconds: number) => Promise<void>
}

export class MemoryProfileCache implements ProfileCache {
  readonly #entries = new Map<string, { profile: BrandProfile, expires: number }>()
  readonly #maxEntries: number
  readonly #now: () => number

  constructor (options: { maxEntries?: number, now?: () => number } = {}) {
    this.#maxEntries = options.maxEntries ?? 5000
    this.#now = options.now ?? Date.now
  }

  async get (key: string): Promise<BrandProfile | null> {
    const entry = this.#entries.get(key)
    if (entry === undefined) return null
    if (entry.expires <= this.#now()) {
      this.#entries.delete(key)
      return null
    }
    return structuredClone(entry.profile)
  }

  async set (key: string, profile: BrandProfile, ttlSeconds: number): Promise<void> {
    this.#entries.delete(key)
    // Map keeps insertion order, so the first key is the oldest write
    while (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value as string)
    this.#entries.set(key, { profile: structuredClone(profile), expires: this.#now() + ttlSeconds * 1000 })
  }
}

// the version changes with the profile's shape: an entry cached before colors, key_links and consistency lacks them
// (v2), one before logos' size_source, fonts, company and the rendered page lacks those (v3), one before unread_files (v4)
const CACHE_PREFIX = 'brand:profile:v4:'

/**
 * Shared between replicas; entries expire in Redis itself. A read or write is bounded (`BoundedCacheCalls`): a slow
 * Redis is a miss, and an entry not written in time is written behind the answer.
 */
export class RedisProfileCache implements ProfileCache {
  readonly #redis: RedisLike
  readonly #calls: BoundedCacheCalls

  constructor (redis: RedisLike, options: RedisCacheOptions = {}) {
    this.#redis = redis
    this.#calls = new BoundedCacheCalls(options)
  }

  async get (key: string): Promise<BrandProfile | null> {
    return await this.#calls.read(async () => {
      const value = await this.#redis.get(CACHE_PREFIX + key)
      return value === null ? null : JSON.parse(value) as BrandProfile
    })
  }

  async set (key: string, profile: BrandProfile, ttlSeconds: number): Promise<void> {
    await this.#calls.write(async () => { await this.#redis.set(CACHE_PREFIX + key, JSON.stringify(profile), 'EX', ttlSeconds) })
  }
}

/** How long a profile is served from the cache unless configured: one day. */
export const DEFAULT_CACHE_TTL_SECONDS = 24 * 60 * 60
