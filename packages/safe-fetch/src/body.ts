import { Readable, Writable, type Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib'
import { cutShortBody, FetchError } from './errors.js'

export const ACCEPT_ENCODING = 'gzip, deflate, br'

// More stacked codings than this is an attack, not a website (undici CVE-2026-22036 was an unbounded chain).
const MAX_CODINGS = 2
// Compressed bytes beyond the decoded cap plus this slack cannot be a real page: deflate can pad a stream with empty
// blocks that decode to nothing, which a decoded-byte count alone would read forever.
const RAW_SLACK = 64 * 1024

type Coding = 'gzip' | 'deflate' | 'br'
const CODINGS: Record<string, Coding> = { gzip: 'gzip', 'x-gzip': 'gzip', deflate: 'deflate', br: 'br' }

/** The codings of a Content-Encoding header in the order they must be undone (the last applied first). */
export function parseContentEncoding (header: string | undefined): Coding[] {
  const names = (header ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '' && name !== 'identity')
  if (names.length > MAX_CODINGS) throw new FetchError('FETCH_ERR_PROTOCOL', 'Too many content encodings')
  return names.reverse().map((name) => {
    const coding = CODINGS[name]
    if (coding === undefined) throw new FetchError('FETCH_ERR_PROTOCOL', 'Unsupported content encoding')
    return coding
  })
}

// "deflate" is meant to be zlib-wrapped (RFC 9110 section 8.4.1.2), but some servers send raw deflate; the zlib
// header (CM = 8, header checksum divisible by 31) tells them apart, as browsers do.
function isZlibWrapped (first: Buffer): boolean {
  if (first.length === 0 || (first[0] & 0x0f) !== 8) return false
  return first.length < 2 || ((first[0] << 8) | first[1]) % 31 === 0
}

/**
 * The brotli decoder allocates its window (2^WBITS bytes, RFC 7932 section 9.1) from the stream's first bits, whatever
 * the body's size or our cap: 26 bytes can ask for 16 MiB of native memory. 4 MiB is the brotli library's default.
 */
const MAX_BROTLI_WINDOW_BITS = 22

/** WBITS from a brotli stream's first byte; Infinity for a large window (outside the standard). */
function brotliWindowBits (first: number): number {
  if ((first & 1) === 0) return 16
  const n = (first >> 1) & 7
  if (n !== 0) return 17 + n
  const m = (first >> 4) & 7
  return m === 1 ? Number.POSITIVE_INFINITY : m === 0 ? 17 : 8 + m
}

/** Refuses brotli whose window cannot be read first (under another coding) or is over MAX_BROTLI_WINDOW_BITS. */
function checkBrotli (codings: Coding[], first: Buffer): void {
  const at = codings.indexOf('br')
  if (at === -1) return
  if (at > 0 || codings.lastIndexOf('br') > 0) throw new FetchError('FETCH_ERR_PROTOCOL', 'Brotli is read only as the outermost content encoding')
  if (brotliWindowBits(first[0]) > MAX_BROTLI_WINDOW_BITS) throw new FetchError('FETCH_ERR_PROTOCOL', 'Brotli window over 4 MiB')
}

function decoderFor (coding: Coding, first: Buffer | null): Transform {
  if (coding === 'gzip') return createGunzip()
  if (coding === 'br') return createBrotliDecompress()
  return first === null || isZlibWrapped(first) ? createInflate() : createInflateRaw()
}

/** Cancels a body that is not needed (any longer); undici reports the cancellation as an error we expect. */
export function cancelBody (body: Readable): void {
  if (body.destroyed) return
  body.on('error', () => {})
  body.destroy()
}

export interface BodyResult {
  /** empty when a consumer took the body */
  body: Buffer
  truncated: boolean
  /** decoded bytes read, at most the cap */
  bytes: number
}

/** Receives each decoded chunk of a body; the next chunk waits for its promise (backpressure). */
export type BodyConsumer = (chunk: Buffer) => Promise<void>

/**
 * Reads a response body, undoing its Content-Encoding, and keeps at most `maxBytes` decoded bytes: past the cap
 * the stream is torn down (a gzip bomb stops there) and `truncated` is set. The body is always consumed or destroyed.
 * With a consumer, the decoded chunks go to it as they arrive and none is kept.
 */
export async function readBody (
  body: Readable, contentEncoding: string | undefined, maxBytes: number, consume?: BodyConsumer
): Promise<BodyResult> {
  const chunks: Buffer[] = []
  let size = 0
  let truncated = false
  const stop = new AbortController()
  const cut = (): void => {
    truncated = true
    stop.abort()
  }
  try {
    const codings = parseContentEncoding(contentEncoding)
    const raw = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>
    const first = await raw.next()
    if (first.done === true) return { body: Buffer.alloc(0), truncated: false, bytes: 0 }
    checkBrotli(codings, first.value)

    const rawCap = maxBytes + RAW_SLACK
    // Past rawCap the decoder still gets the bytes up to it (one source chunk can be larger than the slack), and
    // the raw stream ends there: what they decode to is kept.
    async function * rawChunks (): AsyncGenerator<Buffer> {
      let rawSize = 0
      for (let next: IteratorResult<Buffer> = first; next.done !== true; next = await raw.next()) {
        const room = rawCap - rawSize
        rawSize += next.value.length
        if (next.value.length > room) {
          truncated = true
          yield next.value.subarray(0, room)
          return
        }
        yield next.value
      }
    }
    const sink = new Writable({
      write (chunk: Buffer, _encoding, callback) {
        const room = maxBytes - size
        const kept = chunk.length > room ? chunk.subarray(0, room) : chunk
        size += kept.length
        if (chunk.length > room) cut()
        if (consume === undefined) {
          chunks.push(kept)
          callback()
        } else {
          consume(kept).then(() => { callback() }, callback)
        }
      }
    })
    const decoders = codings.map((coding, index) => decoderFor(coding, index === 0 ? first.value : null))
    await pipeline([Readable.from(rawChunks()), ...decoders, sink], { signal: stop.signal }).catch((error: unknown) => {
      if (truncated) return
      // A stream cut short mid-block (a server closing early) still decoded what it had, as browsers show it.
      if ((error as { code?: string }).code === 'Z_BUF_ERROR' && size > 0) return
      throw error
    })
    return { body: Buffer.concat(chunks, size), truncated, bytes: size }
  } catch (error) {
    throw cutShortBody(error)
  } finally {
    cancelBody(body)
  }
}
