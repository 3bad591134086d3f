import { totalmem } from 'node:os'

/**
 * Share of the container's memory limit past which business calls are shed and no more memory-hungry work starts.
 * Every call holds what it fetched (pages, logo files: 2 MiB each at most) until it answers, and nothing else bounds
 * the calls at once: 150 cold logo calls took a process from 161 to 379 MB, and past its limit the kernel kills it with
 * every call it holds.
 */
const SHED_MEMORY_SHARE = 0.85

/**
 * The resident memory past which business calls are shed: a share of the process's memory limit (a container's cgroup
 * limit), 0 (never) without one. No limit reads as undefined, 0 or cgroup v2's "max" (2^64), above the machine's memory.
 */
export function memoryShedBytes (limit: number | undefined, machine: number): number {
  if (limit === undefined || !(limit > 0) || limit >= machine) return 0
  return Math.floor(limit * SHED_MEMORY_SHARE)
}

/** This process's: read once, as the limit of a running container does not change. */
export const MEMORY_SHED_BYTES = memoryShedBytes(process.constrainedMemory(), totalmem())

/** Whether this process's resident memory is past MEMORY_SHED_BYTES (never without a limit). */
export function memoryNearLimit (): boolean {
  return MEMORY_SHED_BYTES > 0 && process.memoryUsage.rss() > MEMORY_SHED_BYTES
}
