// The browser runs below the service in the CPU's queue. A page's scripts can keep a renderer process busy for as long
// as its render lasts (a busy loop, a flood of requests); at the same priority, a few such renderers on a 2-core pod
// take the CPU from the Node process, whose timers (a render's deadline) and answers then come late: ten hostile
// analyses at budget 4 s answered after 5.1-6.5 s, and after 3.2-3.3 s with the browser at the lowest priority.
//
// Two settings make that priority, because Linux weighs a thread's nice value against the threads of its own group:
// - inside a container (a CPU cgroup of its own, as in Kubernetes), the browser's threads and the service's share one
//   group: each thread's nice value is what counts;
// - outside one, with autogroups on (sched(7), most desktop and VM kernels), every session is a group and its nice
//   value is the group's. Playwright starts the browser in a session of its own, so its threads at 19 only yield to
//   each other, and the group as a whole shared the CPU with the service's: measured here, the service's main thread
//   waited runnable for up to 4.4 s while the browser ran, and 1 run in 8 answered 2 s past its budget. The group at
//   19 too: none late in 30 runs, no wait over 0.23 s.
import { readFileSync, writeFileSync } from 'node:fs'
import { setPriority } from 'node:os'
import { browserProcesses, threadsOf } from './browser-processes.js'

/** The lowest priority Linux has: the browser gets the CPU the service leaves. */
export const BROWSER_NICENESS = 19
/**
 * How often the browser's threads are set again while pages render. Chromium sets the priority of some of its own
 * threads (its renderer processes to the foreground's, its display threads above it) wherever the system lets it: run
 * as root, it may undo a setting made once; run as any other user it cannot raise a priority, and nothing changes.
 */
const SWEEP_MS = 250

/**
 * Sets every thread of the browsers this process started to BROWSER_NICENESS, and returns how many it set. A thread
 * that ended meanwhile, or a system that refuses, is skipped: the priority is a preference, never a reason for a
 * render to fail.
 */
export function lowerBrowserPriority (): number {
  let lowered = 0
  for (const pid of browserProcesses()) {
    for (const thread of threadsOf(pid)) {
      try {
        setPriority(thread, BROWSER_NICENESS)
        lowered++
      } catch {} // the thread ended since it was listed, or the system refuses: it keeps its priority
    }
  }
  return lowered
}

/** The autogroup of process `pid` (its line reads "/autogroup-254 nice 0"), or null where Linux has none (or it ended). */
function autogroupOf (pid: string): { name: string, nice: number } | null {
  try {
    const [name, , nice] = readFileSync(`/proc/${pid}/autogroup`, 'utf8').trim().split(' ')
    return { name, nice: Number(nice) }
  } catch {
    return null
  }
}

/**
 * Sets the autogroup of each browser this process started to BROWSER_NICENESS, and returns how many it set. Only a
 * group of the browser's own: were the browser in this process's session, the setting would lower the service too.
 * The browser's later processes join its session, so once, at launch, is enough.
 */
export function lowerBrowserGroups (): number {
  const own = autogroupOf('self')
  let lowered = 0
  if (own === null) return lowered
  for (const pid of browserProcesses()) {
    const group = autogroupOf(pid)
    if (group === null || group.name === own.name || group.nice === BROWSER_NICENESS) continue
    try {
      writeFileSync(`/proc/${pid}/autogroup`, String(BROWSER_NICENESS))
      lowered++
    } catch {} // the process ended since it was listed, or the system refuses: the group keeps its priority
  }
  return lowered
}

/** Keeps the browser lowered while any render holds it: at once, then every SWEEP_MS until the last one lets go. */
export class PriorityKeeper {
  #holders = 0
  #timer: NodeJS.Timeout | null = null

  hold (): () => void {
    this.#holders++
    if (this.#timer === null) {
      lowerBrowserPriority()
      this.#timer = setInterval(lowerBrowserPriority, SWEEP_MS).unref()
    }
    let held = true
    return () => {
      if (!held) return
      held = false
      if (--this.#holders === 0 && this.#timer !== null) {
        clearInterval(this.#timer)
        this.#timer = null
      }
    }
  }
}
