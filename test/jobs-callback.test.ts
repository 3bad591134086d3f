import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { testConfig } from '@utility-apis/service-kit'
import type { FastifyInstance } from 'fastify'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp as buildBrand } from '../services/brand/src/app.js'
import { buildApp as buildWebhook } from '../services/webhook/src/app.js'

// A job's completion callback, end to end: the brand service delivers it to a real receiver on 127.0.0.1, which
// refuses the first attempt; the retry is then checked by the webhook service's own verify endpoint (provider
// standard-webhooks) and by the official standardwebhooks package.
const REDIS_URL = process.env.REDIS_URL
const key = `jobs-test-${randomBytes(6).toString('hex')}`

interface Delivery { headers: IncomingHttpHeaders, body: string }
/** What a receiver that has gone answers: the sender should stop (as Azure DevOps and Ironclad do). */
const gone: Delivery[] = []

let receiver: Server
let site: Server
let brand: FastifyInstance
let webhook: FastifyInstance
const deliveries: Delivery[] = []

async function listen (server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as AddressInfo).port
}

describe.skipIf(REDIS_URL === undefined)('job callbacks (skipped without REDIS_URL)', () => {
  let hookPort = 0
  let sitePort = 0
  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => { body += chunk.toString('utf8') })
      request.on('end', () => {
        if (request.url === '/gone') {
          gone.push({ headers: request.headers, body })
          response.writeHead(410).end()
          return
        }
        deliveries.push({ headers: request.headers, body })
        // the first attempt is refused: the callback must be retried
        response.writeHead(deliveries.length === 1 ? 503 : 204).end()
      })
    })
    site = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Hooked</title>'))
    hookPort = await listen(receiver)
    sitePort = await listen(site)
    brand = await buildBrand({
      config: testConfig({ keys: key, redisUrl: REDIS_URL }),
      processMetrics: false,
      fetchPolicy: { allowCidrs: ['127.0.0.1/32'], hostMap: { 'hooks.test': '127.0.0.1', 'hooked.test': '127.0.0.1' } },
      jobs: { inlineWorker: true, concurrency: 2 },
      jobEngine: { prefix: `{jobs-test-${randomBytes(6).toString('hex')}}` }
    })
    webhook = await buildWebhook({ config: testConfig({ keys: key }), processMetrics: false })
  })
  afterAll(async () => {
    await brand?.close()
    await webhook?.close()
    receiver?.close()
    site?.close()
  })

  it('POSTs job.completed signed per Standard Webhooks, retried after a non-2xx, and the webhook service verifies it', async () => {
    const created = await brand.inject({
      method: 'POST',
      url: '/v1/domain/profile/jobs',
      headers: { 'x-api-key': key },
      payload: { domains: [`http://hooked.test:${sitePort}/`], callback_url: `http://hooks.test:${hookPort}/jobs` }
    })
    expect(created.statusCode).toBe(202)
    const { id, callback_secret: secret } = created.json()
    const status = async () => (await brand.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}`, headers: { 'x-api-key': key } })).json()
    const deadline = Date.now() + 20_000
    while (deliveries.length < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    // the refused attempt is in the job's status while the retry waits (5 s): a receiver that is down is seen
    const pause = async () => await new Promise((resolve) => setTimeout(resolve, 50))
    let refusedStatus = await status()
    while (refusedStatus.callback.attempts < 1 && Date.now() < deadline) { await pause(); refusedStatus = await status() }
    expect(refusedStatus.callback).toMatchObject({ state: 'retrying', attempts: 1, last_error: 'HTTP 503' })
    while (deliveries.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100))
    expect(deliveries).toHaveLength(2)
    let deliveredStatus = await status()
    while (deliveredStatus.callback.state !== 'delivered' && Date.now() < deadline) { await pause(); deliveredStatus = await status() }
    expect(deliveredStatus.callback).toMatchObject({ state: 'delivered', attempts: 2, last_error: null })

    const [refused, delivery] = deliveries
    // the same message id on every attempt, so a receiver can drop a repeat
    expect(delivery.headers['webhook-id']).toBe(refused.headers['webhook-id'])
    const event = JSON.parse(delivery.body)
    expect(event).toMatchObject({ type: 'job.completed', data: { id, status: 'completed', total: 1, done: 1, failed: 0 } })
    // the callback's own data says what came before it
    expect(event.data.callback).toMatchObject({ state: 'retrying', attempts: 1, last_error: 'HTTP 503' })
    expect(delivery.body).not.toContain(secret)

    const headers = {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature'])
    }
    const verified = await webhook.inject({
      method: 'POST',
      url: '/v1/webhooks/verify',
      headers: { 'x-api-key': key },
      payload: { provider: 'standard-webhooks', payload: delivery.body, secret, headers }
    })
    expect(verified.statusCode).toBe(200)
    expect(verified.json()).toMatchObject({ valid: true })
    expect(new Webhook(secret).verify(delivery.body, headers)).toEqual(event)
  }, 30_000)

  it('stops at a 410 Gone: the callback is failed at once and never sent again', async () => {
    const created = await brand.inject({
      method: 'POST',
      url: '/v1/domain/profile/jobs',
      headers: { 'x-api-key': key },
      payload: { domains: [`http://hooked.test:${sitePort}/`], callback_url: `http://hooks.test:${hookPort}/gone` }
    })
    const { id } = created.json()
    const status = async () => (await brand.inject({ method: 'GET', url: `/v1/domain/profile/jobs/${id}`, headers: { 'x-api-key': key } })).json()
    const deadline = Date.now() + 20_000
    let answered = await status()
    while (answered.callback.attempts < 1 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      answered = await status()
    }
    expect(answered.callback).toMatchObject({ state: 'failed', attempts: 1, last_error: 'HTTP 410' })
    // a retry would come 5 s after the first attempt
    await new Promise((resolve) => setTimeout(resolve, 6000))
    expect(gone).toHaveLength(1)
    expect((await status()).callback).toMatchObject({ state: 'failed', attempts: 1 })
  }, 30_000)
})
