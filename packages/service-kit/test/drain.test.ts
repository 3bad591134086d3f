import { Agent, request } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { expect, test } from 'vitest'
import { testConfig } from '../src/index.js'
import { buildDemo } from './fixtures/demo-service.js'

test('close under keep-alive load: every request sent is answered or its connection refused, never reset', async () => {
  const app = await buildDemo({ config: testConfig({ monthlyQuota: 1_000_000 }), processMetrics: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const agent = new Agent({ keepAlive: true, maxSockets: 8 })
  const outcomes = new Map<string, number>()
  const note = (outcome: string) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
  const send = async () => await new Promise<string>((resolve) => {
    const req = request({ port, host: '127.0.0.1', path: '/health', agent }, (res) => {
      res.resume()
      res.on('end', () => resolve(`${res.statusCode} ${res.headers.connection === 'close' ? 'close' : 'keep-alive'}`))
      res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    })
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
    req.end()
  })
  // Eight clients that send without pause until the server refuses them
  const clients = Array.from({ length: 8 }, async () => {
    for (;;) {
      const outcome = await send()
      note(outcome)
      if (outcome === 'ECONNREFUSED') return
    }
  })
  await new Promise((resolve) => setTimeout(resolve, 300))
  await app.close()
  await Promise.all(clients)
  agent.destroy()
  expect([...outcomes.keys()].sort()).toEqual(['200 close', '200 keep-alive', 'ECONNREFUSED'])
})

test('close while a client trickles its body: the request still times out (408), and the close ends with it', async () => {
  const app = await buildDemo({ config: testConfig(), processMetrics: false, requestTimeoutMs: 1500, drainMs: 200 })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const socket = connect(port, '127.0.0.1')
  let answer = ''
  socket.on('data', (chunk) => { answer += String(chunk) })
  socket.on('error', () => {})
  const ended = new Promise((resolve) => socket.on('close', resolve))
  socket.write('POST /v1/echo HTTP/1.1\r\nhost: x\r\nx-api-key: test-key\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{')
  // a byte every 200 ms for 8 s: the client would give up only then
  const trickle = setInterval(() => { if (socket.writable) socket.write(' ') }, 200)
  const givesUp = setTimeout(() => socket.destroy(), 8000)
  try {
    await new Promise((resolve) => setTimeout(resolve, 300))
    await app.close()
    await ended
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout')
  } finally {
    clearInterval(trickle)
    clearTimeout(givesUp)
  }
})
