// Sitemap bodies may be gzip files (sitemap.xml.gz) served without Content-Encoding; they are recognised
// by their magic bytes and inflated as they arrive, with a cap, so a small file cannot inflate without
// bound. The bytes become text chunk by chunk (a character split between chunks is joined).
import { StringDecoder } from 'node:string_decoder'
import { createGunzip, constants, type Gunzip } from 'node:zlib'

function isGzip (body: Buffer): boolean {
  return body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b
}

/** Bytes in (`write`, `end`), text out (`onText`). */
export class SitemapBodyDecoder {
  gzip = false
  /** the inflated data reached the cap and was cut */
  truncated = false
  /** the gzip stream was damaged or incomplete */
  gzipError: string | null = null
  // the first bytes, until there are two to recognise gzip by
  private start: Buffer | null = Buffer.alloc(0)
  private gunzip: Gunzip | null = null
  private inflated = 0
  private done: Promise<void> = Promise.resolve()
  private readonly utf8 = new StringDecoder('utf8')

  constructor (private readonly onText: (text: string) => void, private readonly maxBytes: number) {}

  write (chunk: Buffer): void {
    if (this.start !== null) {
      const start = Buffer.concat([this.start, chunk])
      if (start.length < 2) {
        this.start = start
        return
      }
      this.start = null
      chunk = start
      if (isGzip(chunk)) this.inflate()
    }
    // the compressed input is bounded by the fetch cap; the inflated output is handed on as it comes
    if (this.gunzip === null) this.text(chunk)
    else if (!this.gunzip.destroyed) this.gunzip.write(chunk)
  }

  async end (): Promise<void> {
    if (this.start !== null && this.start.length > 0) this.text(this.start)
    this.start = null
    this.gunzip?.end()
    await this.done
    const rest = this.utf8.end()
    if (rest !== '') this.onText(rest)
  }

  private text (bytes: Buffer): void {
    const text = this.utf8.write(bytes)
    if (text !== '') this.onText(text)
  }

  private inflate (): void {
    this.gzip = true
    const gunzip = createGunzip({ finishFlush: constants.Z_SYNC_FLUSH })
    this.gunzip = gunzip
    gunzip.on('data', (chunk: Buffer) => {
      if (this.truncated) return
      const room = this.maxBytes - this.inflated
      // the exact cap counts as full; anything beyond it is dropped
      const kept = chunk.length >= room ? chunk.subarray(0, room) : chunk
      this.inflated += kept.length
      this.text(kept)
      if (chunk.length > room) {
        this.truncated = true
        gunzip.destroy()
      }
    })
    this.done = new Promise<void>((resolve) => {
      gunzip.on('error', (err) => {
        if (!this.truncated) this.gzipError = err.message
        resolve()
      })
      gunzip.on('end', resolve)
      gunzip.on('close', resolve)
    })
  }
}
