import { join } from 'node:path'
import { sdkMicrosPerCall } from './mcp-sdk-floor.js'
import {
  cpuMicros, faultsOf, faultText, measureAt, median, ROOT, startServerProcess, stopServerProcess, type BenchReport, type HttpCase, type HttpResult
} from './harness.js'

// What answering through MCP adds to a business call: the SDK's server, the JSON-RPC envelope and the route run through
// `inject`. One SLA service process (as built, memory quota) answers the same due date as POST
// /v1/business-days/calculate and as a `calculate_business_time` tool call (POST /mcp, stateless: one POST per call, as
// an agent sends it after `initialize`); the same process also answers it through the inject floor (bench/mcp-server.ts:
// a bare route that only injects the request into the service). All three are warmed up, then measured in turn, each
// round in another order.
const ENTRY = join(ROOT, 'bench', 'mcp-server.ts')
const ROUNDS = 5
const SECONDS = 3
const KEY = { 'x-api-key': 'bench-key' }
const CALCULATION = {
  operation: 'sla_due_at', calendar: 'us-federal', timezone: 'America/New_York', start_at: '2026-03-06T16:00:00', minutes: 60
}
const MCP_HEADERS = { ...KEY, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }
const TOOL_CALL = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'calculate_business_time', arguments: CALCULATION } }
const PING = { jsonrpc: '2.0', id: 1, method: 'ping' }
// http: the route; mcp: the tool call; floor: the route through a bare inject; ping: a /mcp request the SDK answers
// with no tool and no route; usage: GET /v1/usage, a keyed route of the kit that does next to nothing
const SIDES = ['http', 'mcp', 'floor', 'ping', 'usage'] as const
type Side = typeof SIDES[number]

interface Sample extends HttpResult {
  /** The server's CPU time per answer (µs), or null where /proc cannot say. */
  cpuPerCall: number | null
}

const round = (value: number) => Math.round(value * 100) / 100

// MCP answers a failed call with HTTP 200 (a JSON-RPC `error`, or a tool result with isError), which the load counts
// as a success: each side's answer is checked once before it is measured
const shown = (answer: unknown) => JSON.stringify(answer).slice(0, 200)
const dueAt = (answer: unknown) => typeof (answer as { due_at?: unknown }).due_at === 'string' ? undefined : `no due_at: ${shown(answer)}`
function toolAnswer (answer: unknown): string | undefined {
  const { error, result } = answer as { error?: unknown, result?: { isError?: boolean, structuredContent?: unknown } }
  if (error !== undefined || result === undefined || result.isError === true) return `not a tool result: ${shown(answer)}`
  return result.structuredContent === undefined ? `no structuredContent: ${shown(answer)}` : dueAt(result.structuredContent)
}
const pong = (answer: unknown) => {
  const { error, result } = answer as { error?: unknown, result?: unknown }
  return error === undefined && typeof result === 'object' && result !== null ? undefined : `not a ping result: ${shown(answer)}`
}
const usageAnswer = (answer: unknown) => typeof (answer as { used?: unknown }).used === 'number' ? undefined : `no usage: ${shown(answer)}`

export async function run (): Promise<BenchReport[]> {
  const http = {
    method: 'POST' as const, path: '/v1/business-days/calculate', headers: KEY, body: JSON.stringify(CALCULATION), durationSeconds: SECONDS, expect: dueAt
  }
  const mcp = { ...http, path: '/mcp', headers: MCP_HEADERS, body: JSON.stringify(TOOL_CALL), expect: toolAnswer }
  const { url, urls, child } = await startServerProcess(ENTRY)
  const ping = { ...mcp, body: JSON.stringify(PING), expect: pong }
  const usage = { method: 'GET' as const, path: '/v1/usage', headers: KEY, durationSeconds: SECONDS, expect: usageAnswer }
  const target: Record<Side, [string, Omit<HttpCase, 'entry'>]> = {
    http: [url, http], mcp: [url, mcp], floor: [urls.floor, http], ping: [url, ping], usage: [url, usage]
  }
  const measure = async (side: Side): Promise<Sample> => {
    const before = cpuMicros(child.pid)
    const result = await measureAt(...target[side])
    const after = cpuMicros(child.pid)
    return { ...result, cpuPerCall: before === null || after === null || result.total === 0 ? null : Math.round((after - before) / result.total) }
  }
  const rounds: Array<Record<Side, Sample>> = []
  try {
    // every path compiled by the JIT before anything is measured
    for (const side of SIDES) await measureAt(target[side][0], { ...target[side][1], durationSeconds: 2 })
    for (let i = 0; i < ROUNDS; i++) {
      // which goes first turns, so a burst of noise on a shared machine does not land on one side only
      const order = [...SIDES.slice(i % SIDES.length), ...SIDES.slice(0, i % SIDES.length)]
      const samples: Partial<Record<Side, Sample>> = {}
      for (const side of order) samples[side] = await measure(side)
      rounds.push(samples as Record<Side, Sample>)
    }
  } finally {
    await stopServerProcess(child)
  }
  return [report(rounds, 'mcp'), report(rounds, 'floor'), sdkFloor(rounds, await sdkMicrosPerCall()), leastToolCall(rounds)]
}

/** The SDK's own CPU per call against the route's: the least a tool call the SDK answers can cost, in route times. */
function sdkFloor (rounds: Array<Record<Side, Sample>>, sdkMicros: number): BenchReport {
  const routeMicros = median(rounds.map((r) => r.http.cpuPerCall ?? 0))
  const least = routeMicros === 0 ? null : round(1 + sdkMicros / routeMicros)
  return {
    name: 'the SDK\'s Server alone, a tools/call answered with a constant (bench/mcp-sdk-floor.ts), CPU us per call; ' +
      `against the route's ${routeMicros} us, a tool call is at least ${least ?? 'n/a'}x the route`,
    value: sdkMicros,
    unit: 'us',
    pass: true
  }
}

/**
 * The least a tool call can cost with today's /mcp request, however it ran its route (through `inject` or without a
 * second request at all): a ping (the /mcp request, its key check, the JSON-RPC envelope and the SDK, no tool) plus
 * the route's own work (the route less a keyed route of the kit that does next to nothing: body parsing, validation,
 * quota, the calculation, serialisation), in route times, CPU per call.
 */
function leastToolCall (rounds: Array<Record<Side, Sample>>): BenchReport {
  const cpu = (s: Side) => median(rounds.map((r) => r[s].cpuPerCall ?? 0))
  const [route, ping, usage] = [cpu('http'), cpu('ping'), cpu('usage')]
  const least = route === 0 ? 0 : round((ping + Math.max(0, route - usage)) / route)
  const fault = faultText(rounds.flatMap((r) => faultsOf({ route: r.http, ping: r.ping, usage: r.usage })))
  return {
    name: `the least a tool call can cost with today's /mcp request, however it runs its route: a ping over /mcp (${ping} us) plus the ` +
      `route's own work (the route's ${route} us less GET /v1/usage's ${usage} us), CPU per call in route times`,
    value: least,
    unit: 'x',
    pass: fault === undefined,
    fault
  }
}

/** Time per call under the same closed-loop load is the inverse of throughput: the route's rate over this side's. */
function report (rounds: Array<Record<Side, Sample>>, side: 'mcp' | 'floor'): BenchReport {
  const ratios = rounds.map((r) => round(r.http.requestsPerSecond / r[side].requestsPerSecond))
  const overhead = median(ratios)
  const cpuRatios = rounds.flatMap((r) => r.http.cpuPerCall === null || r[side].cpuPerCall === null ? [] : [round(r[side].cpuPerCall / r.http.cpuPerCall)])
  const cpu = (s: Side) => median(rounds.map((r) => r[s].cpuPerCall ?? 0))
  const fault = faultText(rounds.flatMap((r) => faultsOf({ route: r.http, [side]: r[side] })))
  const latency = (s: Side) => `p50 ${median(rounds.map((r) => r[s].p50Ms))} ms, p99 ${median(rounds.map((r) => r[s].p99Ms))} ms`
  const figures = `rounds ${ratios.join(', ')}; HTTP ${median(rounds.map((r) => r.http.requestsPerSecond))} req/s ${latency('http')}, ` +
    `${side === 'mcp' ? 'MCP' : 'floor'} ${median(rounds.map((r) => r[side].requestsPerSecond))} req/s ${latency(side)}; ` +
    `server CPU per call ${cpu(side)} us against ${cpu('http')} us, ratio ${cpuRatios.length === 0 ? 'n/a' : median(cpuRatios)}`
  if (side === 'floor') {
    // no target: what any tool call that runs its route through `inject` costs at least, in this run
    const name = `inject floor (a bare route that only injects the HTTP request), time per call / the route's (${figures})`
    return { name, value: overhead, unit: 'x', pass: fault === undefined, fault }
  }
  return {
    name: `calculate_business_time as an MCP tool call, time per call / the HTTP route's (${figures})`,
    value: overhead,
    unit: 'x',
    target: '<= 1.5',
    pass: overhead <= 1.5 && fault === undefined,
    fault
  }
}
