import type { RedisConnection } from './job-store.js'
import type { JobKeys } from './keys.js'

// Fair order without BullMQ Pro's groups. The items queue holds one interchangeable *ticket* per chunk; a worker that
// takes a ticket asks NEXT_CHUNK which chunk it works: the scheduler's ring of API keys turns by one key a pick, and
// that key's ring of jobs by one job, so keys share the workers equally whatever their number of jobs, a key's jobs
// share its turns, and a job created later never stops an older one. A ticket stays bound to its chunk (a killed
// worker's ticket is redelivered to the same chunk) until the chunk is done.

/** KEYS: job, owner's job ring, key ring. ARGV: job id, owner. Idempotent (a retried creation registers once). */
const REGISTER_JOB = `
if redis.call('HSETNX', KEYS[1], 'scheduled', 1) == 0 then return 0 end
redis.call('RPUSH', KEYS[2], ARGV[1])
if not redis.call('LPOS', KEYS[3], ARGV[2]) then redis.call('RPUSH', KEYS[3], ARGV[2]) end
return 1
`

/**
 * KEYS: ticket binding, key ring. ARGV: prefix, binding ttl seconds, most parked chunks a job may have and still be
 * given a new one, ticket id. `<job> <chunk> <chunk size>` (the ticket's chunk, kept across redeliveries), `wait`
 * (only jobs whose hosts are busy have chunks left: try later) or `none` (nothing left: the ticket is spent).
 */
const NEXT_CHUNK = `
local prefix = ARGV[1]
local bound = redis.call('GET', KEYS[1])
if bound then
  redis.call('ZREM', prefix .. ':job:' .. string.match(bound, '^(%S+)') .. ':parked', ARGV[4])
  return bound
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local waiting = false
for k = 1, redis.call('LLEN', KEYS[2]) do
  local owner = redis.call('LMOVE', KEYS[2], KEYS[2], 'LEFT', 'RIGHT')
  local ring = prefix .. ':sched:owner:' .. owner
  for j = 1, redis.call('LLEN', ring) do
    local id = redis.call('LMOVE', ring, ring, 'LEFT', 'RIGHT')
    local job = prefix .. ':job:' .. id
    local f = redis.call('HMGET', job, 'status', 'chunks', 'next_chunk', 'chunk_size')
    local next = tonumber(f[3] or '0')
    if (not f[1]) or f[1] == 'cancelled' or f[1] == 'completed' or next >= tonumber(f[2]) then
      redis.call('LREM', ring, 1, id)
    else
      redis.call('ZREMRANGEBYSCORE', job .. ':parked', '-inf', now)
      if redis.call('ZCARD', job .. ':parked') >= tonumber(ARGV[3]) then
        waiting = true
      else
        redis.call('HSET', job, 'next_chunk', next + 1)
        local value = id .. ' ' .. next .. ' ' .. f[4]
        redis.call('SET', KEYS[1], value, 'EX', ARGV[2])
        return value
      end
    end
  end
  if redis.call('LLEN', ring) == 0 then redis.call('LREM', KEYS[2], 1, owner) end
end
if waiting then return 'wait' end
return 'none'
`

/** KEYS: the job's parked set. ARGV: ticket id, ms the chunk is parked for (plus a margin). */
const PARK_CHUNK = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2)
return 1
`

export interface BoundChunk {
  job: string
  chunk: number
  chunkSize: number
}

/** A job stops being given new chunks while this many of its chunks wait for their hosts. */
const MAX_PARKED = 4

export class FairScheduler {
  constructor (
    private readonly redis: RedisConnection,
    private readonly keys: JobKeys,
    private readonly retentionSeconds: number
  ) {}

  /** Puts a job in its key's ring (and the key in the ring of keys); inputs are stored per chunk beside it. */
  async register (id: string, owner: string, chunks: string[][]): Promise<void> {
    for (let first = 0; first < chunks.length; first += 500) {
      const pipeline = this.redis.pipeline()
      for (let chunk = first; chunk < Math.min(chunks.length, first + 500); chunk++) {
        pipeline.set(this.keys.inputs(id, chunk), JSON.stringify(chunks[chunk]), 'EX', this.retentionSeconds)
      }
      for (const [error] of await pipeline.exec() ?? []) if (error !== null) throw error
    }
    await this.redis.eval(REGISTER_JOB, 3, this.keys.job(id), this.keys.ownerRing(owner), this.keys.keyRing(), id, owner)
  }

  /** The chunk of `ticket`: the one it is bound to, else the next in fair order; `wait` or `none` when there is none. */
  async next (ticket: string): Promise<BoundChunk | 'wait' | 'none'> {
    const answer = await this.redis.eval(NEXT_CHUNK, 2, this.keys.ticket(ticket), this.keys.keyRing(),
      this.keys.prefix, this.retentionSeconds, MAX_PARKED, ticket) as string
    if (answer === 'wait' || answer === 'none') return answer
    const [job, chunk, chunkSize] = answer.split(' ')
    return { job, chunk: Number(chunk), chunkSize: Number(chunkSize) }
  }

  /** The inputs of a chunk; null once they are gone (the job ended and expired). */
  async inputs (bound: BoundChunk): Promise<string[] | null> {
    const stored = await this.redis.get(this.keys.inputs(bound.job, bound.chunk))
    return stored === null ? null : JSON.parse(stored) as string[]
  }

  /** The ticket's chunk waits for its host for `ms`: its job is given no new chunk while MAX_PARKED of them wait. */
  async park (ticket: string, bound: BoundChunk, ms: number): Promise<void> {
    await this.redis.eval(PARK_CHUNK, 1, `${this.keys.job(bound.job)}:parked`, ticket, ms + 1000)
  }

  /** The ticket's chunk is done (or its job is over): the ticket is spent, the chunk's inputs dropped. */
  async release (ticket: string, bound: BoundChunk): Promise<void> {
    await this.redis.del(this.keys.ticket(ticket), this.keys.inputs(bound.job, bound.chunk))
  }
}
