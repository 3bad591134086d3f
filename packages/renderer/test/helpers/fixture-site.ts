// Fixture pages on real HTTP servers: a well-behaved site on 127.0.0.1 (allow-listed in the tests' policy) and a
// "private" server on 127.0.0.2 that no render may ever reach, counting every connection it gets.
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface Fixture {
  origin: string
  /** TCP connections accepted, WebSocket upgrades included */
  connections: number
  /** request paths seen, in order */
  paths: string[]
  close: () => Promise<void>
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void

export async function startFixture (handler: Handler, host = '127.0.0.1'): Promise<Fixture> {
  const sockets = new Set<Socket>()
  const server: Server = createServer((request, response) => {
    fixture.paths.push(request.url ?? '/')
    handler(request, response)
  })
  server.on('connection', (socket) => {
    fixture.connections++
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  server.on('upgrade', (_request, socket) => { socket.destroy() })
  server.listen(0, host)
  await once(server, 'listening')
  const fixture: Fixture = {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    connections: 0,
    paths: [],
    async close () {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }
  return fixture
}

const page = (head: string, body: string): string => `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`

export const STATIC_TEXT = 'Plain pages need no script to be read by every crawler.'

/** The pages; `privateOrigin` is the 127.0.0.2 server the hostile pages aim at. */
export function sitePages (privateOrigin: () => string): Handler {
  const routes: Record<string, () => [string, string]> = {
    '/static': () => ['text/html', page('<title>Static</title>', `<main><h1>Static</h1><p>${STATIC_TEXT}</p></main>`)],
    '/shell': () => ['text/html', page('<title>Loading</title>', '<div id="app"></div><script src="/app.js"></script>')],
    '/app.js': () => ['text/javascript', `fetch('/api/content.json').then((r) => r.json()).then((c) => {
      document.title = c.title
      document.getElementById('app').innerHTML = '<nav><a href="/docs">Docs</a></nav><h1>' + c.title + '</h1><p>' + c.text + '</p>'
    })`],
    // a framework's render after its last request: React's scheduler works in 5 ms tasks, one posted by the last,
    // and commits the page after them (here 1.5 s of them from the load event, far past the network's quiet period)
    '/scheduled-shell': () => ['text/html', page('<title>Loading</title>', `<div id="app"></div><script>
      const channel = new MessageChannel(); let tasks = 0
      channel.port1.onmessage = () => {
        const start = performance.now(); while (performance.now() - start < 5) {}
        if (++tasks < 300) channel.port2.postMessage(0)
        else document.getElementById('app').innerHTML = '<h1>Committed ' + 'by the scheduler</h1>'
      }
      addEventListener('load', () => { channel.port2.postMessage(0) })</script>`)],
    // the same, but the last task sends a request and the page is committed from its answer: a starved browser runs
    // the script that sends its next request after its network has long been quiet
    '/late-fetch-shell': () => ['text/html', page('<title>Loading</title>', `<div id="app"></div><script>
      const channel = new MessageChannel(); let tasks = 0
      channel.port1.onmessage = () => {
        const start = performance.now(); while (performance.now() - start < 5) {}
        if (++tasks < 120) return channel.port2.postMessage(0)
        fetch('/api/slow-content.json').then((r) => r.json()).then((c) => { document.getElementById('app').innerHTML = '<h1>' + c.text + '</h1>' })
      }
      addEventListener('load', () => { channel.port2.postMessage(0) })</script>`)],
    '/api/content.json': () => ['application/json', JSON.stringify({ title: 'Rendered shell', text: 'Text that only exists once the script ran.' })],
    '/ssr-canonical': () => ['text/html', page('<title>Server rendered</title>',
      '<h1>Server rendered</h1><script>const l = document.createElement("link"); l.rel = "canonical"; l.href = "/canonical-from-script"; ' +
      'document.head.appendChild(l)</script>')],
    // a page (or a polyfill of it) whose requestIdleCallback never calls back: what the page does is no verdict on when it settled
    '/idle-replaced': () => ['text/html', page('<title>Idle replaced</title>', '<script>window.requestIdleCallback = function () { return 1 }</script><h1>Idle replaced</h1>')],
    '/to-static': () => ['redirect', '/static'],
    // 2 KB that build a 12 MiB DOM: one string, its text nodes share it
    '/dom-flood': () => ['text/html', page('<title>Flood</title>', '<p>grown</p><div hidden id="d"></div><script>const s = "x".repeat(1 << 20); for (let i = 0; i < 12; i++) d.append(s)</script>')],
    '/loop': () => ['text/html', page('<title>Loop</title>', '<p>before the loop</p><script>for (;;) {}</script>')],
    '/alert': () => ['text/html', page('<title>Alert</title>', '<script>for (;;) alert("again")</script>')],
    '/hog': () => ['text/html', page('<title>Hog</title>', '<script>const a = []; for (;;) a.push(new Array(1e6).fill(Math.random()))</script>')],
    '/flood': () => ['text/html', page('<title>Flood</title>', '<script>for (let i = 0; i < 10000; i++) fetch("/n/" + i).catch(() => {})</script>')],
    '/redirect-private': () => ['redirect', `${privateOrigin()}/secret`],
    '/fetch-private': () => ['text/html', page('<title>Fetch private</title>', `<p id="out">waiting</p>
      <img src="${privateOrigin()}/img.png"><iframe src="${privateOrigin()}/frame"></iframe><iframe src="/to-private-frame"></iframe>
      <link rel="preconnect" href="${privateOrigin()}">
      <script>
        const out = []
        const tries = ['${privateOrigin()}/secret', 'http://169.254.169.254/latest/meta-data/', '/redirect-private']
        Promise.all(tries.map((u) => fetch(u).then(() => out.push('read ' + u), () => out.push('refused')))).then(() => {
          document.getElementById('out').textContent = out.join(',')
        })
        try { new WebSocket('${privateOrigin().replace('http', 'ws')}/ws') } catch {}
        try { new WebSocket('ws://' + location.host + '/ws') } catch {}
        try { new RTCPeerConnection() } catch { out.push('no-rtc') }
        window.open('${privateOrigin()}/popup')
        navigator.serviceWorker?.register('/sw.js').catch(() => {})
      </script>`)],
    // a link to a private address, followed once the page is loaded
    '/navigate-private': () => ['text/html', page('<title>Leaves</title>', `<p>loaded</p><a id="a" href="${privateOrigin()}/secret">x</a>
      <script>setTimeout(() => a.click(), 100)</script>`)],
    '/to-private-frame': () => ['redirect', `${privateOrigin()}/frame`],
    '/big': () => ['text/html', page('<title>Big</title>', `<p>${'x'.repeat(200_000)}</p><img src="/big.bin"><img src="/big.bin?2">`)],
    '/big.bin': () => ['application/octet-stream', 'y'.repeat(300_000)],
    // text painted at once, then an image without dimensions arriving 2.5 s later (after the first paint, even on a
    // loaded machine) pushes it down (a layout shift), and its load handler blocks the main thread for 400 ms
    '/vitals': () => ['text/html', page('<title>Vitals</title>', `<h1 style="font-size:40px">Largest text</h1>
      <img src="/late.svg" onload="const end = performance.now() + 400; while (performance.now() < end) {}">
      <p style="height: 400px; background: #ccc">after</p>`)],
    // the ways a page tries to leave its window or wear the service down (issue 32)
    '/trick/form-blank': () => ['text/html', page('<title>Form</title>',
      '<p>form</p><form id="f" action="/popup-target/form" target="_blank"></form><script>f.submit()</script>')],
    '/trick/link-blank': () => ['text/html', page('<title>Link</title>',
      '<p>link</p><a id="a" href="/popup-target/link" target="_blank">away</a><script>a.click()</script>')],
    // window.open itself is locked to return null; document.open with three arguments is window.open by another name
    '/trick/window-open': () => ['text/html', page('<title>Open</title>',
      '<p>open</p><script>window.open("/popup-target/open"); document.open("/popup-target/document-open", "_blank", "")</script>')],
    '/trick/iframe-refresh': () => ['text/html', page('<title>Refresh</title>', '<p>framed</p><iframe src="/trick/refresh-frame"></iframe>')],
    '/trick/refresh-frame': () => ['text/html', page('<meta http-equiv="refresh" content="0">', '<p>again</p>')],
    '/trick/download': () => ['text/html', page('<title>Download</title>', '<p>download</p><a id="a" href="/popup-target/file.bin" download>d</a><script>a.click()</script>')],
    '/trick/worker-flood': () => ['text/html', page('<title>Worker</title>',
      // the late image keeps the page loading while the worker starts and floods
      '<p>worker</p><img src="/late.svg"><script>new Worker("/trick/flood-worker.js")</script>')],
    // 16 MB of control characters, each sent by the browser as 6 bytes of JSON: 96 MB per argument or error
    '/trick/console-flood': () => ['text/html', page('<title>Console</title>',
      '<p id="o">logging</p><script>const s = "\\u0001".repeat(16e6); console.log(s, s, s, s, s, s); o.textContent = "logged"</script>')],
    '/trick/error-flood': () => ['text/html', page('<title>Errors</title>',
      '<p id="o">throwing</p><script>const s = "\\u0001".repeat(16e6); for (let i = 0; i < 6; i++) { setTimeout(() => { throw s }); Promise.reject(s) }; ' +
      'setTimeout(() => { o.textContent = "thrown" }, 50)</script>')],
    '/trick/image-flood': () => ['text/html', page('<title>Images</title>',
      '<p>images</p><script>let n = 0; setInterval(() => { for (let i = 0; i < 200; i++) new Image().src = "/i" + (n++) + ".png" }, 5)</script>')],
    // navigations without end, 1000 a timer tick: each is a message to the browser process, which all renders share
    '/trick/push-state-flood': () => ['text/html', page('<title>History</title>',
      '<p>history</p><script>let n = 0; setInterval(() => { for (let i = 0; i < 1000; i++) history.pushState({}, "", "/h" + (n++)) }, 0)</script>')],
    '/trick/replace-state-flood': () => ['text/html', page('<title>History</title>',
      '<p>history</p><script>let n = 0; setInterval(() => { for (let i = 0; i < 1000; i++) history.replaceState({}, "", "/h" + (n++)) }, 0)</script>')],
    '/trick/hash-flood': () => ['text/html', page('<title>History</title>',
      '<p>history</p><script>let n = 0; setInterval(() => { for (let i = 0; i < 1000; i++) location.hash = "h" + (n++) }, 0)</script>')],
    // a document Chromium downloads rather than shows
    '/trick/download-document': () => ['application/octet-stream', '<p>binary payload</p>'],
    '/trick/flood-worker.js': () => ['text/javascript', 'for (let i = 0; i < 300; i++) fetch("/n/w" + i).catch(() => {})'],
    '/trick/never-settles': () => ['text/html', page('<title>Busy network</title>', '<p>polling</p><script>setInterval(() => fetch("/n/" + Math.random()), 50)</script>')],
    '/late.svg': () => ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300"/></svg>'],
    '/api/slow-content.json': () => routes['/api/content.json']()
  }
  // answered only after this many ms
  const late: Record<string, number> = { '/late.svg': 2500, '/api/slow-content.json': 300 }
  return (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fixture.invalid').pathname
    const route = routes[path]
    if (late[path] !== undefined) {
      setTimeout(() => { const [type, body] = routes[path](); response.writeHead(200, { 'content-type': type }).end(body) }, late[path])
      return
    }
    const [type, body] = path.startsWith('/n/') ? ['text/plain', 'n'] : route?.() ?? ['text/plain', 'not found']
    if (type === 'redirect') response.writeHead(302, { location: body }).end()
    else response.writeHead(route === undefined && !path.startsWith('/n/') ? 404 : 200, { 'content-type': type }).end(body)
  }
}
