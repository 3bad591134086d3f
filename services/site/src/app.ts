import { createSafeFetcher, type FetchPolicy, type SafeFetcher } from '@utility-apis/safe-fetch'
import { createRenderer, type Renderer } from '@utility-apis/renderer'
import { buildService, type KitOptions } from '@utility-apis/service-kit'
import { analyzeRoute } from './routes/analyze.route.js'
import { robotsSimulateRoute } from './routes/robots-simulate.route.js'
import { robotsTestRoute } from './routes/robots-test.route.js'

export interface BuildAppOptions extends KitOptions {
  /** Outbound fetch policy; tests pass an allow-list, host map and resolver for fixture sites on 127.0.0.1. */
  fetchPolicy?: FetchPolicy
  /** The clock of lastmod ages and of `analyzed_at` (the quota window uses the kit's `clock`, if given, too). */
  clock?: () => Date
  /** Render pages in this Chromium (main.ts: RENDERER=chromium); unset: rendering is disabled. */
  renderer?: { executablePath: string, maxConcurrent?: number }
}

export async function buildApp (options: BuildAppOptions) {
  const clock = options.clock ?? (() => new Date())
  return await buildService({
    name: 'site',
    version: '0.1.0',
    title: 'Website intelligence API',
    description: 'How well crawlers, AI answer engines and link previews understand a public website: an explained technical ' +
      'crawl score, a capped answer-engine (AEO) authority score and prioritised gaps with evidence, plus a robots.txt tester ' +
      'and a robots.txt change simulator.',
    tags: [{ name: 'site-intel', description: 'Website analysis and robots.txt testing' }],
    routes: async (app) => {
      const fetcher = createSafeFetcher(options.fetchPolicy ?? options.config.fetchPolicy)
      // one safe fetcher per crawler user agent, made on first use: safe-fetch keeps the user agent per fetcher
      const crawlerFetchers = new Map<string, SafeFetcher>()
      const fetchAs = (userAgent: string): SafeFetcher => {
        let crawler = crawlerFetchers.get(userAgent)
        if (crawler === undefined) {
          crawler = createSafeFetcher({ ...(options.fetchPolicy ?? options.config.fetchPolicy), userAgent })
          crawlerFetchers.set(userAgent, crawler)
        }
        return crawler
      }
      // the browser starts on the first render, with every page request through this app's fetcher
      const renderer: Renderer | null = options.renderer === undefined ? null : createRenderer({ ...options.renderer, fetcher })
      // launched before the first request, so no analysis pays for it; a missing browser is reported, not fatal
      app.addHook('onReady', async () => {
        await renderer?.start().catch((error: Error) => { app.log.warn({ err: { type: error.name, message: error.message } }, 'the renderer did not start') })
      })
      app.addHook('onClose', async () => {
        await renderer?.close()
        await Promise.all([fetcher, ...crawlerFetchers.values()].map(async (f) => { await f.close() }))
      })
      await app.register(analyzeRoute, { fetcher, fetchAs, clock, renderer })
      await app.register(robotsTestRoute, { fetcher })
      await app.register(robotsSimulateRoute, { fetcher, clock })
    }
  }, options)
}
