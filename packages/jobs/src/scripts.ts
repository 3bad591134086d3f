// The Lua scripts that make results and charges exactly-once on top of BullMQ's at-least-once delivery: a chunk's
// item results are written with a set-if-absent, and the job's counters move only when that write created the slot, in
// the same script, so a redelivered chunk can neither count twice nor land after a cancellation. Chunk keys are
// named from KEYS[1] inside the scripts; they share its hash tag, so they are on its Cluster slot.

// Keeps a finished job's results as long as its record: RETENTION from the moment it finished.
const EXTEND_CHUNKS = `
local function extend_chunks (job, chunks, ttl)
  for i = 0, chunks - 1 do redis.call('EXPIRE', job .. ':chunk:' .. i, ttl) end
  redis.call('EXPIRE', job, ttl)
end
`

/** KEYS: job. ARGV: ttl seconds, then field/value pairs. 1 when created, 0 when the id exists. */
export const CREATE_JOB = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local fields = {}
for i = 2, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('EXPIRE', KEYS[1], ARGV[1])
return 1
`

/** KEYS: job. ARGV: now. The job's status before this chunk (a queued job becomes running). */
export const BEGIN_CHUNK = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return 'missing' end
if status == 'queued' then
  redis.call('HSET', KEYS[1], 'status', 'running', 'started_at', ARGV[1])
end
return status
`

/**
 * KEYS: job, chunk. ARGV: item index, compressed result line, 1 when the item failed, now, ttl seconds. An item's
 * result is a field of its chunk's hash, set if absent, and the job's counters move in the same script, so progress
 * moves per item and a redelivered item counts once. Each write also counts in the job's items-per-second ring: 60
 * fields `r<second mod 60>` = `<second>:<items>`, timed by Redis's clock.
 * `written`, `completed` (this item finished the job), `duplicate` (already written) or `cancelled`/`missing`.
 */
export const WRITE_ITEM = EXTEND_CHUNKS + `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return 'missing' end
if status == 'cancelled' then return 'cancelled' end
if redis.call('HEXISTS', KEYS[2], 'all') == 1 then return 'duplicate' end
if redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2]) == 0 then return 'duplicate' end
redis.call('EXPIRE', KEYS[2], ARGV[5])
local done = redis.call('HINCRBY', KEYS[1], 'done', 1)
if ARGV[3] == '1' then redis.call('HINCRBY', KEYS[1], 'failed', 1) end
local second = tonumber(redis.call('TIME')[1])
local slot = 'r' .. (second % 60)
local count = 1
local previous = redis.call('HGET', KEYS[1], slot)
if previous then
  local at, items = string.match(previous, '(%d+):(%d+)')
  if tonumber(at) == second then count = tonumber(items) + 1 end
end
redis.call('HSET', KEYS[1], slot, second .. ':' .. count)
redis.call('EXPIRE', KEYS[1], ARGV[5])
if done >= tonumber(redis.call('HGET', KEYS[1], 'total')) then
  redis.call('HSET', KEYS[1], 'status', 'completed', 'finished_at', ARGV[4])
  extend_chunks(KEYS[1], tonumber(redis.call('HGET', KEYS[1], 'chunks')), ARGV[5])
  return 'completed'
end
return 'written'
`

/**
 * KEYS: job. ARGV: owner, now, ttl seconds, claim ms. {status, units to refund, 1 when this call cancelled it}. The
 * call that cancels a queued or running job claims the refund of every item whose results were not written (those
 * never will be); the refund stays due in the record until `REFUND_SETTLED`, so a DELETE repeated after the claim
 * has lapsed (the API died before refunding, or the quota store refused) claims it again. Redis's clock times claims.
 */
export const CANCEL_JOB = EXTEND_CHUNKS + `
local job = redis.call('HMGET', KEYS[1], 'status', 'owner', 'total', 'done', 'chunks', 'refund_due', 'refund_claim')
if not job[1] or job[2] ~= ARGV[1] then return {'missing', 0, 0} end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local claim = now + tonumber(ARGV[4])
if job[1] == 'cancelled' then
  local due = tonumber(job[6] or '0')
  if due > 0 and tonumber(job[7] or '0') <= now then
    redis.call('HSET', KEYS[1], 'refund_claim', claim)
    return {'cancelled', due, 0}
  end
  return {'cancelled', 0, 0}
end
if job[1] == 'completed' then return {'completed', 0, 0} end
local due = tonumber(job[3]) - tonumber(job[4])
redis.call('HSET', KEYS[1], 'status', 'cancelled', 'finished_at', ARGV[2], 'refund_due', due, 'refund_claim', claim)
extend_chunks(KEYS[1], tonumber(job[5]), ARGV[3])
return {'cancelled', due, 1}
`

/** KEYS: job. ARGV: 1 when the refund was made (nothing stays due), 0 when it failed (the next DELETE claims it). */
export const REFUND_SETTLED = `
if ARGV[1] == '1' then redis.call('HDEL', KEYS[1], 'refund_due', 'refund_claim')
else redis.call('HSET', KEYS[1], 'refund_claim', 0) end
return 1
`

/**
 * KEYS: the host's lease set (of items, or of requests). ARGV: token, lease ms, limit. 1 when a lease was taken. Leases expire, so a worker
 * killed while holding one frees it after `lease ms`; Redis's own clock times them, not the workers' clocks.
 */
export const ACQUIRE_HOST = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`

/**
 * KEYS: chunk. ARGV: the chunk's item count, its lines as one compressed blob. A finished chunk's per-item fields
 * become one field `all` (one gzip of the whole chunk compresses several times better than one per item), only when
 * every item is there; WRITE_ITEM counts an item of a compacted chunk as written. 1 when compacted.
 */
export const COMPACT_CHUNK = `
if redis.call('HLEN', KEYS[1]) ~= tonumber(ARGV[1]) or redis.call('HEXISTS', KEYS[1], 'all') == 1 then return 0 end
local ttl = redis.call('TTL', KEYS[1])
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'all', ARGV[2])
if ttl > 0 then redis.call('EXPIRE', KEYS[1], ttl) end
return 1
`
