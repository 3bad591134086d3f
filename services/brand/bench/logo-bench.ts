import { testConfig } from '@utility-apis/service-kit'
import { measureHttp, median, ratio, type BenchReport, type HttpResult } from '../../../bench/harness.js'
import { buildApp } from '../src/app.js'
import { LOGO_TIMEOUT_MS } from '../src/logo/logo-service.js'
import { LOGO_HOST, logoPath, startLogoSite } from './logo-fixture.js'

// Issue 36, acceptance 4: a cached 128 px PNG from the logo route against bare Fastify answering the same bytes, in
// rounds (each measures both, the median ratio is reported); and a cold logo (profile, fetch, render) against the
// profile's time budget.

const ROUNDS = 3
const TARGET = 0.6
const here = (file: string) => new URL(file, import.meta.url).pathname
const headers = { 'x-api-key': 'bench-key' }

async function coldMs (): Promise<number> {
  const site = await startLogoSite()
  const samples: number[] = []
  try {
    for (let i = 0; i < 3; i++) {
      // a new app each time: nothing cached
      const app = await buildApp({
        config: testConfig(),
        pressure: { maxEventLoopDelay: 60_000, maxEventLoopUtilization: 1 },
        fetchPolicy: { allowCidrs: ['127.0.0.1/32'], hostMap: { [LOGO_HOST]: '127.0.0.1' } }
      })
      const started = performance.now()
      const res = await app.inject({ method: 'GET', url: logoPath(site.origin(LOGO_HOST)), headers: { 'x-api-key': 'test-key' } })
      samples.push(performance.now() - started)
      if (res.headers['x-logo-source'] !== 'logo') throw new Error('the cold logo was not the site\'s')
      await app.close()
    }
  } finally {
    await site.close()
  }
  return median(samples)
}

export async function logoBench (): Promise<BenchReport[]> {
  const rounds: Array<{ service: HttpResult, bare: HttpResult }> = []
  for (let round = 0; round < ROUNDS; round++) {
    const bare = await measureHttp({ entry: here('./logo-baseline-server.ts'), path: '', headers })
    const service = await measureHttp({ entry: here('./logo-server.ts'), path: '', headers })
    rounds.push({ service, bare })
  }
  const ratios = rounds.map((r) => ratio(r.service, r.bare))
  const cold = await coldMs()
  return [
    {
      name: `logo route, cached 128 px PNG, of bare Fastify answering the same bytes (rounds ${ratios.join(', ')})`,
      value: median(rounds.map((r) => r.service.requestsPerSecond)),
      unit: 'req/s',
      ratio: median(ratios),
      target: `>= ${TARGET}`,
      pass: median(ratios) >= TARGET && rounds.every((r) => r.service.non2xx === 0 && r.bare.non2xx === 0)
    },
    { name: 'bare Fastify answering the 128 px PNG (median)', value: median(rounds.map((r) => r.bare.requestsPerSecond)), unit: 'req/s', pass: true },
    {
      name: 'a cold logo: profile, fetch and render of a 180 px touch icon on a local site (median of 3)',
      value: Math.round(cold),
      unit: 'ms',
      target: `<= ${LOGO_TIMEOUT_MS} (the profile's budget)`,
      pass: cold <= LOGO_TIMEOUT_MS
    }
  ]
}
