// The Lua scripts that make results and charges exactly-once on top of BullMQ's at-least-once delivery: a chunk's
// item results are written with a set-if-absent, and the job's counters move only when that write created the slot, in
// the same script, so a redelivered chunk can neither count twice nor land after a cancellation. Chunk keys are
// named from KEYS[1] inside the scripts; they share its hash tag, so they are on its Cluster slot.

// Redis 7's script flag (a shebang, the script's first line) that lets a script write while the store is over its
// maxmemory. Kept with noeviction, a store that results filled refuses every other write, and a job could then be
// neither cancelled (CANCEL_JOB, CLAIM_OUTBOX for its refund, FINISH_CHUNK for its chunks in flight) nor its units
// given back: exactly when its owner wants it stopped. Their writes are a few small fields and outbox entries, and a
// cancel stops the writes that fill the store. (Keys named in a script and not in KEYS stay allowed: same slot.)
const ALLOW_OOM = '#!lua flags=allow-oom\n'

// Keeps a finished job's results as long as its record: RETENTION from the moment it finished.
const EXTEND_CHUNKS = `
local function extend_chunks (job, chunks, ttl)
  for i = 0, chunks - 1 do redis.call('EXPIRE', job .. ':chunk:' .. i, ttl) end
  redis.call('EXPIRE', job, ttl)
  redis.call('EXPIRE', job .. ':started', ttl)
  redis.call('EXPIRE', job .. ':failures', ttl)
end
`

/** Distinct error codes a job's failures are counted under before the next new ones go to `other`. */
export const MAX_FAILURE_CODES = 20

// A job's failed items by error code, counted as they are written (the status page shows every failure, not the
// ones a bounded read of the results meets). Codes are our own small set, but one hash per job must stay small
// whatever a processor answers: past MAX_FAILURE_CODES distinct ones, new codes count under \`other\`.
const COUNT_FAILURE = `
local function count_failure (key, code, ttl)
  if redis.call('HEXISTS', key, code) == 0 and redis.call('HLEN', key) >= ${MAX_FAILURE_CODES} then code = 'other' end
  redis.call('HINCRBY', key, code, 1)
  redis.call('EXPIRE', key, ttl)
end
`

// The refund of a chunk's items without a delivered result: its failed items (counted per chunk in the job's
// `:failed` hash as they are written) and `unwritten` items a cancel stopped. One outbox entry, `chunk:<n>`, per chunk,
// never one per item: the quota store keeps a record of every refund id for its window (62 days), and a key sending
// 100,000 refused targets must not leave 100,000 of them. Each chunk is refunded once: by the write that completes it,
// or, when a cancel stops it first, by the FINISH_CHUNK that takes it out of the started set (after which no write of
// it is accepted, so it never completes). 1 when an entry was put in the outbox.
const REFUND_CHUNK = `
local function refund_chunk (job, outbox, id, chunk, unwritten)
  local failed = tonumber(redis.call('HGET', job .. ':failed', chunk) or '0')
  if failed > 0 then redis.call('HDEL', job .. ':failed', chunk) end
  if unwritten + failed == 0 then return 0 end
  redis.call('ZADD', outbox, 0, cjson.encode({t = 'refund', job = id, id = 'chunk:' .. chunk, units = unwritten + failed}))
  return 1
end
`

// A cancelled job is settled once no chunk that began before the cancel is still open: nothing moves its counts any
// more, so `finished_at` is set and the `job.cancelled` callback (which reads the status when it is sent) is queued
// now, in the script that settled it. HSETNX makes it once: a job cancelled before this rule (finished_at set at the
// cancel, its callback queued then) is not announced twice. 1 when a callback was put in the outbox.
const SETTLE_CANCELLED = EXTEND_CHUNKS + `
local function settle_cancelled (job, outbox, id, now, ttl)
  if redis.call('HSETNX', job, 'finished_at', now) == 0 then return 0 end
  extend_chunks(job, tonumber(redis.call('HGET', job, 'chunks')), ttl)
  if redis.call('HGET', job, 'callback_url') == '' then return 0 end
  redis.call('ZADD', outbox, 0, cjson.encode({t = 'callback', job = id, type = 'job.cancelled'}))
  return 1
end
`

const TIME_MS = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`

/**
 * KEYS: job. ARGV: ttl seconds, `1` when this attempt may take over a creation that has not committed, the attempt's
 * token, ms it has for its first batch of tickets, then field/value pairs (status `creating`). `created`; `taken` (a
 * paid retry of an Idempotency-Key now owns the creation: another attempt's commit is refused from here on); else
 * the stored status (`creating`: another attempt's, left to it; a committed job's state).
 */
export const CREATE_JOB = TIME_MS + `
local status = redis.call('HGET', KEYS[1], 'status')
if status then
  if status ~= 'creating' or ARGV[2] ~= '1' then return status end
  -- the reservation is the paying attempt's: its refunds go to the window and key its units were taken from
  for i = 5, #ARGV, 2 do
    local name = ARGV[i]
    if name == 'window_id' or name == 'quota_key' or name == 'created_at' then redis.call('HSET', KEYS[1], name, ARGV[i + 1]) end
  end
  redis.call('HSET', KEYS[1], 'attempt', ARGV[3], 'ticketing_until', now + tonumber(ARGV[4]))
  return 'taken'
end
local fields = {}
for i = 5, #ARGV do fields[#fields + 1] = ARGV[i] end
redis.call('HSET', KEYS[1], unpack(fields))
redis.call('HSET', KEYS[1], 'attempt', ARGV[3], 'ticketing_until', now + tonumber(ARGV[4]))
redis.call('EXPIRE', KEYS[1], ARGV[1])
return 'created'
`

/**
 * KEYS: job, its owner's ring of jobs, the ring of keys. ARGV: attempt token, job id, owner. The one step that makes
 * a job runnable, and only for the attempt that owns its creation, before the deadline its last count of tickets set
 * (`ticketing_until`, Redis's clock): a commit sent by an attempt that gave up (its answer lost, or run late by a
 * paused Redis) is refused once that attempt can have answered its caller. `committed` (by this attempt, now or by
 * a resent command before), `other` (committed by another attempt, which paid for it), `superseded` (another
 * attempt owns the creation now), `late` or `missing`.
 */
export const COMMIT_JOB = TIME_MS + `
local f = redis.call('HMGET', KEYS[1], 'status', 'attempt', 'ticketing_until', 'chunks')
if not f[1] then return 'missing' end
if f[1] ~= 'creating' then
  if f[2] == ARGV[1] then return 'committed' end
  return 'other'
end
if f[2] ~= ARGV[1] then return 'superseded' end
if now > tonumber(f[3] or '0') then return 'late' end
-- in the rings first: a write refused half-way (Redis full) leaves a job in them still creating, which the scheduler
-- drops, never one committed and out of every ring
if not redis.call('LPOS', KEYS[2], ARGV[2]) then redis.call('RPUSH', KEYS[2], ARGV[2]) end
if not redis.call('LPOS', KEYS[3], ARGV[3]) then redis.call('RPUSH', KEYS[3], ARGV[3]) end
-- every chunk's ticket is queued (the committing attempt queued them all): the scheduler may hand them all out
redis.call('HSET', KEYS[1], 'status', 'queued', 'ticketed', f[4], 'scheduled', 1)
return 'committed'
`

/**
 * KEYS: job. ARGV: attempt token. What became of this attempt's creation, as COMMIT_JOB names it, read without
 * writing; `open` while it is this attempt's and its deadline is not past (a commit of it may still run).
 */
export const CREATION_STATE = TIME_MS + `
local f = redis.call('HMGET', KEYS[1], 'status', 'attempt', 'ticketing_until')
if not f[1] then return 'missing' end
if f[1] ~= 'creating' then
  if f[2] == ARGV[1] then return 'committed' end
  return 'other'
end
if now <= tonumber(f[3] or '0') then
  if f[2] == ARGV[1] then return 'open' end
  return 'superseded'
end
if f[2] ~= ARGV[1] then return 'abandoned' end
return 'late'
`

/**
 * KEYS: job. ARGV: now, chunk number. The job's status before this chunk (a queued job becomes running); `flush` for a
 * chunk of a cancelled job that had begun and was never finished (its worker died, or it waited for its host): it is
 * finished now (FINISH_CHUNK), which refunds its items without a result. A chunk that begins joins the job's set of
 * started chunks until finished, so a cancel knows whose items are still to be delivered or refunded.
 */
export const BEGIN_CHUNK = `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return 'missing' end
-- never handed out before its creation commits; a binding from before cannot make it begin either
if status == 'creating' then return status end
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
 * KEYS: job, chunk, outbox. ARGV: item index, compressed result line, 1 when the item failed, now, ttl seconds, chunk
 * number, job id, the failed item's error code (counted by COUNT_FAILURE; ignored for an item that did not fail). An
 * item's result is a field of its chunk's hash, set if absent, and the job's counters move in the same script (its
 * count by code too), so progress moves per item and a redelivered item counts once. A failed item is counted in its
 * chunk's refund, which the write completing the chunk puts in the outbox (REFUND_CHUNK), as the one completing the job puts
 * its callback there, in this same script: a worker that dies right after it loses nothing. An item of a chunk that
 * began before a cancel is still written (delivered and charged). Each
 * write also counts in the job's items-per-second ring: 60 fields `r<second mod 60>` = `<second>:<items>`, timed by
 * Redis's clock. `written`, `completed` (this item finished the job), `duplicate` (already written) or
 * `cancelled`/`missing`.
 */
export const WRITE_ITEM = EXTEND_CHUNKS + REFUND_CHUNK + COUNT_FAILURE + `
local status = redis.call('HGET', KEYS[1], 'status')
if not status then return 'missing' end
if status == 'cancelled' and redis.call('SISMEMBER', KEYS[1] .. ':started', ARGV[6]) == 0 then return 'cancelled' end
if redis.call('HEXISTS', KEYS[2], 'all') == 1 then return 'duplicate' end
if redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[2]) == 0 then return 'duplicate' end
redis.call('EXPIRE', KEYS[2], ARGV[5])
local done = redis.call('HINCRBY', KEYS[1], 'done', 1)
if ARGV[3] == '1' then
  redis.call('HINCRBY', KEYS[1], 'failed', 1)
  redis.call('HINCRBY', KEYS[1] .. ':failed', ARGV[6], 1)
  redis.call('EXPIRE', KEYS[1] .. ':failed', ARGV[5])
  count_failure(KEYS[1] .. ':failures', ARGV[8], ARGV[5])
end
local size, total = tonumber(redis.call('HGET', KEYS[1], 'chunk_size')), tonumber(redis.call('HGET', KEYS[1], 'total'))
if redis.call('HLEN', KEYS[2]) == math.min(size, total - tonumber(ARGV[6]) * size) then
  refund_chunk(KEYS[1], KEYS[3], ARGV[7], ARGV[6], 0)
end
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
if status == 'cancelled' then return 'written' end
if done >= total then
  redis.call('HSET', KEYS[1], 'status', 'completed', 'finished_at', ARGV[4])
  extend_chunks(KEYS[1], tonumber(redis.call('HGET', KEYS[1], 'chunks')), ARGV[5])
  if redis.call('HGET', KEYS[1], 'callback_url') ~= '' then
    redis.call('ZADD', KEYS[3], 0, cjson.encode({t = 'callback', job = ARGV[7], type = 'job.completed'}))
  end
  return 'completed'
end
return 'written'
`

/**
 * KEYS: job, chunk, outbox. ARGV: chunk number, the chunk's inputs, job id, now, ttl seconds. A chunk is done (every
 * item written) or stopped by a cancel: it leaves the job's started set and, of a cancelled job, its items without a
 * delivered result (never written, or failed) are refunded through the outbox, once (only the call that removed it
 * from the set refunds; a chunk complete before has been refunded by its last write). The chunk that empties a
 * cancelled job's started set settles the job (SETTLE_CANCELLED). The outbox entries it made due (0 to 2), so its
 * caller drains them at once.
 */
export const FINISH_CHUNK = ALLOW_OOM + SETTLE_CANCELLED + REFUND_CHUNK + `
if redis.call('SREM', KEYS[1] .. ':started', ARGV[1]) == 0 then return 0 end
if redis.call('HGET', KEYS[1], 'status') ~= 'cancelled' then return 0 end
local unwritten = 0
if redis.call('HEXISTS', KEYS[2], 'all') == 0 then unwritten = math.max(0, tonumber(ARGV[2]) - redis.call('HLEN', KEYS[2])) end
local due = refund_chunk(KEYS[1], KEYS[3], ARGV[3], ARGV[1], unwritten)
if redis.call('SCARD', KEYS[1] .. ':started') > 0 then return due end
return due + settle_cancelled(KEYS[1], KEYS[3], ARGV[3], ARGV[4], ARGV[5])
`

/**
 * KEYS: job, outbox. ARGV: owner, now, ttl seconds, job id. {status, 1 when this call cancelled it}. The call that
 * cancels a queued or running job puts in the outbox, in this script, the refund of every item that never began; the
 * items of chunks that had begun are delivered or refunded when those finish. The job is settled here when no chunk
 * had begun, else by the FINISH_CHUNK of the last of them: its callback carries the counts once nothing moves them.
 */
export const CANCEL_JOB = ALLOW_OOM + SETTLE_CANCELLED + `
local job = redis.call('HMGET', KEYS[1], 'status', 'owner', 'total', 'done', 'chunks', 'chunk_size')
-- a job whose creation has not committed was never answered to anyone: there is nothing to cancel
if not job[1] or job[1] == 'creating' or job[2] ~= ARGV[1] then return {'missing', 0} end
if job[1] == 'cancelled' or job[1] == 'completed' then return {job[1], 0} end
local total, size = tonumber(job[3]), tonumber(job[6])
-- the items of started chunks without a result yet: delivered or refunded when their chunk finishes
local started = redis.call('SMEMBERS', KEYS[1] .. ':started')
local begun = 0
for _, chunk in ipairs(started) do
  local key = KEYS[1] .. ':chunk:' .. chunk
  if redis.call('HEXISTS', key, 'all') == 0 then
    begun = begun + math.min(size, total - tonumber(chunk) * size) - redis.call('HLEN', key)
  end
end
local due = total - tonumber(job[4]) - begun
redis.call('HSET', KEYS[1], 'status', 'cancelled')
if due > 0 then redis.call('ZADD', KEYS[2], 0, cjson.encode({t = 'refund', job = ARGV[4], id = 'cancel', units = due})) end
if #started == 0 then settle_cancelled(KEYS[1], KEYS[2], ARGV[4], ARGV[2], ARGV[3]) end
return {'cancelled', 1}
`

/**
 * KEYS: outbox. ARGV: most entries, lease ms. The entries due (never claimed, or claimed by a drainer whose lease
 * ran out: it died), each leased to this caller; done entries are removed with ZREM. Redis's clock times leases.
 */
export const CLAIM_OUTBOX = ALLOW_OOM + `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))
for _, entry in ipairs(due) do redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), entry) end
return due
`

/**
 * KEYS: the host's lease set (of items, or of requests), and the host's pause. ARGV: token, lease ms, limit. 1 when a
 * lease was taken, 0 when the host has its limit, -1 while the pause is set (none is taken). Leases expire, so a worker
 * killed while holding one frees it after `lease ms`; Redis's own clock times them.
 */
export const ACQUIRE_HOST = `
if redis.call('EXISTS', KEYS[2]) == 1 then return -1 end
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

/**
 * KEYS: job. ARGV: the callback's state, the attempt's time, why it failed (empty when it did not). A job whose record
 * expired is left gone (a write would make a record of a few fields that never expires).
 */
export const RECORD_CALLBACK = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HINCRBY', KEYS[1], 'cb_attempts', 1)
redis.call('HSET', KEYS[1], 'cb_state', ARGV[1], 'cb_last_at', ARGV[2], 'cb_last_error', ARGV[3])
return 1
`
