import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOT, type BenchContext, type BenchReport } from '../../../bench/harness.js'
import { startFixtureServer, type FixtureSites } from '../test/fixtures/fixture-server.js'
import { html, text, urlset, words } from '../test/fixtures/html.js'
import { renderReports } from './render.js'
import { robotsMatchReports } from './robots-match.js'

// Two acceptance figures of the site service, measured on the service as deployed (`node dist/main.js`
// after `pnpm build`, configured through the environment), in a process of its own:
// - a 20-page site whose every response takes 100 ms is analysed (default sample of 5, and the homepage and
//   robots.txt fetched as each of the 14 AI crawlers and search engines) within 5 round trips, 500 ms, once the
//   service has analysed it once (the first, cold run is reported beside);
// - a service's peak RSS stays under 120 MB while it analyses a site with a 5 MB sitemap. The service runs with
//   NODE_OPTIONS=--max-semi-space-size=2, as deploy/k8s/site.yaml and docker-compose.yml start it, and with the
//   node flags of the image's CMD (--liftoff-only among them).
// The tsx loader the harness uses for TypeScript entries adds ~35 MB of its own, so it is not used here.
// Then, in this process, hostile robots.txt files against an ordinary one (bench/robots-match.ts).

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url))
const PAGES = 'pages.test'
const BIGMAP = 'bigmap.test'
const RUNS = 3
const MB = 1024 * 1024

function pagesSite (o: string): FixtureSites[string] {
  const links = Array.from({ length: 19 }, (_, i) => `<a href="/page-${i + 1}">Page ${i + 1}</a>`).join(' ')
  const page = (title: string, body: string): string =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><meta name="description" content="${words(12)}"></head>` +
    `<body><main><h1>${title}</h1><p>${words(300)}</p>${body}</main></body></html>`
  const site: FixtureSites[string] = {
    '/': html(page('Bench home page', links)),
    '/robots.txt': text(`User-agent: *\nAllow: /\nSitemap: ${o}/sitemap.xml\n`),
    '/sitemap.xml': text(urlset(Array.from({ length: 20 }, (_, i) => ({ loc: i === 0 ? `${o}/` : `${o}/page-${i}`, lastmod: '2026-02-01' }))),
      'application/xml'),
    '/llms.txt': text(`# Bench\n\n> A bench site.\n\n## Pages\n- [One](${o}/page-1)\n`)
  }
  for (let i = 1; i < 20; i++) site[`/page-${i}`] = html(page(`Page ${i}`, links))
  return site
}

/** About 5 MB of sitemap, under 50,000 URLs, so it is one valid file. */
function bigmapSite (o: string): FixtureSites[string] {
  const entries: Array<{ loc: string, lastmod: string }> = []
  let size = 0
  for (let i = 0; size < 5_000_000; i++) {
    const entry = { loc: `${o}/products/industrial-widgets/model-${String(i).padStart(6, '0')}-heavy-duty-stainless`, lastmod: '2026-01-15T10:00:00+00:00' }
    size += entry.loc.length + entry.lastmod.length + 40
    entries.push(entry)
  }
  return {
    '/': html(`<!doctype html><html lang="en"><head><title>Big sitemap</title></head><body><main><h1>Big</h1><p>${words(200)}</p></main></body></html>`),
    '/robots.txt': text(`User-agent: *\nAllow: /\nSitemap: ${o}/sitemap.xml\n`),
    '/sitemap.xml': text(urlset(entries), 'application/xml'),
    '*': html('<!doctype html><html><head><title>Product</title></head><body><h1>Product</h1></body></html>')
  }
}

async function freePort (): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** The flags the image starts node with (the Dockerfile's CMD, e.g. --liftoff-only), to bench the service as deployed. */
async function deployedNodeFlags (): Promise<string[]> {
  const cmd = /^CMD (\[.*\])$/m.exec(await readFile(join(ROOT, 'Dockerfile'), 'utf8'))
  if (cmd === null) throw new Error('Dockerfile: no CMD ["node", ..., "dist/main.js"] instruction')
  return (JSON.parse(cmd[1]) as string[]).filter((arg) => arg.startsWith('--'))
}

/** Peak resident set size of a process (VmHWM of /proc/<pid>/status, Linux), in bytes. */
async function peakRss (pid: number): Promise<number> {
  const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))
  if (kb === null) throw new Error('no VmHWM in /proc status')
  return Number(kb[1]) * 1024
}

async function startBuiltService (hosts: string[], extraEnv: Record<string, string> = {}): Promise<{ url: string, child: ChildProcess }> {
  const port = await freePort()
  const child = spawn(process.execPath, [...await deployedNodeFlags(), MAIN], {
    cwd: ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      API_KEYS: `bench-key:${Number.MAX_SAFE_INTEGER}`,
      LOG_LEVEL: 'silent',
      NODE_OPTIONS: '--max-semi-space-size=2',
      UNSAFE_FETCH_ALLOW_CIDRS: '127.0.0.1/32',
      // every name the analyses touch, www twins included, so that nothing reaches DNS
      UNSAFE_FETCH_HOST_MAP: hosts.flatMap((h) => [h, `www.${h}`]).map((h) => `${h}=127.0.0.1`).join(','),
      ...extraEnv
    }
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 100; i++) {
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) return { url, child }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill('SIGTERM')
  throw new Error('the site service did not start within 10 s')
}

async function analyze (service: string, url: string): Promise<{ status: number, json: any, ms: number }> {
  const started = performance.now()
  const headers = { 'content-type': 'application/json', 'x-api-key': 'bench-key' }
  const res = await fetch(`${service}/v1/site-intel/analyze`, { method: 'POST', headers, body: JSON.stringify({ url }) })
  const json = await res.json()
  return { status: res.status, json, ms: Math.round(performance.now() - started) }
}

async function crawlReports (_ctx: BenchContext): Promise<BenchReport[]> {
  const slow = await startFixtureServer((origin) => ({ [PAGES]: pagesSite(origin(PAGES)) }), { delayMs: 100 })
  const big = await startFixtureServer((origin) => ({ [BIGMAP]: bigmapSite(origin(BIGMAP)) }))
  const children: ChildProcess[] = []
  try {
    execFileSync('pnpm', ['--filter', '@utility-apis/site...', 'build'], { cwd: ROOT, stdio: 'ignore' })
    const service = await startBuiltService([PAGES, BIGMAP])
    children.push(service.child)
    // the first analysis also opens the connections and compiles the code paths: reported, not held to the target
    const cold = await analyze(service.url, slow.origin(PAGES))
    const times: number[] = []
    let ok = cold.status === 200
    let sampled = 0
    let crawlers = 0
    for (let i = 0; i < RUNS; i++) {
      const r = await analyze(service.url, slow.origin(PAGES))
      times.push(r.ms)
      sampled = r.json.observations?.sample.pages.length ?? 0
      crawlers = (r.json.ai_crawler_access?.fetched ?? []).filter((c: any) => c.http.status === 200).length
      ok &&= r.status === 200 && r.json.fetchability.ok === true && sampled === 5 && crawlers === 14 && r.json.observations.budget.exhausted === false
    }
    const worst = Math.max(...times)
    const afterPages = await peakRss(service.child.pid as number)
    // the sitemap's own peak, in a service of its own: the 20-page analyses leave their high-water mark behind
    const fresh = await startBuiltService([PAGES, BIGMAP])
    children.push(fresh.child)
    const started = await peakRss(fresh.child.pid as number)
    const r = await analyze(fresh.url, big.origin(BIGMAP))
    const file = r.json.observations?.sitemaps.files[0]
    const peak = Math.round(await peakRss(fresh.child.pid as number) / MB)
    return [
      ...robotsMatchReports(),
      {
        name: `analyze a 20-page site, 100 ms per response, sample of ${sampled}, ${crawlers} crawlers fetched as ` +
          `(worst of ${RUNS}: ${times.join(', ')} ms; the first, cold: ${cold.ms} ms)`,
        value: worst,
        unit: 'ms',
        target: '< 500 ms (5 round trips)',
        pass: ok && worst < 500
      },
      {
        name: `peak RSS of the service analysing a ${(file?.fetch.bytes ?? 0) / 1e6} MB sitemap of ${file?.entry_count ?? 0} URLs ` +
          `in ${r.ms} ms (at start: ${Math.round(started / MB)} MB; the 20-page service's peak: ${Math.round(afterPages / MB)} MB)`,
        value: peak,
        unit: 'MB',
        target: '< 120 MB',
        pass: r.status === 200 && file?.kind === 'urlset' && file.fetch.truncated === false && file.entry_count > 30_000 && peak < 120
      }
    ]
  } finally {
    for (const child of children) child.kill('SIGTERM')
    await slow.close()
    await big.close()
  }
}

export async function run (ctx: BenchContext): Promise<BenchReport[]> {
  const start = async (hosts: string[], env: Record<string, string>): Promise<{ url: string, pid: number, stop: () => void }> => {
    const { url, child } = await startBuiltService(hosts, env)
    return { url, pid: child.pid as number, stop: () => child.kill('SIGTERM') }
  }
  return [...await crawlReports(ctx), ...await renderReports(start, analyze)]
}
