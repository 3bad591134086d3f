import type { AddressInfo } from 'node:net'
import express from 'express'
import { peerCheck } from './peer-check.js'

/** The peer a user would run instead of calling the webhook service: Express 5 with the same request and checks. */
export async function start () {
  const check = peerCheck()
  const app = express()
  app.use(express.json({ limit: '5mb' }))
  app.post('/v1/webhooks/verify', async (request, response) => {
    const answer = await check(request.get('x-api-key'), request.body)
    response.status(answer.status).set(answer.headers).json(answer.body)
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: async () => await new Promise<void>((resolve) => server.close(() => resolve())) }
}
