import { TimeBudget, type Fetcher } from '@utility-apis/homepage-fetch'
import { describe, expect, it } from 'vitest'
import { decodeImage, inDecodeQueue, MAX_CONCURRENT_DECODES, peakConcurrentDecodes } from '../../src/domain/image-decode.js'
import { confirmImage, PROBE_MAX_BYTES, probeImages, readImageInfo } from '../../src/domain/image-probe.js'
import { encoded, gif, ico, jpeg, png, pngClaiming, webp } from '../helpers/images.js'

const svg = (attributes: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" ${attributes}><rect width="1" height="1"/></svg>`)
const sizeOf = (body: Buffer) => {
  const info = readImageInfo(body)
  return info === null ? null : { format: info.format, width: info.width, height: info.height }
}

describe('readImageInfo', () => {
  it.each([
    ['PNG', png(180, 120), { format: 'png', width: 180, height: 120 }],
    ['JPEG', jpeg(640, 320), { format: 'jpeg', width: 640, height: 320 }],
    ['GIF', gif(48, 32), { format: 'gif', width: 48, height: 32 }],
    ['WebP', webp(400, 100), { format: 'webp', width: 400, height: 100 }],
    ['ICO, its largest entry wherever it is listed', ico([16, 256, 48]), { format: 'ico', width: 256, height: 256 }],
    ['SVG with width and height', svg('width="120" height="40"'), { format: 'svg', width: 120, height: 40 }],
    ['SVG with a viewBox only', svg('viewBox="0 0 240 60"'), { format: 'svg', width: 240, height: 60 }]
  ])('reads %s from its bytes', (_name, body, expected) => {
    expect(sizeOf(body)).toEqual(expected)
  })

  it('reads the size from the first bytes of an image cut short, and says it was cut', () => {
    const whole = png(300, 200, [1, 2, 3])
    expect(readImageInfo(whole.subarray(0, 40), true)).toMatchObject({ format: 'png', width: 300, height: 200, truncated: true })
  })

  it.each([
    ['an HTML error page', Buffer.from('<!doctype html><title>Not found</title>')],
    ['an empty body', Buffer.alloc(0)],
    ['an SVG without a size', svg('')]
  ])('gives null for %s', (_name, body) => {
    expect(readImageInfo(body)).toBeNull()
  })
})

describe('sizes from a decode', () => {
  const confirmed = async (body: Buffer, truncated = false) => {
    const image = readImageInfo(body, truncated)
    return image === null ? null : await confirmImage(image)
  }

  it.each(['png', 'jpeg', 'gif', 'webp'] as const)('marks a whole %s that decodes as decoded, with its thumbnail', async (format) => {
    const image = await confirmed(await encoded(format, 120, 40, [200, 30, 30]))
    expect(image).toMatchObject({ format, width: 120, height: 40, sizeSource: 'decoded' })
    expect(image?.thumbnail).toMatchObject({ width: 64, height: 21, channels: 4 })
  })

  it('marks a size it does not decode as declared: a file cut short, an image over the decode cap, an ICO, an SVG', async () => {
    expect(await confirmed(png(300, 200).subarray(0, 40), true)).toMatchObject({ width: 300, height: 200, sizeSource: 'declared' })
    expect(await confirmed(gif(4096, 4096))).toMatchObject({ width: 4096, height: 4096, sizeSource: 'declared' })
    expect(await confirmed(ico([16, 48]))).toMatchObject({ width: 48, sizeSource: 'declared' })
    expect(await confirmed(svg('width="120" height="40"'))).toMatchObject({ width: 120, sizeSource: 'declared' })
  })

  it('drops a whole file whose header promises pixels that are not there', async () => {
    expect(await confirmed(jpeg(64, 64))).toBeNull()
    expect(await confirmed(webp(400, 100))).toBeNull()
  })

  it('drops impossible sizes: a PNG edge past 2^31 - 1, a whole PNG too small for its claimed scanlines', async () => {
    expect(readImageInfo(pngClaiming(64, 4278190144))).toBeNull()
    expect(readImageInfo(pngClaiming(50000, 50000))).toBeNull()
    expect(readImageInfo(webp(16384, 16384))).toBeNull()
  })

  it('keeps the claim of a decompression bomb cut short as declared: the file may hold it', async () => {
    const bomb = Buffer.concat([pngClaiming(50000, 50000), Buffer.alloc(PROBE_MAX_BYTES)]).subarray(0, PROBE_MAX_BYTES)
    expect(await confirmed(bomb, true)).toMatchObject({ width: 50000, height: 50000, sizeSource: 'declared' })
  })

  it('never runs more decodes at once than its bound, however many are asked for together', async () => {
    const bodies = await Promise.all(Array.from({ length: 12 }, async (_, i) => await encoded('png', 512, 512 + i)))
    const images = await Promise.all(bodies.map(async (body) => await decodeImage(body)))
    expect(images.every((image) => image !== null)).toBe(true)
    expect(peakConcurrentDecodes()).toBeLessThanOrEqual(MAX_CONCURRENT_DECODES)
    expect(peakConcurrentDecodes()).toBeGreaterThan(1)
  })
})

describe('probeImages while the decoding queue is held', () => {
  it('waits for a decode slot no longer than its budget, also without a signal, keeping the size the file declares', async () => {
    const body = await encoded('png', 120, 40, [200, 30, 30])
    const fetcher = { fetch: async () => ({ status: 200, headers: { 'content-type': 'image/png' }, body, truncated: false }) } as unknown as Fetcher
    // two slow logo files hold every slot (an SVG librsvg takes a minute to draw)
    let release = () => {}
    const held = new Promise<void>((resolve) => { release = resolve })
    const holders = Array.from({ length: MAX_CONCURRENT_DECODES }, async () => await inDecodeQueue(async () => await held))
    try {
      const started = Date.now()
      const probed = await probeImages(fetcher, ['https://acme.test/logo.png'], new TimeBudget(300))
      expect(Date.now() - started).toBeLessThan(3000)
      expect(probed.get('https://acme.test/logo.png')).toMatchObject({ format: 'png', width: 120, height: 40, sizeSource: 'declared' })
    } finally {
      release()
      await Promise.all(holders)
    }
  })
})
