import { describe, expect, it } from 'vitest'
import { readImageInfo } from '../../src/domain/image-probe.js'
import { gif, ico, jpeg, png, webp } from '../helpers/images.js'

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
