import { testConfig } from '@utility-apis/service-kit'
import type { BenchReport } from '../../../bench/harness.js'
import { buildApp } from '../src/app.js'
import { startFixtureServer } from '../test/helpers/fixture-server.js'
import { png } from '../test/helpers/images.js'

// Issue 15's time acceptance: a homepage declaring 6 logo candidates, on a site answering every request in 100 ms,
// is profiled in at most 3 round trips (the homepage, then the images in parallel, plus one).

const LATENCY_MS = 100
const HOST = 'six-logos.test'
const PATHS = ['/logo.png', '/wordmark.png', '/touch.png', '/touch-152.png', '/icon-192.png', '/icon-32.png']
const PAGE = `<!doctype html><title>Sixly</title><meta property="og:site_name" content="Sixly">
<script type="application/ld+json">{"@type":"Organization","name":"Sixly","url":"http://${HOST}/","logo":"${PATHS[0]}"}</script>
<header><a href="/"><img class="logo" src="${PATHS[1]}" alt="Sixly"></a></header>
<link rel="apple-touch-icon" sizes="180x180" href="${PATHS[2]}"><link rel="apple-touch-icon" sizes="152x152" href="${PATHS[3]}">
<link rel="icon" sizes="192x192" href="${PATHS[4]}"><link rel="icon" sizes="32x32" href="${PATHS[5]}">`

/** Requests grouped into round trips: a request arriving a latency after the start of the current one starts the next. */
function roundTrips (arrivals: number[]): number {
  let trips = 0
  let start = -Infinity
  for (const at of [...arrivals].sort((a, b) => a - b)) {
    if (at - start >= LATENCY_MS * 0.9) { trips++; start = at }
  }
  return trips
}

export async function logoRoundTrips (): Promise<BenchReport[]> {
  const arrivals: number[] = []
  const slow = (body: Buffer | string, type: string) => ({
    handler: (_request: unknown, response: import('node:http').ServerResponse) => {
      arrivals.push(performance.now())
      setTimeout(() => { response.writeHead(200, { 'content-type': type }); response.end(body) }, LATENCY_MS)
    }
  })
  const site = Object.fromEntries([['/', slow(PAGE, 'text/html')], ...PATHS.map((path, i) => [path, slow(png(32 + i * 30, 32 + i * 30), 'image/png')])])
  const server = await startFixtureServer({ [HOST]: site })
  try {
    const samples: Array<{ ms: number, trips: number, logos: number }> = []
    for (let i = 0; i < 3; i++) {
      // a new app each run, so that no profile comes from the cache
      const app = await buildApp({
        config: testConfig(),
        pressure: { maxEventLoopDelay: 60_000, maxEventLoopUtilization: 1 },
        fetchPolicy: { allowCidrs: ['127.0.0.1/32'], hostMap: { [HOST]: '127.0.0.1' } }
      })
      arrivals.length = 0
      const started = performance.now()
      const payload = { domain: `${server.origin(HOST)}/` }
      const res = await app.inject({ method: 'POST', url: '/v1/domain/profile', headers: { 'x-api-key': 'test-key' }, payload })
      samples.push({ ms: performance.now() - started, trips: roundTrips(arrivals), logos: res.json().logos.length })
      await app.close()
    }
    const worst = samples.reduce((a, b) => (b.trips > a.trips ? b : a))
    return [{
      name: `profile of a page declaring 6 logo candidates, ${LATENCY_MS} ms per response: round trips (worst of ` +
        `3; ${worst.logos} logos, ${Math.round(worst.ms)} ms)`,
      value: worst.trips,
      unit: 'round trips',
      target: '<= 3',
      pass: worst.trips <= 3 && worst.logos === 6
    }]
  } finally {
    await server.close()
  }
}
