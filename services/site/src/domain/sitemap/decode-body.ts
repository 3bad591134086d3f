// Sitemap bodies may be gzip files (sitemap.xml.gz) served without Content-Encoding; they are
// recognised by their magic bytes and inflated with a cap, so a small file cannot inflate without bound.
import { createGunzip, constants } from 'node:zlib'

export interface DecodedBody {
  data: Buffer
  gzip: boolean
  /** the inflated data reached the cap and was cut */
  truncated: boolean
  /** the gzip stream was damaged or incomplete */
  gzipError: string | null
}

export function isGzip (body: Buffer): boolean {
  return body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b
}

export async function decodeSitemapBody (body: Buffer, maxBytes: number): Promise<DecodedBody> {
  if (!isGzip(body)) return { data: body, gzip: false, truncated: false, gzipError: null }
  const gunzip = createGunzip({ finishFlush: constants.Z_SYNC_FLUSH })
  const chunks: Buffer[] = []
  let size = 0
  let truncated = false
  let gzipError: string | null = null
  const done = new Promise<void>((resolve) => {
    gunzip.on('data', (chunk: Buffer) => {
      if (truncated) return
      const room = maxBytes - size
      if (chunk.length >= room) {
        // the exact cap counts as full; anything beyond it is dropped
        chunks.push(chunk.subarray(0, room))
        size += room
        truncated = chunk.length > room
        if (truncated) gunzip.destroy()
        return
      }
      chunks.push(chunk)
      size += chunk.length
    })
    gunzip.on('error', (err) => { gzipError = err.message; resolve() })
    gunzip.on('end', () => resolve())
    gunzip.on('close', () => resolve())
  })
  gunzip.end(body)
  await done
  return { data: Buffer.concat(chunks, size), gzip: true, truncated, gzipError: truncated ? null : gzipError }
}
