// The Lua scripts that make results and charges exactly-once on top of BullMQ's at-least-once delivery: a chunk's
// results are written with a set-if-absent, and the job's counters move only when that write created the slot, in
// the same script, so a redelivered chunk can neither count twice nor land after a cancellation. Chunk keys are
// named from KEYS[1] inside the scripts; they share its hash tag, so they are on its Cluster slot.

// Keeps a finished job's results as long as its record: RETENTION from the moment it finished.
const EXTEND_CHUNKS = `
local function extend_chunks (job, chunks, ttl)
  for i = 0, chunks - 1 do redis.call('EXPIRE', job .. ':chunk:' .. i, ttl) end
  redis.call('EXPIRE', job, ttl)
  redis.call('EXPIRE', job .. ':started', ttl)
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

/**
 * KEYS: job, chunk. ARGV: now, chunk number. The job's status before this chunk (a queued job becomes running), or
 * `written`; `flush` for a chunk of a cancelled job that had begun and was never written (its worker died): it is
 * written now with what it delivered (nothing), which refunds its items. A chunk that begins joins the job's set of
 * started chunks until written, so a cancel knows whose items are still to be delivered or refunded.
 */
export const BEGIN_CHUNK = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return 'missing' end
if redis.call('EXISTS', KEYS[2]) == 1 then return 'written' end
if status == 'cancelled' then
  if redis.call('SISMEMBER', KEYS[1] .. ':started', ARGV[2]) == 1 then return 'flush' end
  return status
end
if status == 'queued' then
  redis.call('HSET', KEYS[1], 'status', 'running', 'started_at', ARGV[1])
end
redis.call('SADD', KEYS[1] .. ':started', ARGV[2])
redis.call('EXPIRE', KEYS[1] .. ':started', redis.call('TTL', KEYS[1]))
return status
`

/**
 * KEYS: job, chunk, outbox. ARGV: compressed results, lines, failed lines, now, ttl seconds, chunk number, the chunk's
 * inputs, job id. `written`, `completed` (this chunk finished the job), `duplicate` (already written) or
 * `cancelled`/`missing`. A chunk of a cancelled job is written when it had begun before the cancel (what it finished
 * is delivered and charged); its failed lines and the inputs it never ran are refunded through the outbox, and so is
 * the completion callback queued, in this same script: a worker that dies right after it loses nothing.
 */
export const WRITE_CHUNK = EXTEND_CHUNKS + `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return 'missing' end
local started = KEYS[1] .. ':started'
if status == 'cancelled' and redis.call('SISMEMBER', started, ARGV[6]) == 0 then return 'cancelled' end
if not redis.call('SET', KEYS[2], ARGV[1], 'NX', 'EX', ARGV[5]) then return 'duplicate' end
redis.call('SREM', started, ARGV[6])
local done = redis.call('HINCRBY', KEYS[1], 'done', ARGV[2])
redis.call('HINCRBY', KEYS[1], 'failed', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[5])
local refund = tonumber(ARGV[3]) + tonumber(ARGV[7]) - tonumber(ARGV[2])
if refund > 0 then
  redis.call('ZADD', KEYS[3], 0, cjson.encode({t = 'refund', job = ARGV[8], id = 'chunk:' .. ARGV[6], units = refund}))
end
if status == 'cancelled' then return 'written' end
if done >= tonumber(redis.call('HGET', KEYS[1], 'total')) then
  redis.call('HSET', KEYS[1], 'status', 'completed', 'finished_at', ARGV[4])
  extend_chunks(KEYS[1], tonumber(redis.call('HGET', KEYS[1], 'chunks')), ARGV[5])
  if redis.call('HGET', KEYS[1], 'callback_url') ~= '' then
    redis.call('ZADD', KEYS[3], 0, cjson.encode({t = 'callback', job = ARGV[8], type = 'job.completed'}))
  end
  return 'completed'
end
return 'written'
`

/**
 * KEYS: job, outbox. ARGV: owner, now, ttl seconds, job id. {status, 1 when this call cancelled it}. The call that
 * cancels a queued or running job puts in the outbox, in this script, the refund of every item that never began and
 * the `job.cancelled` callback; the items of chunks that had begun are delivered or refunded when those are written.
 */
export const CANCEL_JOB = EXTEND_CHUNKS + `
local job = redis.call('HMGET', KEYS[1], 'status', 'owner', 'total', 'done', 'chunks', 'chunk_size', 'callback_url')
if not job[1] or job[2] ~= ARGV[1] then return {'missing', 0} end
if job[1] == 'cancelled' or job[1] == 'completed' then return {job[1], 0} end
local total, size = tonumber(job[3]), tonumber(job[6])
local begun = 0
for _, chunk in ipairs(redis.call('SMEMBERS', KEYS[1] .. ':started')) do
  begun = begun + math.min(size, total - tonumber(chunk) * size)
end
local due = total - tonumber(job[4]) - begun
redis.call('HSET', KEYS[1], 'status', 'cancelled', 'finished_at', ARGV[2])
extend_chunks(KEYS[1], tonumber(job[5]), ARGV[3])
if due > 0 then redis.call('ZADD', KEYS[2], 0, cjson.encode({t = 'refund', job = ARGV[4], id = 'cancel', units = due})) end
if job[7] ~= '' then redis.call('ZADD', KEYS[2], 0, cjson.encode({t = 'callback', job = ARGV[4], type = 'job.cancelled'})) end
return {'cancelled', 1}
`

/**
 * KEYS: outbox. ARGV: most entries, lease ms. The entries due (never claimed, or claimed by a drainer whose lease
 * ran out: it died), each leased to this caller; done entries are removed with ZREM. Redis's clock times leases.
 */
export const CLAIM_OUTBOX = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))
for _, entry in ipairs(due) do redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), entry) end
return due
`

/**
 * KEYS: the host's lease set. ARGV: token, lease ms, limit. 1 when a lease was taken. Leases expire, so a worker
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
