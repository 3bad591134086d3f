import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Redis } from 'ioredis'

// redis-server processes of a test's own, on free ports: Redis really down, really up, or a real cluster.

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0

export async function freePort (): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function accepting (port: number): Promise<boolean> {
  return await new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.on('connect', () => { socket.destroy(); resolve(true) }).on('error', () => resolve(false))
  })
}

export async function startRedis (port: number, extra: string[] = []): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extra])
  for (let i = 0; i < 50; i++) {
    if (await accepting(port)) return redis
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  redis.kill('SIGKILL')
  throw new Error('redis-server did not start')
}

/** Three primaries, no replicas, all 16384 slots assigned; resolves once the cluster state is ok. */
export async function startCluster (fixedPorts?: number[]): Promise<{ nodes: Array<{ host: string, port: number }>, servers: ChildProcess[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'redis-cluster-'))
  const ports = fixedPorts ?? [await freePort(), await freePort(), await freePort()]
  const servers = await Promise.all(ports.map(async (port) => await startRedis(port, [
    '--cluster-enabled', 'yes', '--cluster-config-file', join(dir, `nodes-${port}.conf`), '--cluster-node-timeout', '2000'
  ])))
  // the nodes' config files matter only while they run: the folder goes once the last of them has exited
  let running = servers.length
  for (const server of servers) server.once('exit', () => { if (--running === 0) rmSync(dir, { recursive: true, force: true }) })
  const create = spawnSync('redis-cli', ['--cluster', 'create', ...ports.map((port) => `127.0.0.1:${port}`),
    '--cluster-replicas', '0', '--cluster-yes'], { encoding: 'utf8' })
  if (create.status !== 0) throw new Error(`redis-cli --cluster create failed: ${create.stdout}${create.stderr}`)
  for (let i = 0; i < 100; i++) {
    const info = spawnSync('redis-cli', ['-p', String(ports[0]), 'cluster', 'info'], { encoding: 'utf8' }).stdout
    if (info.includes('cluster_state:ok')) return { nodes: ports.map((port) => ({ host: '127.0.0.1', port })), servers }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  for (const server of servers) server.kill('SIGKILL')
  throw new Error('the cluster did not reach cluster_state:ok')
}

/**
 * Sets a Redis' maxmemory so that what it holds now is `share` of it: a lower limit than it holds is the same, to
 * anything that reads `INFO memory`, as more data.
 */
export async function holdShareOfMaxmemory (redis: Redis, share: number): Promise<void> {
  const used = Number(/^used_memory:(\d+)/m.exec(await redis.info('memory'))?.[1])
  await redis.config('SET', 'maxmemory', String(Math.ceil(used / share)))
}
