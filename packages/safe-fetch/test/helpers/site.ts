import type { IncomingMessage, ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'

export const PAGE = '<!doctype html><html><head><title>Fixture</title></head><body>hello</body></html>'
export const BIG_BYTES = 3 * 1024 * 1024
// 16 gzip members of 16 MiB of zeros: 256 MiB once inflated, about 260 KB on the wire.
const BOMB = Buffer.concat(Array.from({ length: 16 }, () => gzipSync(Buffer.alloc(16 * 1024 * 1024))))

/** Routes of the fixture website; `redirectTarget` is where /to-target sends the client. */
export function siteHandler (redirectTarget: () => string) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const url = new URL(request.url ?? '/', 'http://fixture.invalid')
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname)
    if (hop !== null) {
      const left = Number(hop[1])
      // Relative Location on purpose: the fetcher must resolve it against the current URL.
      if (left > 0) response.writeHead(302, { location: `${left - 1}` }).end('moved')
      else response.writeHead(200, { 'content-type': 'text/plain' }).end('arrived')
      return
    }
    switch (url.pathname) {
      case '/':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': ['a=1', 'b=2'] }).end(PAGE)
        return
      case '/gzip':
        response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(PAGE))
        return
      case '/headers':
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(request.headers))
        return
      case '/big':
        response.writeHead(200, { 'content-type': 'text/html' }).end(Buffer.alloc(BIG_BYTES, 'a'))
        return
      case '/bomb':
        response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(BOMB)
        return
      case '/slow': {
        // Never finishes: a chunk every 20 ms keeps the idle timer happy, so only the total deadline ends it.
        response.writeHead(200, { 'content-type': 'text/html' })
        const timer = setInterval(() => response.write('<p>more</p>'), 20)
        response.on('close', () => clearInterval(timer))
        return
      }
      case '/stall-headers':
        return
      case '/stall-body':
        response.writeHead(200, { 'content-type': 'text/html' })
        response.write('<p>first and last</p>')
        return
      case '/delay':
        setTimeout(() => response.writeHead(200).end('done'), 30)
        return
      case '/loop/a':
        response.writeHead(301, { location: '/loop/b' }).end()
        return
      case '/loop/b':
        response.writeHead(307, { location: '/loop/a' }).end()
        return
      case '/to-target':
        response.writeHead(302, { location: redirectTarget() }).end()
        return
      case '/busy':
        response.writeHead(429, { 'retry-after': '7', 'content-type': 'text/plain' }).end('slow down')
        return
      default:
        response.writeHead(404).end('not found')
    }
  }
}
