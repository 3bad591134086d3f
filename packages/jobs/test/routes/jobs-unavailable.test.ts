import { Cluster, Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { freePort, hasRedisServer, startCluster } from '../../../service-kit/test/helpers/redis-servers.js'
import { connectRedis } from '../../src/connection.js'
import { redisUnavailable } from '../../src/routes/jobs-unavailable.js'

// What ioredis itself rejects a command with while its Redis is away, as the API's connections are set up (no
// offline queue once connected): each must be the 503 jobs_unavailable, never a 500

describe('redisUnavailable', () => {
  it('recognises a single Redis that is away, and a Redis Cluster that is away', async () => {
    const port = await freePort()
    const single = new Redis(port, '127.0.0.1', { enableOfflineQueue: false, lazyConnect: true, maxRetriesPerRequest: 0 })
    const cluster = new Cluster([{ host: '127.0.0.1', port }], { enableOfflineQueue: false, lazyConnect: true, clusterRetryStrategy: () => null })
    try {
      const errors = await Promise.all([single.get('k'), cluster.get('k')].map(async (command) => await command.then(() => null, (error: unknown) => error)))
      expect(errors.map((error) => (error as Error).message)).toEqual([expect.stringContaining('Stream isn\'t writeable'), expect.stringContaining('Cluster isn\'t ready')])
      expect(errors.map(redisUnavailable)).toEqual([true, true])
    } finally {
      single.disconnect()
      cluster.disconnect()
    }
  })

  // A primary lost: commands meet its closed connection, MOVED to it, then (past cluster-node-timeout) CLUSTERDOWN, and
  // ioredis rejects each as "Too many Cluster redirections. Last error: ..." once its redirections run out
  it.skipIf(!hasRedisServer)('recognises every error of a Redis Cluster that lost a primary, for keys of every node', async () => {
    const { nodes, servers } = await startCluster()
    const client = connectRedis(nodes, 'api') as Cluster
    const keys = Array.from({ length: 12 }, (_, i) => `jobs-unavailable-${i}`)
    const errors: Error[] = []
    try {
      await Promise.all(keys.map(async (key) => await client.set(key, '1')))
      servers[0].kill('SIGKILL')
      const until = Date.now() + 9000
      while (Date.now() < until) {
        const answers = await Promise.all(keys.map(async (key) => await client.get(key).then(() => null, (error: unknown) => error as Error)))
        errors.push(...answers.filter((error) => error !== null))
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    } finally {
      client.disconnect()
      for (const server of servers) server.kill('SIGKILL')
    }
    expect(errors.length).toBeGreaterThan(0)
    expect(errors.filter((error) => !redisUnavailable(error)).map((error) => error.message)).toEqual([])
  }, 30_000)

  it('leaves every other error to the service\'s own handler', () => {
    expect(redisUnavailable(new Error('ERR wrong number of arguments'))).toBe(false)
    expect(redisUnavailable(new TypeError('x is undefined'))).toBe(false)
  })
})
