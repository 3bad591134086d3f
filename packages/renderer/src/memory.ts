import { readdirSync, readFileSync } from 'node:fs'
import { BROWSER_MARK } from './lockdown.js'

export interface ProcessMemory {
  /** Memory of the browser and its renderer processes, in bytes: the sum of their PSS (RSS where PSS is unreadable). */
  rssBytes: number
  processes: number
}

const PAGE_SIZE = 4096

function parentOf (pid: string): string | null {
  try {
    // the command name is in parentheses and may hold spaces: the fields after its closing one are fixed
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? null
  } catch {
    return null
  }
}

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

function commandOf (pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return ''
  }
}

/**
 * The memory of the process trees this Node process started whose command line contains `command` (the browser's
 * executable), read from /proc (Linux); zero elsewhere.
 */
function childProcessMemory (command: string, root = String(process.pid)): ProcessMemory {
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return { rssBytes: 0, processes: 0 }
  }
  const children = new Map<string, string[]>()
  for (const pid of pids) {
    const parent = parentOf(pid)
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid])
  }
  let rssBytes = 0
  let processes = 0
  const queue = (children.get(root) ?? []).filter((pid) => commandOf(pid).includes(command))
  // a process tree is finite and acyclic; the visited set guards against a pid reused mid-walk
  const seen = new Set<string>()
  while (queue.length > 0) {
    const pid = queue.pop() as string
    if (seen.has(pid)) continue
    seen.add(pid)
    rssBytes += memoryOf(pid)
    processes++
    queue.push(...(children.get(pid) ?? []))
  }
  return { rssBytes, processes }
}

/** The memory of the browsers this package started under process `pid` (this process by default). */
export function browserMemory (pid = process.pid): ProcessMemory {
  return childProcessMemory(BROWSER_MARK, String(pid))
}
