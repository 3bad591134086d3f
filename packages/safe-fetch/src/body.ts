import { pipeline as pipe, Readable, Writable, type Transform } from 'node:stream'
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
  /** the cap cut the body, or its coding ended before the stream did (a body cut short) */
  truncated: boolean
  /** decoded bytes read, at most the cap */
  bytes: number
}

/** Receives each decoded chunk of a body; the next chunk waits for its promise (backpressure). */
export type BodyConsumer = (chunk: Buffer) => Promise<void>

/** The rest of a body whose first chunk was read to choose its decoders. */
async function * resumed (first: Buffer, rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield first
  for (let next = await rest.next(); next.done !== true; next = await rest.next()) yield next.value
}

/**
 * The chunks of `source`, at most `cap` bytes of them. Past the cap the next decoder still gets the bytes up to it
 * (one chunk can be larger than the slack) and then its input ends, so what they decode to is kept; reading the
 * source stops there (`onCut` is told), which tears down what produces it.
 */
async function * capped (source: AsyncIterable<Buffer>, cap: number, onCut: () => void): AsyncGenerator<Buffer> {
  let size = 0
  for await (const chunk of source) {
    const room = cap - size
    size += chunk.length
    if (chunk.length > room) {
      onCut()
      yield chunk.subarray(0, room)
      return
    }
    yield chunk
  }
}

/**
 * `decoder` fed with `source`, for the next stage to read. A failure of the source reaches that reader as the
 * decoder's (pipeline destroys the decoder with it); the reader's own outcome is the one that counts, so the callback
 * has nothing to report, not even the premature close of a reader that stopped at a cap.
 */
function decoding (source: AsyncIterable<Buffer>, decoder: Transform): Transform {
  pipe(Readable.from(source), decoder, () => {})
  return decoder
}

/** The sink of decoded bytes: keeps at most `maxBytes` (or hands them to `consume`), and calls `full` past them. */
function cappedSink (maxBytes: number, consume: BodyConsumer | undefined, full: () => void): { sink: Writable, kept: Buffer[], size: () => number } {
  const kept: Buffer[] = []
  let size = 0
  const sink = new Writable({
    write (chunk: Buffer, _encoding, callback) {
      const room = maxBytes - size
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk
      size += part.length
      if (chunk.length > room) full()
      if (consume === undefined) {
        kept.push(part)
        callback()
      } else {
        consume(part).then(() => { callback() }, callback)
      }
    }
  })
  return { sink, kept, size: () => size }
}

/**
 * Reads a response body, undoing its Content-Encoding, and keeps at most `maxBytes` decoded bytes: past the cap
 * the stream is torn down (a gzip bomb stops there) and `truncated` is set. The body is always consumed or destroyed.
 * With a consumer, the decoded chunks go to it as they arrive and none is kept. `signal` (the fetch's deadline and
 * its caller's abort) ends the decoding too, which then fails with its reason.
 */
export async function readBody (
  body: Readable, contentEncoding: string | undefined, maxBytes: number, consume?: BodyConsumer, signal?: AbortSignal
): Promise<BodyResult> {
  let truncated = false
  const stop = new AbortController()
  const { sink, kept, size } = cappedSink(maxBytes, consume, () => {
    truncated = true
    stop.abort()
  })
  const cut = (): void => { truncated = true }
  let decoders: Transform[] = []
  try {
    const raw = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>
    const first = await raw.next()
    // Nothing to decode, so nothing to refuse: a 204 or an empty 200 is empty whatever coding it names.
    if (first.done === true) return { body: Buffer.alloc(0), truncated: false, bytes: 0 }
    const codings = parseContentEncoding(contentEncoding)
    checkBrotli(codings, first.value)
    decoders = codings.map((coding, index) => decoderFor(coding, index === 0 ? first.value : null))

    const rawCap = maxBytes + RAW_SLACK
    let chunks = capped(resumed(first.value, raw), rawCap, cut)
    // A middle layer is compressed data too, and can pad itself out as the wire can: without its own cap, 3 KB of
    // brotli holding 2 GiB of empty gzip blocks reached neither the raw cap nor the decoded one.
    for (const decoder of decoders.slice(0, -1)) chunks = capped(decoding(chunks, decoder), rawCap, cut)
    const ended = signal === undefined ? stop.signal : AbortSignal.any([stop.signal, signal])
    await pipeline([Readable.from(chunks), ...decoders.slice(-1), sink], { signal: ended }).catch((error: unknown) => {
      // The deadline or the caller's abort, unless the cap ended the body first: failed as the fetcher reports them.
      if (signal?.aborted === true && !stop.signal.aborted) throw signal.reason
      if (truncated) return
      // A stream cut short mid-block (a server closing early, a body whose framing ended before its coding did) keeps
      // what it decoded, as browsers show it, but it is not the whole answer.
      if ((error as { code?: string }).code === 'Z_BUF_ERROR' && size() > 0) {
        truncated = true
        return
      }
      throw error
    })
    return { body: Buffer.concat(kept, size()), truncated, bytes: size() }
  } catch (error) {
    throw cutShortBody(error)
  } finally {
    // A decoder between others may still be at work on what it holds: nothing reads it any more.
    for (const decoder of decoders) decoder.destroy()
    cancelBody(body)
  }
}
