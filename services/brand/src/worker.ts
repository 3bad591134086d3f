import { runWorkerProcess } from '@utility-apis/jobs'
import { brandWorker } from './job-worker.js'

// A brand job worker: `node dist/worker.js`, as many processes and machines as the queue needs.
const warn = (message: string): void => { process.stderr.write(`brand worker: ${message}\n`) }
try {
  await runWorkerProcess(brandWorker(process.env, warn), process.env)
} catch (err) {
  warn((err as Error).message)
  process.exit(1)
}
