import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEY } from '../helpers/app.js'
import { startServiceChild, type ServiceChild } from '../helpers/service-child.js'
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server.js'

// Issue 26, part 1. A 4096 x 4096 GIF of 11.6 KB, served as the apple-touch-icon of every site of four batches of
// 25 run at once, took the service from 131 MB to 647 MB resident, past a 512 Mi pod limit. The service runs in a
// process of its own and reports its peak resident memory (VmHWM), so nothing here is counted in its figure.

const SITES = 100
const BATCH = 25
const PEAK_LIMIT = 300 * 2 ** 20
const hosts = Array.from({ length: SITES }, (_, i) => `site-${i}.bomb.test`)

let server: FixtureServer
let service: ServiceChild
let bombBytes: number

beforeAll(async () => {
  const bomb = await sharp({ create: { width: 4096, height: 4096, channels: 3, background: { r: 200, g: 10, b: 10 } } }).gif().toBuffer()
  bombBytes = bomb.length
  server = await startFixtureServer(Object.fromEntries(hosts.map((host, i) => [host, {
    '/': { body: `<!doctype html><title>Site ${i}</title><link rel="apple-touch-icon" href="/apple-touch-icon.gif">` },
    '/apple-touch-icon.gif': { body: bomb, headers: { 'content-type': 'image/gif' } }
  }])))
  service = await startServiceChild(hosts)
}, 60_000)

afterAll(async () => {
  await service?.close()
  await server?.close()
})

async function batch (domains: string[]): Promise<{ status: number, body: any }> {
  const response = await fetch(`http://127.0.0.1:${service.port}/v1/domain/profile/batch`, {
    method: 'POST',
    headers: { ...KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ domains, timeout_seconds: 20 })
  })
  return { status: response.status, body: await response.json() }
}

describe('image decoding under a flood of decompression bombs', () => {
  it('answers four batches of 25 such sites at once with every profile a 200, under 300 MB resident at peak', async () => {
    expect(bombBytes).toBeLessThan(16 * 1024)
    const domains = hosts.map((host) => `${server.origin(host)}/`)
    const answers = await Promise.all(Array.from({ length: SITES / BATCH }, async (_, i) => await batch(domains.slice(i * BATCH, (i + 1) * BATCH))))
    const { peak } = await service.report()
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.body.failed).toBe(0)
      for (const item of answer.body.results) {
        expect(item.profile).toMatchObject({ reachable: true, status: 200, error: null })
        // listed, with the size its header claims marked as such: it was never decoded
        expect(item.profile.logos).toEqual([expect.objectContaining({ format: 'gif', width: 4096, height: 4096, size_source: 'declared' })])
      }
    }
    expect(peak, `peak resident memory ${Math.round(peak / 2 ** 20)} MB`).toBeLessThan(PEAK_LIMIT)
  }, 120_000)
})
