import { runWorkerProcess } from '@utility-apis/jobs'
import { siteWorker } from './job-worker.js'

// A site job worker: `node dist/worker.js`, as many processes and machines as the queue needs.
const warn = (message: string): void => { process.stderr.write(`site worker: ${message}\n`) }
try {
  await runWorkerProcess(siteWorker(process.env, warn), process.env)
} catch (err) {
  warn((err as Error).message)
  process.exit(1)
}
