import { readdirSync, readFileSync } from 'node:fs'

export interface ProcessMemory {
  /** Resident memory of every process under this one (the browser and its renderers), in bytes. */
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

function rssOf (pid: string): number {
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
export function childProcessMemory (command: string, root = String(process.pid)): ProcessMemory {
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
    rssBytes += rssOf(pid)
    processes++
    queue.push(...(children.get(pid) ?? []))
  }
  return { rssBytes, processes }
}
