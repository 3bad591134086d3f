import { afterAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { jobsSettingsFromEnv } from '../src/settings.js'
import { dropPrefix, REDIS_URL } from './helpers.js'
import { buildJobsApp, testKey, testPrefix } from './routes/jobs-app.js'

let app: FastifyInstance | undefined
const prefix = testPrefix()

describe.skipIf(REDIS_URL === undefined)('mountJobs (REDIS_URL)', () => {
  afterAll(async () => {
    await app?.close()
    if (REDIS_URL !== undefined) await dropPrefix(prefix)
  })

  it('puts the API\'s engine on JOBS_PREFIX, the prefix its worker processes read', async () => {
    const built = await buildJobsApp(testKey(), { settings: jobsSettingsFromEnv({ JOBS_PREFIX: prefix }) })
    app = built.app
    expect(built.engine()?.keys.prefix).toBe(prefix)
  })
})
