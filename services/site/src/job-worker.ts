import type { WorkerProcessDefinition } from '@utility-apis/jobs'
import { launchRenderer } from '@utility-apis/renderer'
import { RENDER_CONCURRENCY } from './domain/rendering/observe-rendering.js'
import { siteFetchers } from './fetchers.js'
import { JOBS_PATH, siteJobItems } from './routes/jobs.route.js'

type Env = Record<string, string | undefined>

/**
 * The job worker process (`node dist/worker.js`): items analysed as the API's single call answers them, rendering
 * included when RENDERER=chromium, so a job run by a separate worker equals one run inline.
 */
export function siteWorker (env: Env, warn: (message: string) => void): WorkerProcessDefinition {
  return {
    service: 'site',
    port: 3004,
    jobsPath: JOBS_PATH,
    resultField: 'analysis',
    build: async (config) => {
      const { fetcher, fetchAs, close } = siteFetchers(config.fetchPolicy)
      const renderer = await launchRenderer(env, { maxConcurrent: RENDER_CONCURRENCY, fetcher }, warn)
      return {
        processor: siteJobItems({ fetcher, fetchAs, clock: () => new Date(), renderer }),
        fetcher: { ...fetcher, close },
        close: async () => { await renderer?.close() }
      }
    }
  }
}
