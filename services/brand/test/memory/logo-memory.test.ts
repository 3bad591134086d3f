import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { KEY } from '../helpers/app.js'
import { startServiceChild, type ServiceChild } from '../helpers/service-child.js'
import { startFixtureServer, type FixtureServer, type FixtureSite } from '../helpers/fixture-server.js'
import { pngClaiming, pngOf } from '../helpers/images.js'

// Issue 36, acceptance 5: 25 domains whose logos are decompression bombs, corrupt files, SVG bombs, endless or slow
// bodies, asked for at once at the largest size. The service runs in a process of its own and reports its peak resident
// memory (VmHWM); every answer is the monogram or the 404 the request asked for, never a 5xx. A site whose logo comes
// too late may have one a moment later: its answer says so (provisional, `logo_unavailable`).

const SITES = 25
const PEAK_LIMIT = 300 * 2 ** 20
const hosts = Array.from({ length: SITES }, (_, i) => `logo-${i}.hostile.test`)

let server: FixtureServer
let service: ServiceChild

/** The hostile logo files, one kind per site in turn. */
async function hostileFiles (): Promise<Array<FixtureSite[string]>> {
  const as = (type: string, body: Buffer | string) => ({ body, headers: { 'content-type': type } })
  const gifBomb = await sharp({ create: { width: 4096, height: 4096, channels: 3, background: { r: 200, g: 10, b: 10 } } }).gif().toBuffer()
  const jpegBomb = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: { r: 10, g: 10, b: 200 } } }).jpeg({ quality: 10 }).toBuffer()
  const whole = pngOf(64, 64, () => [0, 0, 0, 255])
  const laughs = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' +
    '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&d;&d;&d;</text></svg>'
  const giantSvg = '<svg xmlns="http://www.w3.org/2000/svg" width="200000" height="200000"><filter id="f"><feGaussianBlur stdDeviation="500"/></filter>' +
    '<rect width="200000" height="200000" filter="url(#f)" fill="red"/></svg>'
  return [
    as('image/gif', gifBomb),
    as('image/jpeg', jpegBomb),
    as('image/png', pngClaiming(50_000, 50_000)),
    // the first half of a whole PNG: its header is right, its pixels cut short
    as('image/png', whole.subarray(0, Math.floor(whole.length / 2))),
    as('image/svg+xml', laughs),
    as('image/svg+xml', giantSvg),
    // a body that never ends, and one that comes too late
    { handler: (_request, response) => { response.writeHead(200, { 'content-type': 'image/png' }); const write = () => { if (!response.destroyed) response.write(Buffer.alloc(64 * 1024, 1), () => setImmediate(write)) }; write() } },
    { ...as('image/png', whole), delayMs: 15_000 }
  ]
}
/** The sites one of whose files comes too late: the last of the kinds, as the touch icon or as the icon. */
const KINDS = 8
const late = (i: number) => i % KINDS === KINDS - 1 || (i + 4) % KINDS === KINDS - 1

beforeAll(async () => {
  const files = await hostileFiles()
  if (files.length !== KINDS) throw new Error(`KINDS must be the number of hostile files (${files.length})`)
  server = await startFixtureServer(Object.fromEntries(hosts.map((host, i) => [host, {
    '/': { body: `<!doctype html><title>Hostile ${i}</title><link rel="apple-touch-icon" href="/touch.png"><link rel="icon" href="/icon.svg">` },
    '/touch.png': files[i % files.length],
    '/icon.svg': files[(i + 4) % files.length]
  }])))
  service = await startServiceChild(hosts)
}, 60_000)

afterAll(async () => {
  await service?.close()
  await server?.close()
})

describe('logo images of 25 hostile sites at once', () => {
  it('answers each the monogram or the 404 it asked for, never a 5xx, under 300 MB resident at peak', async () => {
    const answers = await Promise.all(hosts.map(async (host, i) => {
      const fallback = i % 2 === 0 ? 'monogram' : '404'
      const domain = encodeURIComponent(`${server.origin(host)}/`)
      const response = await fetch(`http://127.0.0.1:${service.port}/v1/domain/logo/${domain}?size=512&retina=true&fallback=${fallback}`, { headers: KEY })
      const body = Buffer.from(await response.arrayBuffer())
      return { fallback, late: late(i), status: response.status, source: response.headers.get('x-logo-source'), provisional: response.headers.get('x-logo-provisional'), body }
    }))
    const { peak } = await service.report()
    for (const answer of answers) {
      if (answer.fallback === '404') {
        expect(answer.status).toBe(404)
        expect(JSON.parse(answer.body.toString('utf8')).code).toBe(answer.late ? 'logo_unavailable' : 'logo_not_found')
      } else {
        expect(answer.status).toBe(200)
        expect(answer.source).toBe('monogram')
        expect(answer.provisional).toBe(answer.late ? 'true' : null)
        expect(await sharp(answer.body).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1024 })
      }
    }
    expect(peak, `peak resident memory ${Math.round(peak / 2 ** 20)} MB`).toBeLessThan(PEAK_LIMIT)
  }, 120_000)
})
