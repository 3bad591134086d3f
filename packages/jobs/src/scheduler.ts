import type { RedisConnection } from './job-store.js'
import type { JobKeys } from './keys.js'

// Fair order without BullMQ Pro's groups. The items queue holds one interchangeable *ticket* per chunk; a worker that
// takes a ticket asks NEXT_CHUNK which chunk it works: the scheduler's ring of API keys turns by one key a pick, and
// that key's ring of jobs by one job, so keys share the workers equally whatever their number of jobs, a key's jobs
// share its turns, and a job created later never stops an older one. A ticket stays bound to its chunk (a killed
// worker's ticket is redelivered to the same chunk) until the chunk is done.
//
// Waiting for a host holds no worker slot, and one busy host must not stop its job's other hosts. A chunk that has
// not begun begins only once one of its items holds its host's item lease (worker.ts: its first item's, else another
// of its hosts': a chunk of several hosts does not wait whole for one); until then it is *parked* for its first
// item's host (its ticket stays bound and is moved back to the queue for 250-500 ms, then tries again) while fewer
// than `perHost` of its job's chunks are parked for that host (one ready to replace each item running there), else
// *deferred*: its
// ticket is unbound and takes the job's next chunk at once, and the chunk waits, polling nothing, in a per-host set
// of its job until NEXT_CHUNK sees the host with room (and not paused: it asked for time) and hands it out again. Handing chunks out strictly in input
// order behind a cap of 4 parked chunks a job (what this replaced) left 12 of 16 slots idle behind one slow host.
// Parking is still bounded: a job's chunks parked for hosts that have not begun number at most `perHost` for each of
// its saturated hosts, and a saturated host has `perHost` items in worker slots, so at most as many as the slots in
// use. A chunk that has begun (several hosts in one chunk, a redelivered chunk) cannot be deferred, its ticket must
// finish it. It skips its items whose hosts are busy or paused and works the others (results are written per index);
// only once nothing else is left does it wait. For hosts that are all paused (they asked for time) it sleeps, its
// ticket delayed until the first pause ends (worker.ts; 30 s at a time for a longer one, so a cancel settles soon),
// uncounted: it does not poll, and its ticket is the one delayed job its chunk has anyway, so its job keeps getting
// new chunks (counted, a job of 300 inputs with every third on a paused host stalled at 28 done). For a busy host it
// parks (PARK_BEGUN) whatever the count, and a job stops getting new chunks while as many of those wait as a worker
// has slots (at least 4), so chunks that all meet a busy host mid-way cannot park by the thousand; past that cap each
// one parked waits longer, in proportion, so a job's parked tickets ask no more often than the cap's worth (chunks
// back from a pause may meet a busy host by the hundred).

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`

/**
 * KEYS: job, owner's job ring, key ring. ARGV: job id, owner, ms its tickets may take to be queued, the creating
 * attempt's token (empty when resuming a committed job). Idempotent (a retried creation registers once, and renews
 * the time its tickets may take). A record removed meanwhile is not brought back as a part without its TTL, and an
 * attempt that no longer owns the job's creation moves nothing of it (its deadline is the owner's).
 */
const REGISTER_JOB = NOW + `
local f = redis.call('HMGET', KEYS[1], 'status', 'attempt')
if not f[1] then return 0 end
if f[1] == 'creating' and f[2] ~= ARGV[4] then return 0 end
redis.call('HSET', KEYS[1], 'ticketing_until', now + tonumber(ARGV[3]))
if redis.call('HSETNX', KEYS[1], 'scheduled', 1) == 0 then return 0 end
redis.call('RPUSH', KEYS[2], ARGV[1])
if not redis.call('LPOS', KEYS[3], ARGV[2]) then redis.call('RPUSH', KEYS[3], ARGV[2]) end
return 1
`

/**
 * KEYS: job. ARGV: chunks whose tickets are queued, ms the rest (or the commit) may take, the creating attempt's
 * token. Only a record that exists. A job not committed yet keeps `ticketed` at 0 (COMMIT_JOB sets it: no chunk of
 * it is handed out before), and only its owning attempt renews its time; a committed job resumed (its creator died
 * before the commit existed) counts its tickets, never fewer than before.
 */
const COUNT_TICKETS = NOW + `
local f = redis.call('HMGET', KEYS[1], 'status', 'ticketed', 'attempt')
if not f[1] then return 0 end
if f[1] == 'creating' then
  if f[3] ~= ARGV[3] then return 0 end
elseif tonumber(f[2] or '0') < tonumber(ARGV[1]) then
  redis.call('HSET', KEYS[1], 'ticketed', ARGV[1])
end
redis.call('HSET', KEYS[1], 'ticketing_until', now + tonumber(ARGV[2]))
return 1
`

/**
 * A job with deferred chunks must stay in its owner's ring (and the owner in the key ring) until they are handed
 * out: `enlist` puts it back when it is not there, and the set `sched:deferred-jobs` names every such job. A job
 * leaves its ring once its last chunk is handed out, so a chunk deferred after that (its ticket had it already)
 * enlists it again; a worker of a version without deferral drops it all the same, so each NEXT_CHUNK not bound
 * already enlists one job of the set, at random: one whose deferred chunks are out of every ring is back within a
 * few calls (a job over, or with nothing deferred, leaves the set then).
 */
const ENLIST = `
local function enlist (prefix, key_ring, id, owner)
  local ring = prefix .. ':sched:owner:' .. owner
  if not redis.call('LPOS', ring, id) then redis.call('RPUSH', ring, id) end
  if not redis.call('LPOS', key_ring, owner) then redis.call('RPUSH', key_ring, owner) end
end
`

/**
 * KEYS: ticket binding, key ring. ARGV: prefix, binding ttl seconds, most parked begun chunks a job may have and still
 * be given a new one, ticket id, a host's limit (JOBS_HOST_CONCURRENCY). `<job> <chunk> <chunk size> <begun 0|1>`:
 * the ticket's chunk (kept across redeliveries), else the job's lowest deferred chunk whose host has room (or fewer
 * than its limit of parked chunks), else its next chunk in input order; `wait` (only chunks waiting for busy hosts
 * are left: try later), `ticketing` (only chunks whose tickets a creation is queuing right now: counted a moment
 * after they are queued, so ask again at once) or `none` (nothing left: the ticket is spent). Deferred hosts are looked at 8 a call, in turn.
 */
const NEXT_CHUNK = NOW + ENLIST + `
local prefix, per_host = ARGV[1], tonumber(ARGV[5])
local deferred_jobs = prefix .. ':sched:deferred-jobs'
local function live (key) return redis.call('ZCOUNT', key, '(' .. now, '+inf') end
local function deferred_chunk (job)
  local hosts = job .. ':deferred-hosts'
  for i = 1, math.min(redis.call('LLEN', hosts), 8) do
    local host = redis.call('LMOVE', hosts, hosts, 'LEFT', 'RIGHT')
    -- a host that asked for time holds no lease, yet has no room: its chunks stay deferred until the pause is over
    local paused = redis.call('EXISTS', prefix .. ':host-pause:' .. host) == 1
    if not paused and (live(prefix .. ':host:' .. host) < per_host or live(job .. ':parked-host:' .. host) < per_host) then
      local deferred = job .. ':deferred:' .. host
      local popped = redis.call('ZPOPMIN', deferred)
      if redis.call('ZCARD', deferred) == 0 then redis.call('LREM', hosts, 0, host) end
      if popped[1] then return popped[1] end
    end
  end
  return nil
end
local function forget (id, job)
  for _, host in ipairs(redis.call('LRANGE', job .. ':deferred-hosts', 0, -1)) do redis.call('DEL', job .. ':deferred:' .. host) end
  redis.call('DEL', job .. ':deferred-hosts')
  redis.call('SREM', deferred_jobs, id)
end
local bound = redis.call('GET', KEYS[1])
if bound then
  local id, chunk, size, host = string.match(bound, '^(%S+) (%S+) (%S+) ?(.*)$')
  local job = prefix .. ':job:' .. id
  -- back from parking: it parks again if its host is still busy
  redis.call('ZREM', job .. ':parked', ARGV[4])
  if host ~= '' then redis.call('ZREM', job .. ':parked-host:' .. host, ARGV[4]) end
  return id .. ' ' .. chunk .. ' ' .. size .. ' ' .. redis.call('SISMEMBER', job .. ':started', chunk)
end
-- one job with deferred chunks, at random, is put back in its ring if a worker without deferral dropped it (ENLIST)
local stray = redis.call('SRANDMEMBER', deferred_jobs)
if stray then
  local job = prefix .. ':job:' .. stray
  local f = redis.call('HMGET', job, 'status', 'owner')
  if (f[1] == 'queued' or f[1] == 'running') and redis.call('EXISTS', job .. ':deferred-hosts') == 1 then
    enlist(prefix, KEYS[2], stray, f[2])
  else
    redis.call('SREM', deferred_jobs, stray)
  end
end
local waiting, ticketing = false, false
for k = 1, redis.call('LLEN', KEYS[2]) do
  local owner = redis.call('LMOVE', KEYS[2], KEYS[2], 'LEFT', 'RIGHT')
  local ring = prefix .. ':sched:owner:' .. owner
  for j = 1, redis.call('LLEN', ring) do
    local id = redis.call('LMOVE', ring, ring, 'LEFT', 'RIGHT')
    local job = prefix .. ':job:' .. id
    local f = redis.call('HMGET', job, 'status', 'chunks', 'next_chunk', 'chunk_size', 'ticketed', 'ticketing_until')
    local next, chunks = tonumber(f[3] or '0'), tonumber(f[2])
    -- a record of a version before 'ticketed' had its tickets queued before anyone could read it
    local ticketed = tonumber(f[5] or f[2])
    if (not f[1]) or f[1] == 'cancelled' or f[1] == 'completed' then
      -- its deferred chunks never began: a cancel refunded them
      redis.call('LREM', ring, 1, id)
      forget(id, job)
    elseif f[1] == 'creating' then
      -- not committed: none of its chunks is handed out. Its tickets come back while its creator may still commit; past
      -- that deadline it leaves the ring (a paid retry that takes the creation over is put back by its commit)
      if tonumber(f[6] or '0') > now then
        ticketing = true
      else
        redis.call('LREM', ring, 1, id)
        redis.call('HDEL', job, 'scheduled')
      end
    elseif live(job .. ':parked') >= tonumber(ARGV[3]) then
      waiting = true
    else
      local chunk = deferred_chunk(job)
      if not chunk and next < math.min(chunks, ticketed) then
        chunk = next
        redis.call('HSET', job, 'next_chunk', next + 1)
      end
      if chunk then
        local value = id .. ' ' .. chunk .. ' ' .. f[4]
        redis.call('SET', KEYS[1], value, 'EX', ARGV[2])
        return value .. ' 0'
      end
      if redis.call('EXISTS', job .. ':deferred-hosts') == 1 then
        waiting = true
      elseif next < chunks then
        -- chunks whose tickets are still being queued: this ticket may be one of theirs, so it comes back for them;
        -- once the time for queuing them is over, their creator died half-way and they wait for its retry
        if tonumber(f[6] or '0') > now then ticketing = true end
      else
        redis.call('LREM', ring, 1, id)
      end
    end
  end
  if redis.call('LLEN', ring) == 0 then redis.call('LREM', KEYS[2], 1, owner) end
end
if waiting then return 'wait' end
if ticketing then return 'ticketing' end
return 'none'
`

/**
 * KEYS: ticket binding, job. ARGV: ticket id, ms a parked ticket waits (before its jitter, as much again), host,
 * binding, the parked chunks that stop the job's new ones. A begun chunk's ticket waits for a busy host: counted among
 * the job's parked chunks (which cap its new ones) and its host's. Past the cap its wait grows with their number, so a
 * job's parked tickets together ask no more often than the cap's worth would (chunks back from a host's pause may all
 * meet it busy at once). The ms it waits; the binding names the host, so the ticket's return takes it off both.
 */
const PARK_BEGUN = NOW + `
local parked = KEYS[2] .. ':parked'
redis.call('ZREMRANGEBYSCORE', parked, '-inf', now)
local wait = tonumber(ARGV[2]) * math.max(1, math.ceil((redis.call('ZCARD', parked) + 1) / tonumber(ARGV[5])))
-- counted until it is back (at most twice its wait, jitter included), with a margin
local until_ms = 2 * wait + 1000
for _, key in ipairs({parked, KEYS[2] .. ':parked-host:' .. ARGV[3]}) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  redis.call('ZADD', key, now + until_ms, ARGV[1])
  if redis.call('PTTL', key) < 2 * until_ms then redis.call('PEXPIRE', key, 2 * until_ms) end
end
redis.call('SET', KEYS[1], ARGV[4] .. ' ' .. ARGV[3], 'KEEPTTL')
return wait
`

/**
 * KEYS: ticket binding, job, key ring. ARGV: ticket id, ms, host, binding, chunk, the host's limit, ttl seconds,
 * prefix, job id. A chunk that has not begun and whose host is busy: `parked` (its ticket stays bound and comes back)
 * while fewer than the limit of the job's chunks are parked for that host and the host is not paused, else `deferred`: the ticket is unbound,
 * free for another chunk at once, and the chunk joins its job's deferred set of that host (the host joins the job's
 * ring of deferred hosts when the set was empty, the job its owner's ring when it had left it). The job's status when
 * it is over (nothing to wait for).
 */
const PARK_OR_DEFER = NOW + ENLIST + `
local f = redis.call('HMGET', KEYS[2], 'status', 'owner')
if f[1] ~= 'queued' and f[1] ~= 'running' then return f[1] or 'missing' end
local parked = KEYS[2] .. ':parked-host:' .. ARGV[3]
redis.call('ZREMRANGEBYSCORE', parked, '-inf', now)
-- a host that asked for time will not have room for a while: its chunk is deferred at once rather than polling
local paused = redis.call('EXISTS', ARGV[8] .. ':host-pause:' .. ARGV[3]) == 1
if not paused and redis.call('ZCARD', parked) < tonumber(ARGV[6]) then
  redis.call('ZADD', parked, now + tonumber(ARGV[2]), ARGV[1])
  redis.call('PEXPIRE', parked, tonumber(ARGV[2]) * 2)
  redis.call('SET', KEYS[1], ARGV[4] .. ' ' .. ARGV[3], 'KEEPTTL')
  return 'parked'
end
local deferred, hosts = KEYS[2] .. ':deferred:' .. ARGV[3], KEYS[2] .. ':deferred-hosts'
if redis.call('ZADD', deferred, tonumber(ARGV[5]), ARGV[5]) == 1 and redis.call('ZCARD', deferred) == 1 then
  redis.call('RPUSH', hosts, ARGV[3])
end
redis.call('EXPIRE', deferred, ARGV[7])
redis.call('EXPIRE', hosts, ARGV[7])
redis.call('SADD', ARGV[8] .. ':sched:deferred-jobs', ARGV[9])
redis.call('EXPIRE', ARGV[8] .. ':sched:deferred-jobs', ARGV[7])
enlist(ARGV[8], KEYS[3], ARGV[9], f[2])
redis.call('DEL', KEYS[1])
return 'deferred'
`

export interface BoundChunk {
  job: string
  chunk: number
  chunkSize: number
  /** Whether the chunk has begun (its job counts it as started): one that has not may still be deferred. */
  begun: boolean
}

/** What the worker asking for a chunk works with. */
export interface HostLimits {
  /** Item leases of one host (JOBS_HOST_CONCURRENCY); as many of a job's chunks may be parked for one host. */
  perHost: number
  /** The asking worker's slots (WORKER_CONCURRENCY): a job gets no new chunk while this many begun chunks wait for busy hosts. */
  concurrency: number
}

/** The fewest parked begun chunks that stop a job's new chunks, whatever the worker's concurrency. */
const MIN_PARKED = 4
const DEFAULT_LIMITS: HostLimits = { perHost: 4, concurrency: MIN_PARKED }

export class FairScheduler {
  constructor (
    private readonly redis: RedisConnection,
    private readonly keys: JobKeys,
    private readonly retentionSeconds: number
  ) {}

  /**
   * Puts a job in its key's ring (and the key in the ring of keys); inputs are stored per chunk beside it. Its chunks
   * are handed out only as far as `countTickets` says their tickets are queued: tickets are interchangeable, so a
   * chunk handed out without one takes another job's, and that job is left a chunk short. The creator has
   * `ticketingMs` for each batch of tickets; past it, the rest waits for a retry of the creation, which stores the
   * inputs of the chunks `from` on (those before have their tickets, and may be done and their inputs dropped).
   */
  async register (id: string, owner: string, chunks: string[][], ticketingMs: number, from = 0, attempt = ''): Promise<void> {
    for (let first = from; first < chunks.length; first += 500) {
      const pipeline = this.redis.pipeline()
      for (let chunk = first; chunk < Math.min(chunks.length, first + 500); chunk++) {
        pipeline.set(this.keys.inputs(id, chunk), JSON.stringify(chunks[chunk]), 'EX', this.retentionSeconds)
      }
      for (const [error] of await pipeline.exec() ?? []) if (error !== null) throw error
    }
    await this.redis.eval(REGISTER_JOB, 3, this.keys.job(id), this.keys.ownerRing(owner), this.keys.keyRing(), id, owner, ticketingMs, attempt)
  }

  /**
   * The tickets of the job's first `chunks` chunks are queued; the next batch (or, after the last, the commit) has
   * `ticketingMs`. `attempt`: the token of the attempt creating the job (empty when resuming a committed one).
   */
  async countTickets (id: string, chunks: number, ticketingMs: number, attempt = ''): Promise<void> {
    await this.redis.eval(COUNT_TICKETS, 1, this.keys.job(id), chunks, ticketingMs, attempt)
  }

  /**
   * The chunk of `ticket`: the one it is bound to, else a deferred chunk whose host has room, else the next in fair
   * order; `wait`, `ticketing` or `none` when there is none (NEXT_CHUNK). A job stops getting new chunks while as many of its begun chunks are
   * parked for busy hosts as the worker has slots (at least 4): parked tickets poll, and past that many they are spaced
   * out (PARK_BEGUN). Chunks asleep for paused hosts do not poll and are not counted.
   */
  async next (ticket: string, limits: HostLimits = DEFAULT_LIMITS): Promise<BoundChunk | 'wait' | 'ticketing' | 'none'> {
    const answer = await this.redis.eval(NEXT_CHUNK, 2, this.keys.ticket(ticket), this.keys.keyRing(),
      this.keys.prefix, this.retentionSeconds, parkedCap(limits), ticket, limits.perHost) as string
    if (answer === 'wait' || answer === 'ticketing' || answer === 'none') return answer
    const [job, chunk, chunkSize, begun] = answer.split(' ')
    return { job, chunk: Number(chunk), chunkSize: Number(chunkSize), begun: begun === '1' }
  }

  /** The inputs of a chunk; null once they are gone (the job ended and expired). */
  async inputs (bound: BoundChunk): Promise<string[] | null> {
    const stored = await this.redis.get(this.keys.inputs(bound.job, bound.chunk))
    return stored === null ? null : JSON.parse(stored) as string[]
  }

  /**
   * The ticket's begun chunk waits for busy `host`, parked: it must be the one to finish it (see `next` for the cap).
   * How long it waits (plus as much jitter): `ms`, longer once its job has the cap's worth parked (PARK_BEGUN).
   */
  async park (ticket: string, bound: BoundChunk, host: string, ms: number, limits: HostLimits = DEFAULT_LIMITS): Promise<number> {
    return await this.redis.eval(PARK_BEGUN, 2, this.keys.ticket(ticket), this.keys.job(bound.job), ticket, ms, host, binding(bound),
      parkedCap(limits)) as number
  }

  /**
   * The ticket's chunk, not begun, waits for `host`: `parked` for `ms` (the ticket comes back to it) while fewer than
   * `perHost` of its job's chunks are parked for that host, else `deferred` (the ticket is free for another chunk; the
   * chunk is handed out again once the host has room); the job's status when it is over.
   */
  async waitForHost (ticket: string, bound: BoundChunk, host: string, ms: number, perHost: number): Promise<string> {
    return await this.redis.eval(PARK_OR_DEFER, 3, this.keys.ticket(ticket), this.keys.job(bound.job), this.keys.keyRing(),
      ticket, ms + 1000, host, binding(bound), bound.chunk, perHost, this.retentionSeconds, this.keys.prefix, bound.job) as string
  }

  /** The ticket's chunk is done (or its job is over): the ticket is spent, the chunk's inputs dropped. */
  async release (ticket: string, bound: BoundChunk): Promise<void> {
    await this.redis.del(this.keys.ticket(ticket), this.keys.inputs(bound.job, bound.chunk))
  }
}

/** The parked begun chunks (waiting for busy hosts) that stop a job's new chunks: the worker's slots, at least 4. */
function parkedCap (limits: HostLimits): number {
  return Math.max(MIN_PARKED, limits.concurrency)
}

/** A ticket's binding as NEXT_CHUNK stores it. */
function binding (bound: BoundChunk): string {
  return `${bound.job} ${bound.chunk} ${bound.chunkSize}`
}
