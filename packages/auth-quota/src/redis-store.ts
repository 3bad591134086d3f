import calculateSlot from 'cluster-key-slot'
import type { Cluster, Redis } from 'ioredis'
import { checkRefundUnits, QuotaStoreFullError, QuotaStoreOfflineError, type ConsumeResult, type QuotaStore } from './quota-store.js'

// Check and count each call in one script, so replicas can neither overshoot nor lose a count. The calls of one
// event-loop turn share one evaluation (KEYS[i] is call i's counter; ARGV holds the TTL, then each call's cost and
// limit) and are checked and counted one after another inside it, each exactly as a script of its own would: Redis runs
// a script without interleaving anything else. Each counter is read once and written once per evaluation, however many
// of its calls the turn holds: a busy key costs Redis two commands per turn instead of two or three per call, and Redis
// is the one part every replica shares. A counter that is not a number fails its own calls only (pcall; its writes are
// never attempted). The window is in the key; the TTL, set by the write that creates the counter, only cleans up, so a
// skewed clock can never expire a live counter early. A negative cost is a refund: it lowers the counter, never below
// zero, and never creates one; refunds join the same evaluation as the turn's consumes, so they are as atomic. A refund
// with an id is applied once: its id is recorded in the counter's `:refunds` hash (KEYS[n + i], same hash tag, same
// slot) by the evaluation that applies it, and a retried refund finds it there and changes nothing.
const CONSUME = `
local ttl = ARGV[1]
local n = #KEYS / 2
local counters, created, changed, order = {}, {}, {}, {}
local out = {}
for i = 1, n do
  local key = KEYS[i]
  local used = counters[key]
  if used == nil then
    local stored = redis.pcall('GET', key)
    if type(stored) == 'table' then
      used = false
    else
      used = tonumber(stored or '0') or false
    end
    counters[key] = used
    created[key] = stored == false
  end
  if used == false then
    out[2 * i - 1] = -1
    out[2 * i] = 0
  else
    local cost = tonumber(ARGV[3 * i - 1])
    local refundId = ARGV[3 * i + 1]
    local after = used + cost
    if cost < 0 and refundId ~= '' and redis.call('HSETNX', KEYS[n + i], refundId, 1) == 0 then
      after = used
      out[2 * i - 1] = 1
    elseif cost < 0 then
      if refundId ~= '' then redis.call('EXPIRE', KEYS[n + i], ttl, 'NX') end
      if after < 0 then after = 0 end
      out[2 * i - 1] = 1
    elseif after > tonumber(ARGV[3 * i]) then
      after = used
      out[2 * i - 1] = 0
    else
      out[2 * i - 1] = 1
    end
    if after ~= used then
      used = after
      counters[key] = used
      if not changed[key] then
        changed[key] = true
        order[#order + 1] = key
      end
    end
    out[2 * i] = used
  end
end
for _, key in ipairs(order) do
  if created[key] then
    redis.call('SET', key, string.format('%d', counters[key]), 'EX', ttl)
  else
    redis.call('SET', key, string.format('%d', counters[key]), 'KEEPTTL')
  end
end
return out
`

const CLEANUP_TTL_SECONDS = 62 * 24 * 3600
// Bounds the time one evaluation holds Redis (each call is a few microseconds there).
const MAX_CALLS_PER_SCRIPT = 256

type WithConsume = (Redis | Cluster) & { quotaConsume: (keyCount: number, ...args: Array<string | number>) => Promise<number[]> }

interface PendingCall {
  key: string
  cost: number
  limit: number
  /** A refund's id ('' for none): applied once per counter. */
  refundId: string
  resolve: (result: ConsumeResult) => void
  reject: (err: Error) => void
}

export class QuotaKeyError extends Error {
  constructor () { super('The quota counter could not be read') }
}

export class QuotaTimeoutError extends Error {
  constructor (timeoutMs: number) { super(`The quota store did not answer within ${timeoutMs} ms`) }
}

export interface RedisQuotaStoreOptions {
  /** No call waits longer than this for Redis (1,000 ms); it is then rejected with a QuotaTimeoutError (slow, not down). */
  timeoutMs?: number
}

export class RedisQuotaStore implements QuotaStore {
  readonly kind = 'redis'
  private readonly redis: WithConsume
  private pending: PendingCall[] = []
  readonly timeoutMs: number

  constructor (redis: Redis | Cluster, private readonly prefix = 'q', options: RedisQuotaStoreOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 1000
    if (!('quotaConsume' in redis)) redis.defineCommand('quotaConsume', { lua: CONSUME })
    // This store batches its own calls per turn; the client's auto-pipelining would hold the batch one more turn.
    const ignored = redis.options.autoPipeliningIgnoredCommands ??= []
    if (!ignored.includes('quotaConsume')) ignored.push('quotaConsume')
    this.redis = redis as WithConsume
  }

  // The key id is the hash tag: on a Redis Cluster every counter lives in one slot, whatever its window
  static keyFor (prefix: string, keyId: string, windowId: string) {
    return `${prefix}:{${keyId}}:${windowId}`
  }

  consume (keyId: string, windowId: string, cost: number, limit: number): Promise<ConsumeResult> {
    return new Promise((resolve, reject) => {
      this.enqueue({ key: RedisQuotaStore.keyFor(this.prefix, keyId, windowId), cost, limit, refundId: '', resolve, reject })
    })
  }

  private enqueue (call: PendingCall) {
    // setImmediate runs after the poll phase: every call whose request was read in this turn joins the batch.
    if (this.pending.length === 0) setImmediate(this.flush)
    this.pending.push(call)
  }

  refund (keyId: string, windowId: string, units: number, refundId: string | null): Promise<number> {
    try {
      checkRefundUnits(units)
    } catch (err) {
      return Promise.reject(err)
    }
    const key = RedisQuotaStore.keyFor(this.prefix, keyId, windowId)
    return new Promise<ConsumeResult>((resolve, reject) => {
      this.enqueue({ key, cost: -units, limit: 0, refundId: refundId ?? '', resolve, reject })
    }).then((r) => r.used)
  }

  private readonly flush = () => {
    const calls = this.pending
    this.pending = []
    // A script's keys must share a slot on a cluster: one evaluation per slot there, one for all on a single Redis
    const groups = new Map<number, PendingCall[]>()
    for (const call of calls) {
      const slot = this.redis.isCluster ? calculateSlot(call.key) : 0
      const group = groups.get(slot)
      if (group === undefined) groups.set(slot, [call])
      else group.push(call)
    }
    for (const group of groups.values()) {
      for (let start = 0; start < group.length; start += MAX_CALLS_PER_SCRIPT) {
        this.evaluate(group.slice(start, start + MAX_CALLS_PER_SCRIPT))
      }
    }
  }

  // One timer per evaluation, not per call. An evaluation that answers after its calls gave up has still counted them:
  // the units it admitted are given back, so a call refused (or admitted by the fail-open fallback) is not also counted.
  private evaluate (calls: PendingCall[]) {
    // a client that queues nothing while disconnected (the services' enableOfflineQueue: false) would refuse the call
    // unsent: said here, before anything is sent, so that its caller knows the call changed nothing
    if (this.redis.status !== 'ready' && this.redis.options.enableOfflineQueue === false) {
      const err = new QuotaStoreOfflineError()
      for (const c of calls) c.reject(err)
      return
    }
    const args: Array<string | number> = calls.map((c) => c.key)
    for (const c of calls) args.push(`${c.key}:refunds`)
    args.push(CLEANUP_TTL_SECONDS)
    for (const c of calls) args.push(c.cost, c.limit, c.refundId)
    let answered = false
    let timedOut = false
    // Timers run before the poll phase that reads replies: on a busy event loop a reply already received would lose
    // to its own timer. The verdict waits for that poll phase (setImmediate), so only a reply that has not arrived
    // times out.
    const timer = setTimeout(() => setImmediate(() => {
      if (answered) return
      timedOut = true
      const err = new QuotaTimeoutError(this.timeoutMs)
      for (const c of calls) c.reject(err)
    }), this.timeoutMs)
    this.redis.quotaConsume(2 * calls.length, ...args).then((out) => {
      answered = true
      clearTimeout(timer)
      if (timedOut) return this.giveBackLate(calls, out)
      for (const [i, c] of calls.entries()) {
        const verdict = out[2 * i]
        if (verdict === -1) c.reject(new QuotaKeyError())
        else c.resolve({ admitted: verdict === 1, used: Number(out[2 * i + 1]) })
      }
    }, (err: Error) => {
      answered = true
      clearTimeout(timer)
      // Redis refuses a script at its first write when full (noeviction), before anything of it is applied
      const refusal = err.message.startsWith('OOM ') ? new QuotaStoreFullError() : err
      if (!timedOut) for (const c of calls) c.reject(refusal)
    })
  }

  private giveBackLate (calls: PendingCall[], out: number[]) {
    for (const [i, c] of calls.entries()) {
      if (out[2 * i] === 1 && c.cost > 0) this.enqueue({ key: c.key, cost: -c.cost, limit: 0, refundId: '', resolve: () => {}, reject: () => {} })
    }
  }

  // The client belongs to whoever created it (the service kit closes it).
  async close () {}
}
