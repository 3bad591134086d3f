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
  for (let i = 0; i < 300 && running() && !await healthy(); i++) await new Promise((resolve) => setTimeout(resolve, 100))
  if (!await healthy()) throw new Error(`${main} did not start: ${log}`)
  return {
    base,
    pid: child.pid as number,
    log: () => log,
    healthy,
    running,
    stop: async () => {
      if (!running()) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    }
  }
}
