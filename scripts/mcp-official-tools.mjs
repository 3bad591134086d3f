#!/usr/bin/env node
// Holds each running service's /mcp to the official MCP tools (issue 37, acceptance 2): the Inspector's CLI lists the
// tools with the key header, and the conformance suite runs the server scenarios that apply to these servers (the
// service-kit README says why the others do not). Both tools need Node 22 or newer and come from the npm registry
// through npx at pinned versions. Usage, with the four services up (npm run quickstart):
//   node scripts/mcp-official-tools.mjs            (MCP_CHECK_KEY, default dev-key; MCP_CHECK_HOST, default 127.0.0.1)
// Exits 1 on the first service that fails, printing what the tool said.
import { spawn } from 'node:child_process'
import { createServer, request as forward } from 'node:http'

const CONFORMANCE = '@modelcontextprotocol/conformance@0.1.16'
const INSPECTOR = '@modelcontextprotocol/inspector@2.12.0'
const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection']
// The quickstart's ports, and the tools issue 37 asks of each service at least
const SERVICES = [
  { name: 'webhook', port: 3001, tools: ['verify_webhook', 'sign_webhook', 'check_webhook_receiver', 'list_webhook_providers'] },
  { name: 'sla', port: 3002, tools: ['calculate_business_time', 'calculate_business_time_batch', 'list_calendars', 'list_holidays'] },
  { name: 'brand', port: 3003, tools: ['profile_domain', 'profile_domains', 'create_profile_job', 'get_profile_job'] },
  { name: 'site', port: 3004, tools: ['analyze_site', 'test_robots_txt', 'simulate_robots_txt', 'create_site_job', 'get_site_job'] }
]
// A tool fetched by npx the first time takes a while; one that hangs past this fails the check
const TOOL_TIMEOUT_MS = 180_000

const key = process.env.MCP_CHECK_KEY ?? 'dev-key'
const host = process.env.MCP_CHECK_HOST ?? '127.0.0.1'

/** Runs an npx tool to its end: its exit code and what it printed. */
function npx (args) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['-y', ...args], { stdio: ['ignore', 'pipe', 'pipe'], timeout: TOOL_TIMEOUT_MS })
    let output = ''
    let stdout = ''
    child.stdout.on('data', (chunk) => { stdout += chunk; output += chunk })
    child.stderr.on('data', (chunk) => { output += chunk })
    child.on('close', (code, signal) => resolve({ code: code ?? signal, stdout, output }))
  })
}

/**
 * A loopback proxy that adds the key to every request (the conformance suite sends none) and keeps the caller's Host
 * and Origin as they are, which the DNS rebinding scenario varies.
 */
async function keyedProxy (target) {
  const proxy = createServer((incoming, answer) => {
    const outgoing = forward(new URL(incoming.url, target), { method: incoming.method, headers: { ...incoming.headers, 'x-api-key': key } },
      (response) => { answer.writeHead(response.statusCode, response.headers); response.pipe(answer) })
    // the service gone: a 502, or the end of an answer already under way
    outgoing.on('error', () => { if (!answer.headersSent) answer.writeHead(502); answer.end() })
    incoming.pipe(outgoing)
  })
  await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${proxy.address().port}/mcp`, close: () => proxy.close() }
}

/** What is wrong with one service's /mcp as the official tools see it; empty when nothing is. */
async function problemsOf (service) {
  const url = `http://${host}:${service.port}/mcp`
  const listed = await npx([INSPECTOR, '--cli', url, '--method', 'tools/list', '--header', `X-API-Key: ${key}`])
  if (listed.code !== 0) return [`inspector tools/list exited ${listed.code}:\n${listed.output}`]
  let names
  try {
    names = JSON.parse(listed.stdout).tools.map((tool) => tool.name)
  } catch {
    return [`inspector tools/list printed no tool list:\n${listed.output}`]
  }
  const problems = [...service.tools, 'get_usage'].filter((name) => !names.includes(name)).map((name) => `tools/list lacks ${name}`)
  const proxy = await keyedProxy(`http://${host}:${service.port}`)
  try {
    for (const scenario of SCENARIOS) {
      const run = await npx([CONFORMANCE, 'server', '--url', proxy.url, '--scenario', scenario])
      if (run.code !== 0) problems.push(`conformance ${scenario} exited ${run.code}:\n${run.output}`)
    }
  } finally {
    proxy.close()
  }
  return problems
}

if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(`The official MCP tools need Node 22 or newer; this is Node ${process.versions.node}.`)
  process.exit(1)
}
for (const service of SERVICES) {
  const problems = await problemsOf(service)
  if (problems.length > 0) {
    console.error(`mcp official tools: ${service.name} failed\n${problems.join('\n')}`)
    process.exit(1)
  }
  console.log(`mcp official tools: ${service.name} lists ${service.tools.length + 1}+ tools; conformance ${SCENARIOS.join(', ')} passed`)
}
