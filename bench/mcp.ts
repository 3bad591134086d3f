import { join } from 'node:path'
import { measureAt, median, ROOT, startServerProcess, stopServerProcess, type BenchReport, type HttpResult } from './harness.js'

// What answering through MCP adds to a business call: the SDK's server, the JSON-RPC envelope and the route run through
// `inject`. One SLA service process (as built, memory quota) answers the same due date as POST
// /v1/business-days/calculate and as a `calculate_business_time` tool call (POST /mcp, stateless: one POST per call, as
// an agent sends it after `initialize`), both warmed up, then measured in alternation.
const ENTRY = join(ROOT, 'services', 'sla', 'bench', 'server.ts')
const ROUNDS = 3
const SECONDS = 3
const KEY = { 'x-api-key': 'bench-key' }
const CALCULATION = {
  operation: 'sla_due_at', calendar: 'us-federal', timezone: 'America/New_York', start_at: '2026-03-06T16:00:00', minutes: 60
}
const MCP_HEADERS = { ...KEY, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }
const TOOL_CALL = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'calculate_business_time', arguments: CALCULATION } }

const round = (value: number) => Math.round(value * 100) / 100

export async function run (): Promise<BenchReport[]> {
  const http = { method: 'POST' as const, path: '/v1/business-days/calculate', headers: KEY, body: JSON.stringify(CALCULATION), durationSeconds: SECONDS }
  const mcp = { ...http, path: '/mcp', headers: MCP_HEADERS, body: JSON.stringify(TOOL_CALL) }
  const { url, child } = await startServerProcess(ENTRY)
  const rounds: Array<{ http: HttpResult, mcp: HttpResult }> = []
  try {
    // both paths compiled by the JIT before anything is measured
    await measureAt(url, { ...http, durationSeconds: 2 })
    await measureAt(url, { ...mcp, durationSeconds: 2 })
    for (let i = 0; i < ROUNDS; i++) {
      // which goes first alternates, so a burst of noise on a shared machine does not land on one side only
      if (i % 2 === 0) {
        const a = await measureAt(url, http)
        rounds.push({ http: a, mcp: await measureAt(url, mcp) })
      } else {
        const b = await measureAt(url, mcp)
        rounds.push({ http: await measureAt(url, http), mcp: b })
      }
    }
  } finally {
    await stopServerProcess(child)
  }
  // Time per call under the same closed-loop load is the inverse of throughput
  const ratios = rounds.map((r) => round(r.http.requestsPerSecond / r.mcp.requestsPerSecond))
  const overhead = median(ratios)
  const failures = rounds.reduce((sum, r) => sum + r.http.non2xx + r.http.errors + r.mcp.non2xx + r.mcp.errors, 0)
  const latency = (side: 'http' | 'mcp') => `p50 ${median(rounds.map((r) => r[side].p50Ms))} ms, p99 ${median(rounds.map((r) => r[side].p99Ms))} ms`
  return [
    {
      name: `calculate_business_time as an MCP tool call, time per call / the HTTP route's (rounds ${ratios.join(', ')}; ` +
        `HTTP ${median(rounds.map((r) => r.http.requestsPerSecond))} req/s ${latency('http')}; MCP ${latency('mcp')})`,
      value: overhead,
      unit: 'x',
      target: '<= 1.5',
      pass: overhead <= 1.5 && failures === 0
    }
  ]
}
