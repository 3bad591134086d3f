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
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('service did not start')
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
    await expect(fetch(`${base}/health`, { headers: { connection: 'close' } })).rejects.toThrow()
    expect(await inFlight).toEqual({ status: 200, body: { done: true } })
    const [code] = await exited
    expect(code).toBe(0)
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
