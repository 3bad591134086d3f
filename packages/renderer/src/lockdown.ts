// How the browser is shut in. Requests are fulfilled from Node (interceptor.ts); these flags are the second wall:
// anything that escapes interception (a redirect the browser would follow itself, a preconnect, a WebSocket, WebRTC)
// meets a proxy whose name never resolves, and no name resolves at all.

/** In the command line of every browser process this package starts (how its memory is found). */
export const BROWSER_MARK = '--proxy-server=http://blackhole.invalid:9'

/** The flags every launch uses, the required set first. */
export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-default-apps',
  '--mute-audio',
  '--no-default-browser-check',
  // a connection that bypasses interception goes to this proxy, which cannot be reached (<-loopback> keeps loopback
  // from being exempt), and every host name fails to resolve
  BROWSER_MARK,
  '--proxy-bypass-list=<-loopback>',
  '--host-resolver-rules=MAP * ~NOTFOUND',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp'
]

/**
 * Flags playwright adds to every launch that this package leaves out. `--disable-ipc-flooding-protection` turns off
 * Chromium's cap on a frame's navigations (200 in 10 s, `history.pushState`, `replaceState` and `location.hash`
 * included; the page's further calls are dropped in its own process): without the cap, one page calling pushState
 * 1000 times a timer tick flooded the browser process, which then took minutes to answer any other render (a context,
 * a page, a document request), so the renders beside and after it timed out, and the context that would not close
 * got the browser killed. Capping history in the page's script would have left fragment navigations flooding it.
 */
export const OMITTED_DEFAULT_ARGS = ['--disable-ipc-flooding-protection']

/** The V8 heap cap of each page's renderer process: a memory hog crashes its own renderer, not the browser. */
export function heapArg (megabytes: number): string {
  return `--js-flags=--max-old-space-size=${megabytes}`
}

/**
 * Runs in every frame before the page's scripts: no console, no workers, no peer connections, no new windows, and at most `maxRequests`
 * fetch, XMLHttpRequest and beacon calls, refused in the page itself beyond that: a script asking for 10,000 would
 * otherwise queue them all in the browser's network stack, where refusing each one costs a round trip. The console
 * writes nothing: the browser sends every argument of a call whole to the driver in this process (six 16 MB strings of
 * control characters made one 576 MB message, which the driver could not turn into a string: the process died), and
 * nothing reads the page's console. The page cannot get the originals back from a fresh iframe, since every frame
 * runs this first.
 */
export function lockdownScript (maxRequests: number): string {
  return `(() => {
  // a name this browser will not let a page redefine throws: it stays as the browser made it
  const lock = (target, name, value) => {
    try { Object.defineProperty(target, name, { value, configurable: false, writable: false }) } catch {}
  }
  // workers too: no script of ours runs in them first, and the browser reports their uncaught errors the same way
  for (const name of ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCSessionDescription', 'Worker', 'SharedWorker']) {
    lock(globalThis, name, undefined)
  }
  const quiet = () => {}
  for (const name of Object.keys(globalThis.console ?? {})) lock(console, name, quiet)
  // an uncaught error is reported like a console call, its value whole: handled here first, it is not reported
  for (const type of ['error', 'unhandledrejection']) globalThis.addEventListener?.(type, (event) => { event.preventDefault() }, true)
  lock(globalThis, 'open', () => null)
  let left = ${maxRequests}
  const take = () => left-- > 0
  const fetch = globalThis.fetch
  if (fetch) lock(globalThis, 'fetch', function (...args) {
    return take() ? fetch.apply(this, args) : Promise.reject(new TypeError('Failed to fetch'))
  })
  const send = globalThis.XMLHttpRequest?.prototype.send
  if (send) lock(XMLHttpRequest.prototype, 'send', function (...args) {
    if (take()) return send.apply(this, args)
    throw new DOMException('Request refused', 'NetworkError')
  })
  const beacon = globalThis.navigator?.sendBeacon
  if (beacon) lock(Navigator.prototype, 'sendBeacon', function (...args) { return take() && beacon.apply(this, args) })
})()`
}
