// The browser runs below the service in the CPU's queue. A page's scripts can keep a renderer process busy for as long
// as its render lasts (a busy loop, a flood of requests); at the same priority, a few such renderers on a 2-core pod
// take the CPU from the Node process, whose timers (a render's deadline) and answers then come late: ten hostile
// analyses at budget 4 s answered after 5.1-6.5 s, and after 3.2-3.3 s with the browser at the lowest priority.
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
