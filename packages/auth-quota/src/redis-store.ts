import type { Redis } from 'ioredis'
import type { ConsumeResult, QuotaStore } from './quota-store.js'

// Check and count in one script, so replicas can neither overshoot nor lose a count. The window is in the key;
// the TTL (NX: set once) only cleans up, so a skewed clock can never expire a live counter early.
const CONSUME = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local cost = tonumber(ARGV[1])
if used + cost > tonumber(ARGV[2]) then return {0, used} end
used = redis.call('INCRBY', KEYS[1], cost)
redis.call('EXPIRE', KEYS[1], ARGV[3], 'NX')
return {1, used}
`

const CLEANUP_TTL_SECONDS = 62 * 24 * 3600

type WithConsume = Redis & { quotaConsume: (key: string, cost: number, limit: number, ttl: number) => Promise<[number, number]> }

export class RedisQuotaStore implements QuotaStore {
  readonly kind = 'redis'
  private readonly redis: WithConsume

  constructor (redis: Redis, private readonly prefix = 'quota') {
    if (!('quotaConsume' in redis)) redis.defineCommand('quotaConsume', { numberOfKeys: 1, lua: CONSUME })
    this.redis = redis as WithConsume
  }

  static keyFor (prefix: string, keyId: string, windowId: string) {
    return `${prefix}:${keyId}:${windowId}`
  }

  async consume (keyId: string, windowId: string, cost: number, limit: number): Promise<ConsumeResult> {
    const [admitted, used] = await this.redis.quotaConsume(RedisQuotaStore.keyFor(this.prefix, keyId, windowId), cost, limit, CLEANUP_TTL_SECONDS)
    return { admitted: admitted === 1, used: Number(used) }
  }

  // The client belongs to whoever created it (the service kit closes it).
  async close () {}
}
