import { runWorkerProcess } from '@utility-apis/jobs'
import { siteFetchers } from './fetchers.js'
import { JOBS_PATH, siteJobItems } from './routes/jobs.route.js'

// A site job worker: `node dist/worker.js`, as many processes and machines as the queue needs.
try {
  await runWorkerProcess({
    service: 'site',
    port: 3004,
    jobsPath: JOBS_PATH,
    resultField: 'analysis',
    build: (config) => {
      const { fetcher, fetchAs, close } = siteFetchers(config.fetchPolicy)
      return { processor: siteJobItems({ fetcher, fetchAs, clock: () => new Date() }), fetcher: { ...fetcher, close } }
    }
  }, process.env)
} catch (err) {
  process.stderr.write(`site worker: ${(err as Error).message}\n`)
  process.exit(1)
}
