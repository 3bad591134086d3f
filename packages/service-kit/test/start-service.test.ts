import { spawn } from 'node:child_process'
import { once } from 'node:events'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../..', import.meta.url))
const entry = fileURLToPath(new URL('./fixtures/slow-main.ts', import.meta.url))

async function freePort () {
  const server = net.createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const port = (server.address() as net.AddressInfo).port
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function waitForHealth (base: string) {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return
    } catch {
      // not listening yet: asked again after a pause
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('service did not start')
}

async function waitFor (condition: () => boolean) {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50))
}

/** The slow service in a process of its own, its error log collected. */
async function spawnLogging () {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@utility-apis/source', entry], {
    cwd: root, env: { ...process.env, PORT: String(port), LOG_LEVEL: 'error', NODE_ENV: 'test' }, stdio: ['ignore', 'pipe', 'ignore']
  })
  let stdout = ''
  child.stdout.on('data', (chunk) => { stdout += String(chunk) })
  const base = `http://127.0.0.1:${port}`
  await waitForHealth(base)
  return { child, base, output: () => stdout }
}

describe('startService', () => {
  test('SIGTERM: in-flight requests complete, new connections are refused, exit code 0', async () => {
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@utility-apis/source', entry], {
      cwd: root, env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent', NODE_ENV: 'test' }, stdio: 'ignore'
    })
    const exited = once(child, 'exit')
    const base = `http://127.0.0.1:${port}`
    await waitForHealth(base)
    const inFlight = fetch(`${base}/slow`).then(async (r) => ({ status: r.status, body: await r.json() }))
    await new Promise((resolve) => setTimeout(resolve, 300))
    child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 300))
    // A new connection (not one of fetch's pooled keep-alive ones, which the drain still answers)
    const refused = await new Promise<string>((resolve) => {
      net.connect(port, '127.0.0.1').on('connect', () => resolve('connected')).on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? ''))
    })
    expect(refused).toBe('ECONNREFUSED')
    expect(await inFlight).toEqual({ status: 200, body: { done: true } })
    const [code] = await exited
    expect(code).toBe(0)
  })

  test('SIGTERM: a busy keep-alive connection gets its answer with connection: close, and nothing after it', async () => {
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@utility-apis/source', entry], {
      cwd: root, env: { ...process.env, PORT: String(port), LOG_LEVEL: 'silent', NODE_ENV: 'test' }, stdio: 'ignore'
    })
    const exited = once(child, 'exit')
    await waitForHealth(`http://127.0.0.1:${port}`)
    const socket = net.connect(port, '127.0.0.1')
    await once(socket, 'connect')
    let received = ''
    socket.on('data', (chunk) => { received += String(chunk) })
    const closed = once(socket, 'close')
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n')
    await new Promise((resolve) => setTimeout(resolve, 300))
    child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 300))
    // Sent during the drain on the same connection: HTTP/1.1 leaves it to the client to retry elsewhere.
    socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n')
    await closed
    expect(received).toMatch(/^HTTP\/1\.1 200 /)
    expect(received).toMatch(/\r\nconnection: close\r\n/i)
    expect(received.split('\r\n\r\n')[1]).toBe('{"done":true}')
    expect(received.match(/HTTP\/1\.1 /g)).toHaveLength(1)
    const [code] = await exited
    expect(code).toBe(0)
  })

  test('a rejection nobody handled is logged with its type, without its message, and the service goes on', async () => {
    const { child, base, output } = await spawnLogging()
    try {
      expect((await fetch(`${base}/lose-a-rejection`)).status).toBe(200)
      await waitFor(() => output().includes('unhandled promise rejection'))
      expect((await fetch(`${base}/health`)).status).toBe(200)
      expect(child.exitCode).toBeNull()
      const line = JSON.parse(output().split('\n').find((l) => l.includes('unhandled promise rejection')) as string)
      expect(line.err).toEqual({ type: 'TypeError' })
      expect(output()).not.toContain('secret')
    } finally {
      child.kill('SIGKILL')
    }
  })

  test('an uncaught exception is logged with its type and shuts the process down, exit code 1', async () => {
    const { child, base, output } = await spawnLogging()
    const exited = once(child, 'exit')
    expect((await fetch(`${base}/throw-later`)).status).toBe(200)
    const [code] = await exited
    expect(code).toBe(1)
    const line = JSON.parse(output().split('\n').find((l) => l.includes('shutting down after an uncaught exception')) as string)
    expect(line.err).toEqual({ type: 'RangeError' })
    expect(output()).not.toContain('secret')
  })

  // Ctrl-C twice, or a supervisor that repeats its signal: the operator asked to stop now. What was cut is said in
  // the service's own log, one JSON line, never as plain text beside it
  test('a second signal during the drain exits at once, code 1, saying so in one JSON log line', async () => {
    const port = await freePort()
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@utility-apis/source', entry], {
      cwd: root, env: { ...process.env, PORT: String(port), LOG_LEVEL: 'error', NODE_ENV: 'test' }, stdio: ['ignore', 'pipe', 'pipe']
    })
    let output = ''
    child.stdout.on('data', (chunk) => { output += String(chunk) })
    child.stderr.on('data', (chunk) => { output += String(chunk) })
    const exited = once(child, 'exit')
    await waitForHealth(`http://127.0.0.1:${port}`)
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then((r) => r.status, (error: Error) => error.name)
    await new Promise((resolve) => setTimeout(resolve, 200))
    child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 200))
    child.kill('SIGINT')
    const [code] = await exited
    expect(code).toBe(1)
    expect(await inFlight).toBe('TypeError')
    const lines = output.split('\n').filter((line) => line !== '')
    expect(lines.map((line) => JSON.parse(line) as { level: number, msg: string, signal?: string })).toEqual([
      expect.objectContaining({ level: 50, signal: 'SIGINT', msg: 'second signal during the drain: exiting now, requests in flight are cut' })
    ])
  })

  test('invalid configuration: a clear message naming the variable and exit code 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@utility-apis/source', entry], {
      cwd: root, env: { ...process.env, PORT: '1', QUOTA_FAIL_MODE: 'sometimes' }, stdio: ['ignore', 'ignore', 'pipe']
    })
    let stderr = ''
    child.stderr.on('data', (d) => { stderr += String(d) })
    const [code] = await once(child, 'exit')
    expect(code).toBe(1)
    expect(stderr).toContain('QUOTA_FAIL_MODE')
  })
})
