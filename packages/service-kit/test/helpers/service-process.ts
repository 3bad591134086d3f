import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { freePort } from './redis-servers.js'

const REPO = fileURLToPath(new URL('../../../../', import.meta.url))

export interface ServiceProcess {
  /** `http://127.0.0.1:<port>` */
  base: string
  pid: number
  /** what it wrote to stdout and stderr so far */
  log: () => string
  healthy: () => Promise<boolean>
  /** whether /health answers 200 within `ms` (a loaded service sheds load with 503 for a while) */
  healthyWithin: (ms: number) => Promise<boolean>
  /** `fetch` of `path`, asked again while the service sheds load (503 with Retry-After), for at most `ms` */
  request: (path: string, init: RequestInit, ms?: number) => Promise<Response>
  /** neither exited nor killed */
  running: () => boolean
  stop: () => Promise<void>
}

/**
 * A service's `src/main.ts` in a process of its own, as deployed (on 127.0.0.1, a free port, `env` and PATH only, the
 * development key), once its /health answers.
 */
export async function startServiceProcess (main: string, env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@utility-apis/source', main], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env }
  })
  let log = ''
  child.stdout.on('data', (chunk) => { log += String(chunk) })
  child.stderr.on('data', (chunk) => { log += String(chunk) })
  const running = (): boolean => child.exitCode === null && child.signalCode === null
  const healthy = async (): Promise<boolean> => await fetch(`${base}/health`).then((r) => r.ok, () => false)
  // a loaded machine may take a while to compile and start a service from its TypeScript source
  const until = Date.now() + 60_000
  while (running() && !await healthy() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100))
  if (!await healthy()) throw new Error(`${main} did not start: ${log}`)
  const healthyWithin = async (ms: number): Promise<boolean> => {
    const until = Date.now() + ms
    while (!await healthy() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 250))
    return await healthy()
  }
  const request = async (path: string, init: RequestInit, ms = 30_000): Promise<Response> => {
    const until = Date.now() + ms
    for (;;) {
      const response = await fetch(`${base}${path}`, init)
      if (response.status !== 503 || response.headers.get('retry-after') === null || Date.now() >= until) return response
      await response.arrayBuffer()
      await new Promise((resolve) => setTimeout(resolve, 1000 * Number(response.headers.get('retry-after'))))
    }
  }
  return {
    base,
    pid: child.pid as number,
    log: () => log,
    healthy,
    healthyWithin,
    request,
    running,
    stop: async () => {
      if (!running()) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    }
  }
}
