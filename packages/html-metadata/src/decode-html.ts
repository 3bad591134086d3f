import iconv from 'iconv-lite'
import { encodingForLabel, ICONV_NAMES } from './encoding-labels.js'
import { prescanMetaCharset } from './meta-prescan.js'
import type { DecodedHtml } from './types.js'

/**
 * Decodes an HTML response body in the WHATWG order: byte order mark, then the HTTP Content-Type charset, then a
 * prescan of the first 1024 bytes for `<meta charset>`, else UTF-8.
 * Legacy encodings go through iconv-lite: Node's TextDecoder maps windows-1252 0x80-0x9F to C1 controls.
 */
export function decodeHtml (body: Buffer, contentTypeHeader?: string | null): DecodedHtml {
  const bom = sniffBom(body)
  if (bom !== null) return { html: decodeAs(body.subarray(bom.length), bom.charset), charset: bom.charset, source: 'bom' }

  const label = contentTypeHeader == null ? null : charsetParameter(contentTypeHeader)
  const fromHttp = label === null ? null : encodingForLabel(label)
  if (fromHttp !== null) return { html: decodeAs(body, fromHttp), charset: fromHttp, source: 'http' }

  const fromMeta = prescanMetaCharset(body)
  if (fromMeta !== null) return { html: decodeAs(body, fromMeta), charset: fromMeta, source: 'meta' }

  return { html: decodeAs(body, 'utf-8'), charset: 'utf-8', source: 'default' }
}

function sniffBom (body: Buffer): { charset: string, length: number } | null {
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return { charset: 'utf-8', length: 3 }
  if (body.length >= 2 && body[0] === 0xfe && body[1] === 0xff) return { charset: 'utf-16be', length: 2 }
  if (body.length >= 2 && body[0] === 0xff && body[1] === 0xfe) return { charset: 'utf-16le', length: 2 }
  return null
}

/** The `charset` parameter of a Content-Type value, unquoted, or null. */
export function charsetParameter (contentType: string): string | null {
  const params = contentType.split(';').slice(1)
  for (const param of params) {
    const eq = param.indexOf('=')
    if (eq === -1 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue
    let value = param.slice(eq + 1).trim()
    if (value.startsWith('"')) value = value.slice(1, value.indexOf('"', 1) === -1 ? undefined : value.indexOf('"', 1))
    return value === '' ? null : value
  }
  return null
}

function decodeAs (bytes: Buffer, charset: string): string {
  if (charset === 'utf-8') return bytes.toString('utf8')
  if (charset === 'x-user-defined') return decodeUserDefined(bytes)
  return iconv.decode(bytes, ICONV_NAMES[charset] ?? charset, { stripBOM: false })
}

// x-user-defined maps 0x80-0xFF into the private use area (U+F780-U+F7FF); iconv-lite does not know it.
function decodeUserDefined (bytes: Buffer): string {
  let out = ''
  for (const b of bytes) out += String.fromCharCode(b < 0x80 ? b : 0xf700 + b)
  return out
}
