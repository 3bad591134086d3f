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
  /**
   * What is wrong with the answer to this request, or undefined when it is right. A failed call can still answer 2xx
   * (MCP's tool errors, a webhook check answering valid: false), so the body is checked once before the timed load.
   */
  expect?: (answer: unknown) => string | undefined
}

export interface HttpResult {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  errors: number
  /** Requests answered in the measured time. */
  total: number
  /** What `expect` found wrong in the answer checked before the load. */
  wrongAnswer?: string
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
  /**
   * Why the measurement itself cannot count (errors, non-2xx or wrong answers on a side of its ratio): such a case
   * fails even when its target is a known miss (bench/known-misses.ts).
   */
  fault?: string
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
  let timer: NodeJS.Timeout | undefined
  try {
    const line = await new Promise<string>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`${entry} did not start within 30 s`)), 30_000)
      child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)))
      lines.once('line', resolve)
    })
    const { url, urls } = JSON.parse(line) as { url: string, urls?: Record<string, string> }
    if (typeof url !== 'string') throw new Error(`${entry} announced no url: ${line}`)
    return { url, urls: urls ?? {}, child }
  } catch (error) {
    // Until it is returned the child is no caller's to stop: one that hangs or says something else must not outlive us
    await stop(child)
    throw error
  } finally {
    clearTimeout(timer)
  }
}

async function stop (child: ChildProcess) {
  // a child ended by a signal has a null exitCode and will send no more 'exit'
  if (child.exitCode !== null || child.signalCode !== null) return
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

/**
 * BENCH_SECONDS=1 shortens every measured load to check the bench's wiring and answers quickly; its figures mean
 * nothing, so bench/run.ts holds them against no baseline and records none.
 */
export const QUICK_SECONDS = quickSeconds(process.env.BENCH_SECONDS)

function quickSeconds (value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const seconds = Number(value)
  if (!Number.isInteger(seconds) || seconds < 1) throw new Error(`BENCH_SECONDS must be a whole number of seconds from 1, not ${JSON.stringify(value)}`)
  return seconds
}

/** Load from this process against a server in another, on 127.0.0.1, for a bounded time. */
export async function measureHttp (spec: HttpCase): Promise<HttpResult> {
  // Outside the try: a server that fails to start has been stopped by startServerProcess already
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
  const wrongAnswer = spec.expect === undefined ? undefined : await checkAnswer(url, spec, spec.expect)
  const r = await fire(url, spec, QUICK_SECONDS ?? spec.durationSeconds ?? 5)
  return {
    wrongAnswer,
    requestsPerSecond: Math.round(r.requests.average),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    total: r.requests.total
  }
}

/** The request sent once, as the load sends it: what is wrong with its answer, or undefined. */
async function checkAnswer (url: string, spec: Omit<HttpCase, 'entry'>, expect: NonNullable<HttpCase['expect']>): Promise<string | undefined> {
  try {
    const response = await fetch(url + spec.path, {
      method: spec.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...spec.headers },
      body: spec.body,
      signal: AbortSignal.timeout(10_000)
    })
    const text = await response.text()
    if (!response.ok) return `answered ${response.status}: ${text.slice(0, 200)}`
    return expect(JSON.parse(text))
  } catch (error) {
    return `no JSON answer: ${(error as Error).message}`
  }
}

/**
 * What keeps these measured sides from making a ratio (errors, non-2xx answers, a wrong answer), one entry per side
 * at fault, labelled by its key: a side that failed answers faster and would inflate or deflate the ratio.
 */
export function faultsOf (sides: Record<string, HttpResult>): string[] {
  return Object.entries(sides).flatMap(([label, r]) => {
    const problems = [r.errors > 0 ? `${r.errors} errors` : '', r.non2xx > 0 ? `${r.non2xx} non-2xx` : '', r.wrongAnswer ?? ''].filter((p) => p !== '')
    return problems.length === 0 ? [] : [`${label}: ${problems.join(', ')}`]
  })
}

/** The faults of a case's rounds as a BenchReport's `fault`: undefined when there are none. */
export const faultText = (faults: string[]) => faults.length === 0 ? undefined : [...new Set(faults)].join('; ')

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
