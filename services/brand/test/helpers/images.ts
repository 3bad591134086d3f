import { crc32, deflateSync } from 'node:zlib'

// Small images built byte by byte in their real formats, so the fixture sites serve what the web serves.

function chunk (type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

export type Rgba = [number, number, number, number]

/** A complete RGBA PNG whose pixel at (x, y) is `pixel(x, y)`. */
export function pngOf (width: number, height: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 6, 0, 0, 0], 8)
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, (_, x) => pixel(x, y)).flat())]))
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))])
}

/** A complete RGB PNG of one colour. */
export function png (width: number, height: number, rgb: [number, number, number] = [0, 0, 0]): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())])
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))])
}

/** An ICO whose directory lists PNG entries of the given square sizes, each with its PNG. */
export function ico (sizes: number[]): Buffer {
  const images = sizes.map((size) => png(size, size))
  const header = Buffer.from([0, 0, 1, 0, sizes.length, 0])
  let offset = 6 + 16 * sizes.length
  const entries = sizes.map((size, index) => {
    const entry = Buffer.alloc(16)
    entry[0] = size >= 256 ? 0 : size
    entry[1] = size >= 256 ? 0 : size
    entry.writeUInt16LE(1, 4)
    entry.writeUInt16LE(32, 6)
    entry.writeUInt32LE(images[index].length, 8)
    entry.writeUInt32LE(offset, 12)
    offset += images[index].length
    return entry
  })
  return Buffer.concat([header, ...entries, ...images])
}

/** A baseline JPEG's markers up to its frame header (SOI, JFIF APP0, SOF0), then EOI. */
export function jpeg (width: number, height: number): Buffer {
  const app0 = Buffer.from('ffe000104a46494600010100000100010000', 'hex')
  const sof = Buffer.alloc(19)
  sof.set([0xff, 0xc0, 0x00, 0x11, 0x08])
  sof.writeUInt16BE(height, 5)
  sof.writeUInt16BE(width, 7)
  sof.set([0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01], 9)
  return Buffer.concat([Buffer.from('ffd8', 'hex'), app0, sof, Buffer.from('ffd9', 'hex')])
}

/** A GIF89a of the given logical screen size with one 1x1 image and no colour table. */
export function gif (width: number, height: number): Buffer {
  const screen = Buffer.alloc(7)
  screen.writeUInt16LE(width, 0)
  screen.writeUInt16LE(height, 2)
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, Buffer.from('2c000000000100010000020144003b', 'hex')])
}

/** An extended-format WebP (VP8X) header declaring the canvas size. */
export function webp (width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10)
  vp8x.writeUIntLE(width - 1, 4, 3)
  vp8x.writeUIntLE(height - 1, 7, 3)
  const body = Buffer.concat([Buffer.from('WEBPVP8X', 'latin1'), Buffer.from([10, 0, 0, 0]), vp8x])
  const size = Buffer.alloc(4)
  size.writeUInt32LE(body.length)
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, body])
}

/** A real encoded image of one colour (sharp encodes it), for formats whose pixels must decode. */
export async function encoded (format: 'jpeg' | 'webp' | 'gif' | 'png', width: number, height: number, rgb: [number, number, number] = [0, 0, 0]): Promise<Buffer> {
  const { default: sharp } = await import('sharp')
  return await sharp({ create: { width, height, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }).toFormat(format).toBuffer()
}

/** A PNG whose header claims `width` x `height` over the pixels of a 1x1 image (a decompression bomb's header). */
export function pngClaiming (width: number, height: number): Buffer {
  const real = png(1, 1)
  const claimed = Buffer.from(real)
  claimed.writeUInt32BE(width, 16)
  claimed.writeUInt32BE(height, 20)
  // the IHDR chunk's CRC over its type and data, so only the size is a lie
  claimed.writeUInt32BE(crc32(claimed.subarray(12, 29)), 29)
  return claimed
}
