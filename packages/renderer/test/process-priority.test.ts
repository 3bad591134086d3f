import { readFileSync } from 'node:fs'
import { getPriority } from 'node:os'
import { expect, it } from 'vitest'
import { browserProcesses } from '../src/browser-processes.js'
import { BROWSER_NICENESS } from '../src/process-priority.js'
import { browserPids, browserSuite, withRenderer } from './helpers/chromium.js'

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

/** The autogroup line of process `pid` ("/autogroup-254 nice 0"), or null on a kernel without autogroups. */
function autogroupOf (pid: number | 'self'): string | null {
  try {
    return readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim()
  } catch {
    return null
  }
}

browserSuite('the browser runs below the service in the CPU queue', () => {
  const setup = withRenderer(2)

  it('runs the pages\' scripts (each renderer process\'s main thread) at the lowest priority while pages render', async () => {
    // two pages whose scripts never stop, in renderer processes started after the launch
    const renders = Promise.all([1, 2].map(async () => await setup.renderer.render(`${setup.site.origin}/loop`, { timeoutMs: 5000 })))
    // Chromium sets a renderer's priority itself at moments of its own (its start, a change of visibility) where the
    // system lets it (run as root): the next sweep sets it back, so the state is read until every page's reads 19
    const seen: Array<Array<number | null>> = []
    const started = Date.now()
    while (Date.now() - started < 3500) {
      const pages = browserProcesses().filter(isRendererProcess)
      const values = pages.map((pid) => nicenessOf(pid, Number(pid)))
      seen.push(values)
      if (pages.length >= 2 && values.every((value) => value === BROWSER_NICENESS)) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(seen.at(-1), `renderer processes' nice values, read every 50 ms: ${JSON.stringify(seen.slice(-5))}`)
      .toEqual(expect.arrayContaining([BROWSER_NICENESS, BROWSER_NICENESS]))
    expect(seen.at(-1)?.every((value) => value === BROWSER_NICENESS)).toBe(true)
    expect((await renders).map((r) => r.stopped)).toEqual(['timeout', 'timeout'])
    // this process keeps its own
    expect(getPriority()).toBeLessThan(BROWSER_NICENESS)
  }, 60_000)

  it('puts the browser\'s session group at the lowest priority, where the kernel groups by session, and leaves the service\'s', async () => {
    const own = autogroupOf('self')
    await setup.renderer.start()
    const groups = browserPids().map(autogroupOf)
    expect(groups.length).toBeGreaterThan(0)
    if (own === null) {
      // a kernel built without autogroups weighs each thread alone: the threads' own setting is the whole of it
      expect(groups).toEqual(groups.map(() => null))
      return
    }
    // the browser is in a session of its own (Playwright starts it so), whose group alone is lowered
    for (const group of groups) {
      expect(group?.split(' ')[0]).not.toBe(own.split(' ')[0])
      expect(group).toMatch(new RegExp(` nice ${BROWSER_NICENESS}$`))
    }
    expect(autogroupOf('self')).toBe(own)
  })
})
