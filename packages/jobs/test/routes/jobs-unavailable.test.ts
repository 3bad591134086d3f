import { Cluster, Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { freePort } from '../../../service-kit/test/helpers/redis-servers.js'
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

  it('leaves every other error to the service\'s own handler', () => {
    expect(redisUnavailable(new Error('ERR wrong number of arguments'))).toBe(false)
    expect(redisUnavailable(new TypeError('x is undefined'))).toBe(false)
  })
})
