import type { FastifyBaseLogger } from 'fastify'
import type { Cluster } from 'ioredis'
import type { QuotaStoreHealth } from '@utility-apis/auth-quota'
import type { RedisClient } from './redis-client.js'

/**
 * Whether the shared Redis (or every primary of a Redis Cluster) can be reached, for the quota and the
 * `quota_store_up` gauge. Down as soon as the client loses a connection or a store call fails for want of one (a call
 * that was only slow says nothing: a busy Redis is still there); up again once the client is connected and a PING to
 * every primary answers within `timeoutMs`. One warning when it goes down, one line when it is back.
 * The cluster client removes a primary it lost from its pool without reconnecting: while one is missing, the check
 * asks the cluster for its slots again, which brings a restarted primary (or the replica promoted in its place) in.
 */
export class RedisStoreHealth implements QuotaStoreHealth {
  /** null until the first verdict: the first one is logged only when it is "down". */
  private state: boolean | null
  private probing = false
  private closed = false
  private readonly timer: NodeJS.Timeout
  private readonly timeoutMs: number

  constructor (private readonly redis: RedisClient, private readonly log: FastifyBaseLogger, options: { checkMs?: number, timeoutMs?: number } = {}) {
    const checkMs = options.checkMs ?? 1000
    this.timeoutMs = options.timeoutMs ?? 1000
    this.state = this.connected() ? true : null
    for (const event of ['close', 'end', '-node']) redis.on(event, () => { if (!this.connected()) this.set(false) })
    redis.on('ready', () => this.check())
    this.timer = setInterval(() => this.check(), checkMs).unref()
    this.check()
  }

  get up (): boolean {
    return this.state === true
  }

  reportFailure (): void {
    this.set(false)
  }

  /** Stops checking; the connection's end that follows on shutdown is not an outage to report. */
  close (): void {
    this.closed = true
    clearInterval(this.timer)
  }

  /** Connected by the client's own account: for a cluster, a live connection to the primary of every slot. */
  private connected (): boolean {
    if (this.redis.status !== 'ready') return false
    if (!this.redis.isCluster) return true
    const cluster = this.redis as Cluster
    const primaries = new Set(cluster.nodes('master').map((node) => `${node.options.host}:${node.options.port}`))
    return cluster.slots.every((owners) => owners === undefined || primaries.has(owners[0]))
  }

  private check (): void {
    if (!this.connected()) {
      this.set(false)
      if (this.redis.isCluster && this.redis.status === 'ready') (this.redis as Cluster).refreshSlotsCache()
      return
    }
    if (this.state === true || this.probing) return
    this.probing = true
    const nodes = this.redis.isCluster ? (this.redis as Cluster).nodes('master') : [this.redis]
    const timeout = new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('timeout')), this.timeoutMs).unref())
    Promise.race([Promise.all(nodes.map(async (node) => await node.ping())), timeout]).then(
      () => this.set(this.connected()),
      () => this.set(false)
    ).finally(() => { this.probing = false })
  }

  private set (up: boolean): void {
    if (this.state === up || this.closed) return
    const before = this.state
    this.state = up
    // The URL may hold a password: it is never logged
    if (!up) this.log.warn('quota store (Redis) unreachable: QUOTA_FAIL_MODE applies until it is back')
    else if (before === false) this.log.info('quota store (Redis) reachable again')
  }
}
