import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSafeFetcher, type SafeFetcher } from '@utility-apis/safe-fetch'
import { afterAll, beforeAll, describe } from 'vitest'
import { browserProcesses } from '../../src/browser-processes.js'
import { createRenderer, type Renderer } from '../../src/index.js'
import { sitePages, startFixture, type Fixture } from './fixture-site.js'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const inCi = (process.env.CI ?? '') !== '' && process.env.CI !== 'false'
/** Whether the browser tests run: in CI a missing chromium fails the run (the launch throws) instead of skipping. */
export const browserRuns = existsSync(CHROMIUM) || inCi
export const SKIP_REASON = `skipped: no chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`

/** `describe` when chromium can run here; otherwise a skipped suite whose name says why. */
export function browserSuite (name: string, body: () => void): void {
  // a loaded machine shares its two cores with the browser: page renders get room beyond vitest's 5 s default
  if (browserRuns) describe(name, { timeout: 30_000 }, body)
  else describe.skip(`${name} (${SKIP_REASON})`, body)
}

/** The browser processes this process started (their command line carries the renderer's unresolvable proxy). */
export function browserPids (parent = process.pid): number[] {
  const pids: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === parent && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('--proxy-server=http://blackhole.invalid:9')) pids.push(Number(name))
    } catch {
      // the process ended while the list was read: it is no browser to find
    }
  }
  return pids
}

/** Kills the browsers this process started, as the OOM killer or a crash would: no chance to clean up. */
export function killBrowsers (parent = process.pid): number {
  const pids = browserPids(parent)
  for (const pid of pids) process.kill(pid, 'SIGKILL')
  return pids.length
}

/** The renderer processes (those of open pages among them) of the browser `parent` started. */
export function pageProcesses (parent: number): string[] {
  return browserProcesses(String(parent)).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')
    } catch {
      return false // it ended since it was listed
    }
  })
}

/** The CPU time process `pid` has used, in ms (0 once it ended). */
export function cpuMs (pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const [utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ').slice(11, 13).map(Number)
    return (utime + stime) * 10
  } catch {
    return 0 // it ended since it was listed
  }
}

export interface GatedBrowser {
  /** the executable to launch: it records each start, then waits for the gate before it becomes the real browser */
  path: string
  /** how many times it was started */
  starts: () => number
  /** lets waiting and later starts through; with `missing`, every start fails at once instead */
  open: () => void
  remove: () => void
}

/**
 * A browser that cannot start yet: a launch hangs until `open()` (a slow start), or, when `failing`, fails at once
 * until `open()` (a missing or broken browser that comes back).
 */
export function gatedBrowser (failing = false): GatedBrowser {
  const dir = mkdtempSync(join(tmpdir(), 'gated-chromium-'))
  const gate = join(dir, 'open')
  const log = join(dir, 'starts')
  // a launch still waiting when the test removes the browser gives up (it was left polling for good, one per test run)
  const wait = failing ? `[ -e '${gate}' ] || exit 1` : `while [ ! -e '${gate}' ]; do [ -d '${dir}' ] || exit 1; sleep 0.05; done`
  const path = join(dir, 'chromium')
  writeFileSync(path, `#!/bin/sh\necho start >> '${log}'\n${wait}\nexec '${CHROMIUM}' "$@"\n`)
  chmodSync(path, 0o755)
  return {
    path,
    starts: () => existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0,
    open: () => { writeFileSync(gate, '') },
    remove: () => { rmSync(dir, { recursive: true, force: true }) }
  }
}

/** What `withRenderer` sets up for a suite: the fixture site and a renderer whose fetcher may reach it (127.0.0.1 only). */
export interface RendererSetup {
  site: Fixture
  renderer: Renderer
}

/**
 * Inside a `browserSuite`: the fixture site (its private links aim at 127.0.0.2, outside the allow list; or a site of
 * the suite's own, `pages`) and a renderer of `maxConcurrent` pages, made before the suite's tests and closed after them.
 */
export function withRenderer (maxConcurrent: number, pages?: Parameters<typeof startFixture>[0]): RendererSetup {
  const setup = {} as RendererSetup
  let fetcher: SafeFetcher | undefined
  beforeAll(async () => {
    setup.site = await startFixture(pages ?? sitePages(() => 'http://127.0.0.2'))
    fetcher = createSafeFetcher({ allowCidrs: ['127.0.0.1/32'] })
    setup.renderer = createRenderer({ fetcher, executablePath: CHROMIUM, maxConcurrent, heapMb: 64 })
  }, 30_000)
  afterAll(async () => {
    await setup.renderer?.close()
    await fetcher?.close()
    await setup.site?.close()
  })
  return setup
}
