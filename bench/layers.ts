import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import autocannon from 'autocannon'
import { ROOT, startServerProcess, stopServerProcess, type ServerProcess } from './harness.js'
import { LAYERS } from './layer-server.js'

// `pnpm bench:layers`: server CPU per request of the kit's echo route, layer by layer, read from /proc (Linux). CPU
// time per request rather than throughput: the load generator shares the machine, and a fixed request count makes
// every layer pay for exactly the same work. Rounds alternate between the servers and the least CPU is kept.
const REQUESTS = 40_000
const ROUNDS = 5
const echo = { path: '/v1/echo', body: '{"n":1}' }

if (!existsSync('/proc/self/stat')) {
  console.log('bench:layers reads process CPU time from /proc; this system has none')
  process.exit(0)
}
const CLOCK_TICKS_PER_SECOND = 100
const cpuMicros = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / CLOCK_TICKS_PER_SECOND)
}

const servers = [
  ...LAYERS.map((layer) => ({ name: `+ ${layer}`, entry: join(ROOT, 'bench', 'layer-server.ts'), env: { BENCH_LAYER: layer } })),
  { name: '+ the rest of the kit (headers, access line, metrics, docs)', entry: join(ROOT, 'bench', 'kit-server.ts'), env: {} }
]
const running: Array<typeof servers[number] & ServerProcess> = []
try {
  // inside the try: a server that fails to start leaves the ones started before it to the finally
  for (const server of servers) running.push({ ...server, ...(await startServerProcess(server.entry, server.env)) })
  const fire = (url: string, amount: number) => autocannon({
    url: url + echo.path,
    method: 'POST',
    body: echo.body,
    amount,
    connections: 20,
    headers: { 'content-type': 'application/json', 'x-api-key': 'bench-key' }
  })
  for (const server of running) await fire(server.url, REQUESTS / 2)
  const best = running.map(() => Infinity)
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, server] of running.entries()) {
      const before = cpuMicros(server.child.pid!)
      const result = await fire(server.url, REQUESTS)
      // a request that failed cost the server less than one answered: either would lower the layer's CPU per request
      const failed = result.errors + result.timeouts
      if (result.non2xx > 0 || failed > 0) throw new Error(`${server.name}: ${result.non2xx} responses were not 2xx, ${failed} errors`)
      best[i] = Math.min(best[i], (cpuMicros(server.child.pid!) - before) / REQUESTS)
    }
  }
  console.table(running.map((server, i) => ({
    layer: server.name,
    'CPU us/request': best[i].toFixed(1),
    'added us': i === 0 ? '' : (best[i] - best[i - 1]).toFixed(1),
    'bare / this': (best[0] / best[i]).toFixed(2)
  })))
} finally {
  await Promise.all(running.map(async (server) => await stopServerProcess(server.child)))
}
