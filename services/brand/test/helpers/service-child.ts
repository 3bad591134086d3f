import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'

// The parent's side of helpers/service-process.ts: the brand service forked into a process of its own, so that the
// memory a test reads is the service's alone.

/** What the service process says of itself: its port (first message only), resident memory and peak (VmHWM). */
export interface ServiceReport { port?: number, rss: number, peak: number }

export interface ServiceChild {
  port: number
  /** The service's memory now, and the most it has held resident so far. */
  report: () => Promise<ServiceReport>
  close: () => Promise<void>
}

/** Starts the service in a process of its own, its fetches of `hosts` mapped to the fixture sites on 127.0.0.1. */
export async function startServiceChild (hosts: string[]): Promise<ServiceChild> {
  const child: ChildProcess = fork(fileURLToPath(new URL('./service-process.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--conditions=@utility-apis/source'],
    env: { ...process.env, FIXTURE_HOSTS: JSON.stringify(hosts) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc']
  })
  const [ready] = await once(child, 'message') as [ServiceReport]
  return {
    port: ready.port ?? 0,
    async report () {
      const answer = once(child, 'message')
      child.send('report')
      return (await answer)[0] as ServiceReport
    },
    async close () {
      if (!child.connected) return
      const exited = once(child, 'exit')
      child.send('close')
      await exited
    }
  }
}
