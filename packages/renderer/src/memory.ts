import { readFileSync } from 'node:fs'
import { browserProcesses } from './browser-processes.js'
import { BROWSER_MARK } from './lockdown.js'

export interface ProcessMemory {
  /** Memory of the browser and its renderer processes, in bytes: the sum of their PSS (RSS where PSS is unreadable). */
  rssBytes: number
  processes: number
}

const PAGE_SIZE = 4096

/**
 * A process's proportional set size: its private pages plus its share of pages it shares (Chromium's processes share
 * most of their code), so the sum over the browser's processes is what they hold together. RSS where PSS is unreadable.
 */
function memoryOf (pid: string): number {
  try {
    const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))
    if (pss !== null) return Number(pss[1]) * 1024
  } catch {} // no smaps_rollup (an older kernel, or the process just ended): its RSS below
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_SIZE
  } catch {
    return 0
  }
}

/** The memory of the browsers this package started under process `pid` (this process by default). */
export function browserMemory (pid = process.pid): ProcessMemory {
  const pids = browserProcesses(String(pid), BROWSER_MARK)
  return { rssBytes: pids.reduce((sum, each) => sum + memoryOf(each), 0), processes: pids.length }
}
