import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const REPO = fileURLToPath(new URL('../../../../', import.meta.url))
const WORKER = fileURLToPath(new URL('../../src/worker.ts', import.meta.url))

export interface WorkerProcessOptions {
  redisUrl: string
  prefix: string
  hosts: string[]
  concurrency: number
  metricsPort: number
  lockMs?: number
  /** More variables, e.g. NODE_ENV=test with JOBS_TEST_CRASH_AT. */
  env?: Record<string, string>
  /** Pipe stdout and stderr to the test (else stdout is dropped and stderr is the test's). */
  capture?: boolean
}

/**
 * `src/worker.ts` in a process of its own (one node process, so a SIGKILL kills the worker itself), with fixture
 * hosts mapped to 127.0.0.1 the way a developer would with UNSAFE_FETCH_*.
 */
export function spawnWorker (options: WorkerProcessOptions): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', '--conditions=@utility-apis/source', WORKER], {
    cwd: REPO,
    stdio: options.capture === true ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      REDIS_URL: options.redisUrl,
      JOBS_PREFIX: options.prefix,
      JOBS_LOCK_MS: String(options.lockMs ?? 2000),
      WORKER_CONCURRENCY: String(options.concurrency),
      WORKER_METRICS_PORT: String(options.metricsPort),
      UNSAFE_FETCH_ALLOW_CIDRS: '127.0.0.1/32',
      UNSAFE_FETCH_HOST_MAP: options.hosts.map((host) => `${host}=127.0.0.1`).join(','),
      LOG_LEVEL: 'warn',
      ...options.env
    }
  })
}

export async function stopProcess (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  await exited
}
