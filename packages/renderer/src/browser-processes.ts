// The processes of the browsers this package started, found in /proc (Linux): the browser, its zygotes and its
// renderer, GPU and utility processes. Elsewhere, none.
import { readdirSync, readFileSync } from 'node:fs'
import { BROWSER_MARK } from './lockdown.js'

function parentOf (pid: string): string | null {
  try {
    // the command name is in parentheses and may hold spaces: the fields after its closing one are fixed
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? null
  } catch {
    return null
  }
}

function commandOf (pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
  } catch {
    return ''
  }
}

/** Every process's pid, or none where /proc cannot be read (not Linux). */
function allProcesses (): string[] {
  try {
    return readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return []
  }
}

/** The top processes of the browsers under `root` (this process by default): those whose command line holds `command`. */
export function launchedBrowsers (root = String(process.pid), command = BROWSER_MARK): string[] {
  return allProcesses().filter((pid) => parentOf(pid) === root && commandOf(pid).includes(command))
}

/**
 * The pids of the process trees under `root` (this process by default) whose top process's command line holds
 * `command` (BROWSER_MARK: the browsers this package launched).
 */
export function browserProcesses (root = String(process.pid), command = BROWSER_MARK): string[] {
  const pids = allProcesses()
  const children = new Map<string, string[]>()
  for (const pid of pids) {
    const parent = parentOf(pid)
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), pid])
  }
  const queue = (children.get(root) ?? []).filter((pid) => commandOf(pid).includes(command))
  // a process tree is finite and acyclic; the visited set guards against a pid reused mid-walk
  const seen = new Set<string>()
  while (queue.length > 0) {
    const pid = queue.pop() as string
    if (seen.has(pid)) continue
    seen.add(pid)
    queue.push(...(children.get(pid) ?? []))
  }
  return [...seen]
}

/** The threads of process `pid` (on Linux a nice value belongs to a thread, not to its process). */
export function threadsOf (pid: string): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number)
  } catch {
    return []
  }
}
