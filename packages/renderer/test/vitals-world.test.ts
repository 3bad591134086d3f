// The vitals are gathered and read where the page's scripts cannot reach: a page that rewrites the in-page
// measurement (the renderer's old vitals object, performance.now, the entries' times) still gets its own numbers, and
// one that makes that object return hundreds of MB sends none of it to this process.
import { expect, it } from 'vitest'
import { browserSuite, withRenderer } from './helpers/chromium.js'

// painted at once, then, once that paint is reported (TBT counts only after it), 1.5 s of script blocking the main
// thread: TBT well over a second, however slow the machine
const SLOW = `let blocked = false
  new PerformanceObserver(() => {
    if (blocked) return
    blocked = true
    setTimeout(() => { const end = Date.now() + 1500; while (Date.now() < end) {} })
  }).observe({ type: 'paint', buffered: true })`

// what a page could change in its own world: the object the renderer gathered into there, the clock it read, and the
// times of the entries its observers got
const FAKED = `<!doctype html><title>Faked</title><p>first paint</p><script>
  const fake = { lcp: 1, fcp: 1, cls: 0, last: 0, tasks: [] }
  const v = window.__renderVitals
  if (v === undefined) window.__renderVitals = fake
  else for (const [k, value] of Object.entries(fake)) Object.defineProperty(v, k, { get: () => value, set () {} })
  performance.now = () => 1e9
  for (const proto of [PerformanceEntry.prototype]) {
    Object.defineProperty(proto, 'startTime', { get: () => 1 })
    Object.defineProperty(proto, 'duration', { get: () => 0 })
  }
  ${SLOW}
</script>`

// 20 references to a 1M-character string of control characters (6 bytes each in JSON): 120 MB to whoever reads it
const HUGE = `<!doctype html><title>Huge</title><p>first paint</p><script>
  const big = '\\u0001'.repeat(1e6)
  const tasks = new Array(20).fill(big)
  const v = window.__renderVitals ?? (window.__renderVitals = {})
  for (const [k, value] of Object.entries({ fcp: 1, lcp: big, tasks })) Object.defineProperty(v, k, { get: () => value, set () {} })
  ${SLOW}
</script>`

// 200 shifts too small to matter, then one that does: the browser keeps the first 150 for a reader that comes once
// the page settled, so the large one is lost to it. A request held open until the shifts are done keeps the page from
// settling before then (the server answers /hold once /release comes).
const SHIFT_FLOOD = `<!doctype html><title>Shifts</title><p>first paint</p><div id="d" style="height:1px"></div><p>moved</p><script>
  fetch('/hold')
  let n = 0
  const step = () => {
    // a move under 3 px is no layout shift
    d.style.height = ((++n % 2) * 10 + 1) + 'px'
    if (n < 200) return requestAnimationFrame(step)
    d.style.height = '600px'
    requestAnimationFrame(() => { fetch('/release') })
  }
  requestAnimationFrame(step)
</script>`

const PAGES: Record<string, string> = { '/huge': HUGE, '/shift-flood': SHIFT_FLOOD, '/hold': '', '/release': '' }

browserSuite('vitals of a page that tampers with their measurement', () => {
  let held: (() => void) | null = null
  const setup = withRenderer(2, (request, response) => {
    const answer = (): void => { response.writeHead(200, { 'content-type': 'text/html' }).end(PAGES[request.url ?? ''] ?? FAKED) }
    if (request.url === '/hold') held = answer
    else answer()
    if (request.url === '/release') held?.()
  })

  it('reports what the page did, not the numbers it wrote for itself', async () => {
    const r = await setup.renderer.render(`${setup.site.origin}/faked`, { vitals: true, timeoutMs: 20_000 })
    const seen = JSON.stringify({ stopped: r.stopped, vitals: r.vitals })
    expect(r.stopped, seen).toBeNull()
    // the 1.5 s task blocks for more than a second past the 50 ms a task may take
    expect(r.vitals?.tbt_ms, seen).toBeGreaterThan(1000)
    expect(r.vitals?.fcp_ms, seen).toBeGreaterThan(1)
  })

  it('reads only numbers back from a page whose vitals object returns 120 MB, and holds no more memory for it', async () => {
    const before = process.memoryUsage().rss
    let peak = before
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss) }, 20)
    try {
      const r = await setup.renderer.render(`${setup.site.origin}/huge`, { vitals: true, timeoutMs: 20_000 })
      const seen = JSON.stringify({ stopped: r.stopped, vitals: r.vitals })
      expect(r.stopped, seen).toBeNull()
      expect(r.vitals?.tbt_ms, seen).toBeGreaterThan(1000)
      expect(typeof r.vitals?.lcp_ms, seen).toBe('number')
    } finally {
      clearInterval(sampler)
    }
    // reading 120 MB of JSON into this process would take several times that in strings and objects
    expect(peak - before).toBeLessThan(100 * 1024 * 1024)
  })

  it('reports no vitals, rather than a CLS short of the truth, when the browser dropped shifts before they were read', async () => {
    const r = await setup.renderer.render(`${setup.site.origin}/shift-flood`, { vitals: true, timeoutMs: 20_000 })
    expect([r.stopped, r.vitals]).toEqual([null, null])
  })
})
