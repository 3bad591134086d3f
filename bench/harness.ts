import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

export const ROOT = fileURLToPath(new URL('..', import.meta.url))
const RUNNER = fileURLToPath(new URL('./server-runner.ts', import.meta.url))

export interface HttpCase {
  /** Absolute path of a module exporting `start(): Promise<{ url: string }>`; it runs in its own process. */
  entry: string
  method?: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
  /** Measured seconds after a one-second warm-up (default 5). */
  durationSeconds?: number
  connections?: number
  env?: Record<string, string>
}

export interface HttpResult {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  errors: number
  /** Requests answered in the measured time. */
  total: number
}

export interface BenchReport {
  name: string
  value: number
  unit: string
  /** value relative to the same run's bare-Fastify baseline, when it is a throughput. */
  ratio?: number
  /** the acceptance target, e.g. '>= 0.8 x baseline' */
  target?: string
  pass: boolean
}

export interface BenchContext {
  /** Bare Fastify, trivial JSON route, `{"n":1}` body. */
  baseline: HttpResult
  http: (label: string, spec: HttpCase) => Promise<HttpResult>
}

/** Bare Fastify: `/v1/echo` like the kit's bench route, and any other request read, parsed and answered `{"ok":true}`. */
export const BASELINE_ENTRY = fileURLToPath(new URL('./baseline-server.ts', import.meta.url))

export interface ServerProcess {
  url: string
  urls: Record<string, string>
  child: ChildProcess
}

/**
 * Starts a server module in a child process and resolves with its URL once it listens (and the other URLs it names,
 * for a module that listens on several). Without the source condition:
 * the workspace packages load from their builds, as deployed; only the bench's own thin entry files go through tsx.
 */
export async function startServerProcess (entry: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', RUNNER, entry], {
    cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'inherit']
  })
  const lines = createInterface({ input: child.stdout! })
  const { url, urls } = await new Promise<{ url: string, urls?: Record<string, string> }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start within 30 s`)), 30_000)
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)))
    lines.once('line', (line) => { clearTimeout(timer); resolve(JSON.parse(line)) })
  })
  return { url, urls: urls ?? {}, child }
}

async function stop (child: ChildProcess) {
  if (child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await exited
  clearTimeout(timer)
}

async function fire (url: string, spec: Omit<HttpCase, 'entry'>, seconds: number) {
  return autocannon({
    url: url + spec.path,
    method: spec.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...spec.headers },
    body: spec.body,
    duration: seconds,
    connections: spec.connections ?? 20,
    pipelining: 1
  })
}

/** Load from this process against a server in another, on 127.0.0.1, for a bounded time. */
export async function measureHttp (spec: HttpCase): Promise<HttpResult> {
  const { url, child } = await startServerProcess(spec.entry, spec.env)
  try {
    await fire(url, spec, 1)
    return await measureAt(url, spec)
  } finally {
    await stop(child)
  }
}

/** Load against a server already running at `url` (started with `startServerProcess`), for `spec.durationSeconds`. */
export async function measureAt (url: string, spec: Omit<HttpCase, 'entry'>): Promise<HttpResult> {
  const r = await fire(url, spec, spec.durationSeconds ?? 5)
  return {
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    total: r.requests.total
  }
}

/**
 * The CPU time (user and system, in microseconds) a process has used so far, from /proc: what a server spends per
 * request, unlike its throughput, hardly depends on how much of the machine other processes take. null off Linux.
 */
export function cpuMicros (pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    // utime and stime, fields 14 and 15 of stat(5), counted from the state (field 3) here, in clock ticks of 10 ms
    return (Number(fields[11]) + Number(fields[12])) * 10_000
  } catch {
    return null
  }
}

/** Stops a server started with `startServerProcess`. */
export async function stopServerProcess (child: ChildProcess): Promise<void> {
  await stop(child)
}

/** The middle value (the upper middle of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

export const ratio = (result: HttpResult, baseline: HttpResult) => Math.round((result.requestsPerSecond / baseline.requestsPerSecond) * 100) / 100
