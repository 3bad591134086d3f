import { Readable } from 'node:stream'
import { brotliCompressSync, constants, deflateRawSync, deflateSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { parseContentEncoding, readBody } from '../src/body.js'

const TEXT = Buffer.from('<!doctype html><title>Hello</title>'.repeat(200))
// Text that does not compress to almost nothing, so a cap lands well inside the compressed stream.
const NOISY = Buffer.from(Array.from({ length: 40_000 }, (_, index) => ((index * 2654435761) >>> 0).toString(36)).join(' '))

/** `count` empty non-final stored deflate blocks: five wire bytes each that decode to nothing. */
function emptyBlocks (count: number): Buffer {
  return Buffer.alloc(5 * count, Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff]))
}

/**
 * `data` gzipped (or zlib-wrapped), `padding` put between its header and its deflate data: stored blocks start on a
 * byte boundary, and the trailer's checksum is the data's, so the stream stays valid and decodes to `data`.
 */
function padded (data: Buffer, padding: Buffer, format: 'gzip' | 'zlib'): Buffer {
  const [whole, header] = format === 'gzip' ? [gzipSync(data), 10] : [deflateSync(data), 2]
  return Buffer.concat([whole.subarray(0, header), padding, whole.subarray(header)])
}

/**
 * A body source that records how much of it was pulled, cut into small chunks like a network stream. It buffers
 * 16 KiB ahead whatever the Node version's default (64 KiB since Node 22), so `pulled` measures readBody.
 */
function source (data: Buffer, chunkSize = 1024): Readable & { pulled: number } {
  let offset = 0
  const stream = new Readable({
    highWaterMark: 16 * 1024,
    read () {
      if (offset >= data.length) {
        this.push(null)
        return
      }
      const chunk = data.subarray(offset, offset + chunkSize)
      offset += chunk.length
      stream.pulled = offset
      this.push(chunk)
    }
  }) as Readable & { pulled: number }
  stream.pulled = 0
  return stream
}

describe('parseContentEncoding', () => {
  test('lists codings in decoding order, ignoring identity and case', () => {
    expect(parseContentEncoding(undefined)).toEqual([])
    expect(parseContentEncoding('identity')).toEqual([])
    expect(parseContentEncoding('GZIP')).toEqual(['gzip'])
    expect(parseContentEncoding('x-gzip')).toEqual(['gzip'])
    expect(parseContentEncoding('deflate, br')).toEqual(['br', 'deflate'])
  })

  test('refuses unknown codings and long chains', () => {
    expect(() => parseContentEncoding('zstd')).toThrow('Unsupported content encoding')
    expect(() => parseContentEncoding('gzip, gzip, gzip')).toThrow('Too many content encodings')
  })
})

describe('readBody', () => {
  test.each([
    ['identity', undefined, TEXT],
    ['gzip', 'gzip', gzipSync(TEXT)],
    ['zlib deflate', 'deflate', deflateSync(TEXT)],
    ['raw deflate (misconfigured servers)', 'deflate', deflateRawSync(TEXT)],
    ['brotli', 'br', brotliCompressSync(TEXT)],
    ['gzip then brotli', 'gzip, br', brotliCompressSync(gzipSync(TEXT))]
  ])('decodes %s', async (_name, encoding, wire) => {
    const body = source(wire)
    const result = await readBody(body, encoding, 1024 * 1024)
    expect(result.body.equals(TEXT)).toBe(true)
    expect(result.truncated).toBe(false)
    expect(body.destroyed).toBe(true)
  })

  test('refuses a brotli window over 4 MiB, which the decoder allocates whatever the cap, and brotli under another coding', async () => {
    const brotli = (window: number, text = TEXT) => brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_LGWIN]: window } })
    // 22 is the brotli library's default window: real servers' bodies decode
    expect((await readBody(source(brotli(22)), 'br', 1024 * 1024)).body.equals(TEXT)).toBe(true)
    // 26 bytes asking for a 16 MiB window: 20 of them held 350 MB of native memory, each capped at 64 KiB
    await expect(readBody(source(brotli(24)), 'br', 64 * 1024)).rejects.toMatchObject({ code: 'FETCH_ERR_PROTOCOL', message: expect.stringContaining('window') })
    // under gzip its window cannot be read before the decoder takes it
    await expect(readBody(source(gzipSync(brotli(16))), 'br, gzip', 64 * 1024)).rejects.toMatchObject({ code: 'FETCH_ERR_PROTOCOL' })
  })

  test('an empty body is empty, whatever its encoding claims', async () => {
    // unknown codings and long chains included: there is nothing to decode (a 204 with Content-Encoding: zstd)
    for (const encoding of ['gzip', 'zstd', 'gzip, gzip, gzip']) {
      expect(await readBody(source(Buffer.alloc(0)), encoding, 10)).toEqual({ body: Buffer.alloc(0), truncated: false, bytes: 0 })
    }
    await expect(readBody(source(TEXT), 'zstd', 10)).rejects.toMatchObject({ code: 'FETCH_ERR_PROTOCOL' })
  })

  test('a body of exactly the cap is not truncated; one byte more is', async () => {
    expect((await readBody(source(TEXT), undefined, TEXT.length)).truncated).toBe(false)
    const cut = await readBody(source(TEXT), undefined, TEXT.length - 1)
    expect(cut.truncated).toBe(true)
    expect(cut.body.equals(TEXT.subarray(0, TEXT.length - 1))).toBe(true)
  })

  test('the cap counts decoded bytes and tears the source down early', async () => {
    const wire = gzipSync(NOISY)
    const body = source(wire, 64)
    const result = await readBody(body, 'gzip', 100)
    expect(result).toEqual({ body: NOISY.subarray(0, 100), truncated: true, bytes: 100 })
    expect(body.destroyed).toBe(true)
    expect(body.pulled).toBeLessThan(wire.length / 2)
  })

  test('a compressed chunk larger than the slack is decoded up to the cap, not dropped', async () => {
    const wire = gzipSync(NOISY)
    const result = await readBody(source(wire, wire.length), 'gzip', 100)
    expect(result).toEqual({ body: NOISY.subarray(0, 100), truncated: true, bytes: 100 })
  })

  test('a gzip bomb stops at the cap without being inflated', async () => {
    // 64 gzip members of 16 MiB of zeros each: 1 GiB decoded from about 1 MB on the wire.
    const member = gzipSync(Buffer.alloc(16 * 1024 * 1024))
    const bomb = Buffer.concat(Array.from({ length: 64 }, () => member))
    const body = source(bomb, 256)
    const result = await readBody(body, 'gzip', 1024 * 1024)
    expect(result.truncated).toBe(true)
    expect(result.body.length).toBe(1024 * 1024)
    // What the source and the decoder buffer ahead (64 KiB each since Node 22), not the bomb.
    expect(body.pulled).toBeLessThan(bomb.length / 4)
  })

  test('compressed padding that decodes to nothing is cut off after the cap plus slack', async () => {
    // A gzip header followed by empty non-final stored blocks: endless wire bytes, zero decoded bytes.
    const header = gzipSync(Buffer.alloc(0)).subarray(0, 10)
    const padding = Buffer.alloc(5 * 200_000, Buffer.from([0x00, 0x00, 0x00, 0xff, 0xff]))
    const body = source(Buffer.concat([header, padding]), 4096)
    const result = await readBody(body, 'gzip', 1000)
    expect(result).toEqual({ body: Buffer.alloc(0), truncated: true, bytes: 0 })
    expect(body.pulled).toBeLessThan(200 * 1024)
  })

  test.each([
    // the reviewer's bomb: brotli, 66 bytes here, over a gzip stream of 8 MiB of empty blocks
    ['gzip, br', (inner: Buffer) => brotliCompressSync(inner, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), 'gzip'],
    ['deflate, gzip', (inner: Buffer) => gzipSync(inner), 'zlib']
  ] as const)('stacked codings (%s): the layer between the decoders is cut at the cap plus slack too', async (encoding, outer, format) => {
    // The inner stream is valid and ends in the page, after 8 MiB of padding that decodes to nothing: decoding it all
    // would reach the page, so an empty truncated body proves the middle layer stopped at the cap plus slack.
    const inner = padded(TEXT, emptyBlocks(1677722), format)
    expect((format === 'gzip' ? gunzipSync(inner) : inflateSync(inner)).equals(TEXT)).toBe(true)
    const wire = outer(inner)
    expect(wire.length).toBeLessThan(64 * 1024)
    const body = source(wire)
    expect(await readBody(body, encoding, 1000)).toEqual({ body: Buffer.alloc(0), truncated: true, bytes: 0 })
    expect(body.destroyed).toBe(true)
  })

  test('a stacked body is cut at the decoded cap, the middle layer\'s cap leaving it all the bytes up to it', async () => {
    // Bytes that do not compress: the middle layer is as large as the page, so its cap (the decoded cap plus slack)
    // comes right after the decoded one, whatever the stages buffer ahead.
    const noise = Buffer.from(Array.from({ length: 1024 * 1024 }, (_, index) => ((index * 2654435761) >>> 13) & 255))
    const wire = brotliCompressSync(gzipSync(noise))
    const cut = await readBody(source(wire, 16 * 1024), 'gzip, br', 256 * 1024)
    expect(cut).toMatchObject({ truncated: true, bytes: 256 * 1024 })
    expect(cut.body.equals(noise.subarray(0, 256 * 1024))).toBe(true)
    const whole = await readBody(source(wire, 16 * 1024), 'gzip, br', noise.length)
    expect(whole.truncated).toBe(false)
    expect(whole.body.equals(noise)).toBe(true)
  })

  test('the fetch\'s signal ends the decoding with its reason', async () => {
    // The deadline firing once the last wire byte is in: here the whole body is, and the decoder has 1 MiB to go.
    const deadline = new AbortController()
    const reason = new DOMException('Deadline exceeded', 'TimeoutError')
    let chunks = 0
    const consume = async (): Promise<void> => {
      if (++chunks === 1) deadline.abort(reason)
    }
    const body = source(gzipSync(Buffer.alloc(1024 * 1024, 'a')), 1024 * 1024)
    await expect(readBody(body, 'gzip', 2 * 1024 * 1024, consume, deadline.signal)).rejects.toBe(reason)
    expect(chunks).toBe(1)
    expect(body.destroyed).toBe(true)
    // once the cap has ended the body, a late abort changes nothing
    const late = new AbortController()
    const capped = await readBody(source(TEXT), undefined, 10, async () => { late.abort(reason) }, late.signal)
    expect(capped).toMatchObject({ truncated: true, bytes: 10 })
  })

  test('a gzip stream cut short keeps what it decoded', async () => {
    const wire = gzipSync(TEXT)
    const result = await readBody(source(wire.subarray(0, wire.length - 20)), 'gzip', 1024 * 1024)
    expect(result.body.length).toBeGreaterThan(0)
    expect(TEXT.subarray(0, result.body.length).equals(result.body)).toBe(true)
    // not the whole answer, though the framing said it was: the logo and manifest readers refuse a truncated file
    expect(result.truncated).toBe(true)
    expect(result.bytes).toBe(result.body.length)
  })

  test.each([
    ['gzip', gzipSync(NOISY)],
    ['deflate', deflateSync(NOISY)],
    ['gzip, br', brotliCompressSync(gzipSync(NOISY))]
  ])('a %s stream missing its end is truncated, with what it decoded', async (encoding, wire) => {
    const result = await readBody(source(wire.subarray(0, wire.length - 1000)), encoding, 1024 * 1024)
    expect(result.truncated).toBe(true)
    expect(result.body.length).toBeGreaterThan(0)
    expect(NOISY.subarray(0, result.body.length).equals(result.body)).toBe(true)
  })

  test('a corrupt stream fails with the decoder error', async () => {
    const body = source(Buffer.from('this is not gzip at all, not even close'))
    await expect(readBody(body, 'gzip', 1000)).rejects.toMatchObject({ code: 'Z_DATA_ERROR' })
    expect(body.destroyed).toBe(true)
  })

  test('a corrupt layer of stacked codings fails with its decoder error, the outer layer\'s as the inner one\'s', async () => {
    const inner = source(brotliCompressSync(Buffer.from('this is not gzip at all, not even close')))
    await expect(readBody(inner, 'gzip, br', 1000)).rejects.toMatchObject({ code: 'Z_DATA_ERROR' })
    expect(inner.destroyed).toBe(true)
    const outer = source(Buffer.concat([Buffer.from('this is not brotli'), gzipSync(TEXT)]))
    await expect(readBody(outer, 'gzip, br', 1000)).rejects.toMatchObject({ code: expect.stringMatching(/^ERR__ERROR_/) })
    expect(outer.destroyed).toBe(true)
  })

  test('a connection lost mid-body is a response cut short, with the low-level error as its cause', async () => {
    const body = new Readable({ read () { this.destroy(Object.assign(new Error('reset'), { code: 'ECONNRESET' })) } })
    const error = await readBody(body, undefined, 1000).then(() => null, (failure: unknown) => failure)
    expect(error).toMatchObject({ code: 'FETCH_ERR_PROTOCOL', message: 'The connection closed before the whole response body arrived' })
    expect((error as Error).cause).toMatchObject({ code: 'ECONNRESET' })
  })

  test('any other source error surfaces as it is', async () => {
    const body = new Readable({ read () { this.destroy(Object.assign(new Error('idle'), { code: 'UND_ERR_BODY_TIMEOUT' })) } })
    await expect(readBody(body, undefined, 1000)).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' })
  })
})
