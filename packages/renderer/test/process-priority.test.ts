import { readFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import { expect, it } from 'vitest'
import { browserProcesses } from '../src/browser-processes.js'
import { BROWSER_NICENESS } from '../src/process-priority.js'
import { browserSuite, withRenderer } from './helpers/chromium.js'

/** Whether process `pid` is a renderer process (a page's), false once it has ended. */
function isRendererProcess (pid: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')
  } catch {
    return false
  }
}

/** The nice value of thread `tid` of process `pid` (field 19 of its stat), or null once it has ended. */
function nicenessOf (pid: string, tid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  } catch {
    return null
  }
}

browserSuite('the browser runs below the service in the CPU queue', () => {
  const setup = withRenderer(2)

  it('runs the pages\' scripts (each renderer process\'s main thread) at the lowest priority while pages render', async () => {
    // two pages whose scripts never stop, in renderer processes started after the launch
    const renders = Promise.all([1, 2].map(async () => await setup.renderer.render(`${setup.site.origin}/loop`, { timeoutMs: 3000 })))
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const pages = browserProcesses().filter(isRendererProcess)
    expect(pages.length).toBeGreaterThanOrEqual(2)
    // Chromium may set other threads of its own (a compositor, a pool's worker) between two sweeps when run as root
    expect(pages.map((pid) => nicenessOf(pid, Number(pid)))).toEqual(pages.map(() => BROWSER_NICENESS))
    expect((await renders).map((r) => r.stopped)).toEqual(['timeout', 'timeout'])
    // this process keeps its own
    expect(getPriority()).toBeLessThan(BROWSER_NICENESS)
  }, 60_000)
})
